/** antd's QRCode as a module of its own, so it can be loaded lazily (see LazyQRCode), inside AntdProvider. */
import { QRCode, type QRCodeProps } from 'antd';
import AntdProvider from './AntdProvider';

export default function AntdQRCode(props: QRCodeProps) {
  return (
    <AntdProvider>
      <QRCode {...props} />
    </AntdProvider>
  );
}
