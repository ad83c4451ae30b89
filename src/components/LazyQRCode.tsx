/**
 * antd's QRCode, loaded after the page that shows it has painted: an empty square of the code's
 * size (padding and border included) stands in until its code arrives, so nothing moves.
 */
import { Suspense } from 'react';
import type { QRCodeProps } from 'antd';
import { lazyPart } from '@/lib/lazy-part';

const QRCode = lazyPart(() => import('./AntdQRCode'));

/** antd's QRCode draws the code `size` wide inside 12 px of padding and, when bordered, a 1 px border. */
const FRAME = 12 * 2;

export default function LazyQRCode(props: QRCodeProps) {
  const side = (props.size ?? 160) + FRAME + (props.bordered === false ? 0 : 2);
  return (
    <Suspense fallback={<span className="qr-placeholder" style={{ width: side, height: side }} aria-hidden="true" />}>
      <QRCode {...props} />
    </Suspense>
  );
}
