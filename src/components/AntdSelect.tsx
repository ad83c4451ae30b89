/** antd's Select as a module of its own, so it can be loaded lazily (see LazySelect). */
export { Select as default } from 'antd';
