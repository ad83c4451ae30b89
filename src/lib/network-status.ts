/**
 * Online status for the offline notice: the browser's `navigator.onLine` and its online/offline
 * events, plus what the API client saw (a request that failed at network level means offline until
 * the next request gets through: browsers can report "online" while nothing is reachable).
 * Exports: `reportNetworkFailure()`, `reportNetworkOk()` (the API client calls them), `isOnline()`,
 * `useOnline()`.
 */
import { useSyncExternalStore } from 'react';

let apiReachable = true;
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

export function reportNetworkFailure() {
  if (!apiReachable) return;
  apiReachable = false;
  notify();
}

export function reportNetworkOk() {
  if (apiReachable) return;
  apiReachable = true;
  notify();
}

export function isOnline(): boolean {
  const browserOnline = typeof navigator === 'undefined' || navigator.onLine !== false;
  return browserOnline && apiReachable;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onChange = () => {
    // back online according to the browser: give the API the benefit of the doubt again
    if (navigator.onLine) apiReachable = true;
    listener();
  };
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
