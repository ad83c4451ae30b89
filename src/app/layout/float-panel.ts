/**
 * Whether the floating nav's customer-service panel is pinned open. It is shown by default where the
 * page keeps room for it beside the content (PANEL_ROOM_MIN_WIDTH and wider, in styles.css); a collapse or a
 * reopen by the user is remembered in localStorage and wins over the default. Phones never pin it:
 * there the 客服 item opens the 运营咨询 dialog instead.
 */
import { useSyncExternalStore } from 'react';
import { isPhoneWidth } from '@/lib/viewport';

export const PANEL_ROOM_MIN_WIDTH = 1280;
const STORAGE_KEY = 'floatServicePanel';

type Choice = 'shown' | 'collapsed';
const listeners = new Set<() => void>();
/** The choice storage would not keep (storage disabled or full): it lasts until the page reloads. */
let unsavedChoice: Choice | null = null;

function storedChoice(): Choice | null {
  if (unsavedChoice) return unsavedChoice;
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'shown' || value === 'collapsed' ? value : null;
  } catch {
    return null;
  }
}

const matches = (query: string) => typeof window !== 'undefined' && window.matchMedia?.(query).matches === true;

function pinned(): boolean {
  if (isPhoneWidth()) return false;
  const choice = storedChoice();
  return choice ? choice === 'shown' : matches(`(min-width: ${PANEL_ROOM_MIN_WIDTH}px)`);
}

export function setServicePanelPinned(shown: boolean) {
  const choice: Choice = shown ? 'shown' : 'collapsed';
  try {
    localStorage.setItem(STORAGE_KEY, choice);
    unsavedChoice = null;
  } catch {
    unsavedChoice = choice;
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('resize', listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('resize', listener);
    window.removeEventListener('storage', listener);
  };
}

export function useServicePanelPinned(): boolean {
  return useSyncExternalStore(subscribe, pinned, () => false);
}
