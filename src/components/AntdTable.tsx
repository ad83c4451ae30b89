/** antd's Table as a module of its own, so it can be loaded lazily (see ResponsiveTable), inside AntdProvider. */
import { Table, type TableProps } from 'antd';
import AntdProvider from './AntdProvider';

export default function AntdTable(props: TableProps<object>) {
  return (
    <AntdProvider>
      <Table {...props} />
    </AntdProvider>
  );
}
