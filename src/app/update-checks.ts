/**
 * An app left open (installed, for days) must learn of a new version without a navigation: ask the
 * browser to check for a new service worker when the page becomes visible or gains focus again (at
 * most once a minute), and every hour while it stays open. Answers a function that stops the checks.
 */
export const MIN_CHECK_INTERVAL_MS = 60_000;
export const PERIODIC_CHECK_MS = 60 * 60_000;

export interface Updatable {
  update(): Promise<unknown>;
}

export function scheduleUpdateChecks(registration: Updatable, now: () => number = Date.now): () => void {
  let lastCheck = now();
  const check = (force: boolean) => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    if (!force && now() - lastCheck < MIN_CHECK_INTERVAL_MS) return;
    lastCheck = now();
    registration.update().catch((error: unknown) => console.warn('service worker update check failed', error));
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') check(false);
  };
  const onFocus = () => check(false);
  const timer = setInterval(() => check(true), PERIODIC_CHECK_MS);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', onFocus);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', onFocus);
  };
}
