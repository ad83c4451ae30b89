/** antd's DatePicker and RangePicker as a module of their own, so they can be loaded lazily (see LazyDatePicker), inside AntdProvider. */
import { DatePicker } from 'antd';
import { provided } from './AntdProvider';

export default provided(DatePicker);
export const RangePicker = provided(DatePicker.RangePicker);
