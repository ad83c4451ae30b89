/**
 * `useClientValue(read, prerendered)`: a value read from the browser at render (this tab's storage, a
 * media query) that the prerendered public pages could not know. While React hydrates such a page
 * it is `prerendered` (what the HTML was built with, so hydration matches), then `read()`; an
 * ordinary client render reads it at once. Values are compared with Object.is: return primitives.
 */
import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

export function useClientValue<T>(read: () => T, prerendered: T): T {
  return useSyncExternalStore(subscribeNothing, read, () => prerendered);
}
