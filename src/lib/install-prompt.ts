/**
 * The browser's offer to install (`beforeinstallprompt`, Chrome/Edge/Samsung), held from the start
 * (`captureInstallPrompt()` in src/main.tsx: the event may come before any page renders) until it is
 * used (`promptInstall()`) or the app is installed (`appinstalled`). `subscribeInstallPrompt`,
 * `canPromptInstall()`, `appInstalledHere()` for ./install-offer.ts. Small, for the entry chunk.
 */

/** Chrome's event; not in TypeScript's DOM types. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
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

export function subscribeInstallPrompt(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const canPromptInstall = () => held !== null;
export const appInstalledHere = () => installed;

/** Shows the browser's install dialog; the offer goes away once the app is installed (appinstalled). */
export async function promptInstall(): Promise<void> {
  const event = held;
  if (!event) return;
  // an event prompts once: a dismissed dialog waits for the browser's next event
  held = null;
  changed();
  await event.prompt();
}
