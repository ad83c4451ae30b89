/**
 * AfterPage: a part of the layout around the page (the top bar's user area, the floating nav, the
 * user-data refresh) rendered once the page has rendered and the browser is idle, at most 2 s
 * later: on a phone's few connections the page's own code and data go first.
 */
import type { ReactNode } from 'react';
import AfterFirstPaint from '@/components/AfterFirstPaint';

const LAYOUT_PARTS_WAIT_MS = 2000;

export default function AfterPage({ children }: { children: ReactNode }) {
  return <AfterFirstPaint maxWait={LAYOUT_PARTS_WAIT_MS}>{children}</AfterFirstPaint>;
}
