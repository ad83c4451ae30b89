/** antd's Table as a module of its own, so it can be loaded lazily (see ResponsiveTable), inside AntdProvider. */
import { Table } from 'antd';
import { provided } from './AntdProvider';

export default provided(Table);
