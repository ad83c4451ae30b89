/**
 * The running page's install offer: which path this browser has (./browser-class.ts), the held
 * `beforeinstallprompt` event, and whether the home page's card was dismissed.
 * - `captureInstallPrompt()` (src/main.tsx, before the first render: the event may come early) holds
 *   the event and drops it on `appinstalled`.
 * - `useInstallOffer()`: `{ path, inApp, ios, promptInstall() }`, re-rendering when the event comes or goes.
 * - The card: `installCardDismissed()`, `dismissInstallCard()` (remembered for 30 days),
 *   `offerInstallAgain()` (after a purchase the card shows again).
 */
import { useSyncExternalStore } from 'react';
import { browserClass, type BrowserClass } from './browser-class';

/** Chrome's event; not in TypeScript's DOM types. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let held: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function captureInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    // the browser's own mini-infobar stays away; the app offers installing where the user looks for it
    event.preventDefault();
    held = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    held = null;
    installed = true;
    changed();
  });
}

export function runsInstalled(): boolean {
  const standaloneDisplay = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return standaloneDisplay || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

function currentClass(): BrowserClass {
  return browserClass(navigator.userAgent, { standalone: installed || runsInstalled(), canPrompt: held !== null, maxTouchPoints: navigator.maxTouchPoints });
}

let snapshot: { key: string; value: BrowserClass } | null = null;
function getSnapshot(): BrowserClass {
  const value = currentClass();
  const key = JSON.stringify(value);
  if (snapshot?.key !== key) snapshot = { key, value };
  return snapshot.value;
}

const SERVER_SNAPSHOT: BrowserClass = { path: 'none', ios: false, android: false };

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Shows the browser's install dialog; the offer goes away once the app is installed (appinstalled). */
export async function promptInstall(): Promise<void> {
  const event = held;
  if (!event) return;
  // an event prompts once: a dismissed dialog waits for the browser's next event
  held = null;
  changed();
  await event.prompt();
}

/** The install path of this browser; `none` while prerendering (the page shows it once it runs). */
export function useInstallOffer(): BrowserClass {
  return useSyncExternalStore(subscribe, getSnapshot, () => SERVER_SNAPSHOT);
}

const DISMISSED_KEY = 'install-card-dismissed-at';
export const INSTALL_CARD_QUIET_DAYS = 30;

export function installCardDismissed(now = Date.now()): boolean {
  const at = Number(localStorage.getItem(DISMISSED_KEY));
  return at > 0 && now - at < INSTALL_CARD_QUIET_DAYS * 24 * 3600 * 1000;
}

export function dismissInstallCard(now = Date.now()) {
  localStorage.setItem(DISMISSED_KEY, String(now));
}

/** A purchase went through: the home page offers installing again. */
export function offerInstallAgain() {
  localStorage.removeItem(DISMISSED_KEY);
}
