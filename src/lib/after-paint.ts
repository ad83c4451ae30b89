/**
 * `useAfterPaint(value)`: `value` as it was at the last paint, caught up once the browser has
 * painted the render that changed it. For what a tap changes beyond its own control (a tab's panel,
 * another platform's form): the tap's own answer (the tab marked, the switch moved) paints first,
 * and the heavy render (antd parts, a new form) starts only after that paint, in a transition.
 * useDeferredValue is not enough there: its render starts at once, and when the code it needs is
 * already loaded it commits before the browser has painted the tap, so the tap waits for it.
 */
import { startTransition, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

/** Runs `callback` once the next frame has been painted (at once in a hidden page, which paints no frame). */
export function afterNextPaint(callback: () => void): () => void {
  if (typeof document !== 'undefined' && document.hidden) {
    callback();
    return () => {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A task queued from the frame's animation callbacks runs after that frame's paint.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    return afterNextPaint(() => startTransition(() => setShown(value)));
  }, [value, shown]);
  return shown;
}

/**
 * A tap that changes the route (a tab, a platform switch): `choose(value)` marks `value` at once
 * (`chosen`, null otherwise) and goes to `pathOf(value)` once that has painted, since a route change
 * re-renders every part of the app that follows the location in one blocking render (wouter's
 * store cannot be a transition). A later tap replaces one still waiting; leaving the page drops it.
 */
export function useNavigateAfterPaint<T>(pathOf: (value: T) => string): [chosen: T | null, choose: (value: T) => void] {
  const [, navigate] = useLocation();
  const [chosen, setChosen] = useState<T | null>(null);
  const cancel = useRef<() => void>(() => {});
  useEffect(() => () => cancel.current(), []);
  const choose = (value: T) => {
    setChosen(value);
    cancel.current();
    cancel.current = afterNextPaint(() => {
      navigate(pathOf(value));
      setChosen(null);
    });
  };
  return [chosen, choose];
}
