/** antd's DatePicker as a module of its own, so it can be loaded lazily (see LazyDatePicker). */
export { DatePicker as default } from 'antd';
