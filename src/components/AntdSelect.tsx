/** antd's Select as a module of its own, so it can be loaded lazily (see LazySelect), inside AntdProvider. */
import { Select } from 'antd';
import { provided } from './AntdProvider';

export default provided(Select);
