/** The QR code drawing antd's QRCode wraps (@rc-component/qrcode), as a module of its own so it loads lazily (see LazyQRCode). */
export { QRCodeCanvas as default } from '@rc-component/qrcode';
