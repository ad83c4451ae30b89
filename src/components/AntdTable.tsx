/** antd's Table as a module of its own, so it can be loaded lazily (see ResponsiveTable). */
export { Table as default } from 'antd';
