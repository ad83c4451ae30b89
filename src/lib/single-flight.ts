/**
 * useSingleFlight: runs one user action at a time. A second press while the first is under way
 * (a double click, before the button has re-rendered as loading) is ignored, so it never sends a
 * second request. `pending` drives the button's loading state.
 */
import { useCallback, useRef, useState } from 'react';

export function useSingleFlight(): [pending: boolean, run: (action: () => Promise<unknown>) => Promise<void>] {
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback(async (action: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await action();
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);
  return [pending, run];
}
