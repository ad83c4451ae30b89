/**
 * The phone-sized viewport: at PHONE_MAX_WIDTH and below the layout is one column (styles.css), tables
 * become card lists and the floating nav's service item opens a dialog. `isPhoneWidth()` reads it
 * now; `useIsPhone()` follows it (false while a prerendered page hydrates, as at build time).
 */
import { useSyncExternalStore } from 'react';

export const PHONE_MAX_WIDTH = 720;
const PHONE_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

export function isPhoneWidth(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches === true;
}

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhoneWidth, () => false);
}
