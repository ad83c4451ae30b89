/** antd's QRCode as a module of its own, so it can be loaded lazily (see LazyQRCode). */
export { QRCode as default } from 'antd';
