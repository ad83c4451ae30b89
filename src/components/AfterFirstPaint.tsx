/**
 * AfterFirstPaint: renders its children only once the page has painted and the browser is idle (at
 * most `maxWait` ms later, 300 by default), in a transition. For the parts of a page below its first
 * screen, or drawn into a frame already reserved: their rendering, code and requests then neither
 * delay the page's first contentful paint nor lengthen the task that paints it. A longer `maxWait`
 * lets the idle moment come once the page has rendered what it is loading (src/app/layout/AfterPage).
 */
import { startTransition, useEffect, useState, type ReactNode } from 'react';

const IDLE_TIMEOUT_MS = 300;

function whenIdle(callback: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 50); // Safari has no requestIdleCallback
  return () => clearTimeout(id);
}

/**
 * False until the page has painted with `active` true and the browser is idle (at most `maxWait` ms
 * later), then true for good (set in a transition). For content that comes in below what is first shown.
 */
export function useAfterFirstPaint(active = true, maxWait = IDLE_TIMEOUT_MS): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!active || painted) return;
    // The frame after the next one: the first has been painted by then.
    let cancelIdle = () => {};
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => {
        cancelIdle = whenIdle(() => startTransition(() => setPainted(true)), maxWait);
      });
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
      cancelIdle();
    };
  }, [active, painted, maxWait]);
  return painted;
}

export default function AfterFirstPaint({ children, maxWait }: { children: ReactNode; maxWait?: number }) {
  return useAfterFirstPaint(true, maxWait) ? children : null;
}
