/**
 * The running page's install offer: which path this browser has (./browser-class.ts, with the
 * held `beforeinstallprompt` of ./install-prompt.ts), and whether the home page's card was dismissed.
 * - `useInstallOffer()`: `{ path, inApp, ios }`, re-rendering when the event comes or goes;
 *   `promptInstall()` shows the browser's dialog.
 * - The card: `installCardDismissed()`, `dismissInstallCard()` (remembered for 30 days),
 *   `offerInstallAgain()` (after a purchase the card shows again).
 */
import { useSyncExternalStore } from 'react';
import { browserClass, type BrowserClass } from './browser-class';
import { appInstalledHere, canPromptInstall, subscribeInstallPrompt } from './install-prompt';

export { promptInstall } from './install-prompt';

function runsInstalled(): boolean {
  const standaloneDisplay = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return standaloneDisplay || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

function currentClass(): BrowserClass {
  return browserClass(navigator.userAgent, {
    standalone: appInstalledHere() || runsInstalled(),
    canPrompt: canPromptInstall(),
    maxTouchPoints: navigator.maxTouchPoints,
  });
}

let snapshot: { key: string; value: BrowserClass } | null = null;
function getSnapshot(): BrowserClass {
  const value = currentClass();
  const key = JSON.stringify(value);
  if (snapshot?.key !== key) snapshot = { key, value };
  return snapshot.value;
}

const SERVER_SNAPSHOT: BrowserClass = { path: 'none', ios: false };

/** The install path of this browser; `none` while prerendering (the page shows it once it runs). */
export function useInstallOffer(): BrowserClass {
  return useSyncExternalStore(subscribeInstallPrompt, getSnapshot, () => SERVER_SNAPSHOT);
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
