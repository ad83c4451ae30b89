/**
 * AfterFirstPaint: renders its children only once the page has painted and the browser is idle (at
 * most 300 ms later), in a transition. For the parts of a page below its first screen, or drawn
 * into a frame already reserved: their rendering, code and requests then neither delay the page's
 * first contentful paint nor lengthen the task that paints it.
 */
import { startTransition, useEffect, useState, type ReactNode } from 'react';

const IDLE_TIMEOUT_MS = 300;

function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 50); // Safari has no requestIdleCallback
  return () => clearTimeout(id);
}

export default function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The frame after the next one: the first has been painted by then.
    let cancelIdle = () => {};
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => {
        cancelIdle = whenIdle(() => startTransition(() => setPainted(true)));
      });
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
      cancelIdle();
    };
  }, []);
  return painted ? children : null;
}
