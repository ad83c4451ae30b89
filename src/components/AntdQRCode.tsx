/** antd's QRCode as a module of its own, so it can be loaded lazily (see LazyQRCode), inside AntdProvider. */
import { QRCode } from 'antd';
import { provided } from './AntdProvider';

export default provided(QRCode);
