/**
 * A QR code in antd's QRCode look (LazyQRCode.css, `qr-code`: `size` wide and high, a 12 px padded
 * frame when bordered), drawn by @rc-component/qrcode, the library antd's QRCode wraps, without
 * antd's code. The drawing code loads (and the code is drawn) after the page has painted; the empty
 * frame is already the code's size, so nothing moves when it arrives.
 */
import { Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import AfterFirstPaint from './AfterFirstPaint';
import './LazyQRCode.css';

const QRCodeCanvas = lazyPart(() => import('./QRCodeCanvas'));

export interface QRCodeProps {
  value: string;
  size?: number;
  bordered?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}

export default function QRCode({ value, size = 160, bordered = true, 'aria-label': label, 'data-testid': testId }: QRCodeProps) {
  // antd's defaults: error correction M, its text colour on a transparent ground; named as an image when labelled.
  const named = label ? { role: 'img', 'aria-label': label } : {};
  return (
    <div className={bordered ? 'qr-code qr-code-bordered' : 'qr-code'} style={{ width: size, height: size }} data-testid={testId}>
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <QRCodeCanvas
            value={value}
            size={size}
            level="M"
            fgColor="rgba(0, 0, 0, 0.88)"
            bgColor="transparent"
            style={{ width: '100%', height: '100%' }}
            {...named}
          />
        </Suspense>
      </AfterFirstPaint>
    </div>
  );
}
