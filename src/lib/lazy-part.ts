/**
 * `lazyPart(factory)`: React.lazy that survives a deploy and a lost network, for every part loaded on
 * demand (a page, a dialog, a heavy antd component). When a lazy chunk is missing (the old index.html
 * asked for a hash that no longer exists) the page reloads once to get the new build, guarded by a
 * sessionStorage flag so it can never loop; the flag clears on the next successful load. A chunk that
 * fails while the device is offline is not missing: the part waits (its fallback stays) and loads
 * when the device is back online, and the page is never reloaded offline (where the service worker
 * does not control the tab yet, that shows the browser's error page and everything the tab held is
 * gone, a logout in progress included). A failure counts as the network's when the device is
 * offline or was within the last few seconds: the failure of a request made offline can be handled
 * just after the device came back.
 */
import { lazy, type ComponentType } from 'react';

const RELOAD_FLAG = 'chunkReloadAt';

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** How long after being offline a failed chunk is still put down to the network. */
export const OFFLINE_GRACE_MS = 10_000;
let offlineUntil = 0;
if (typeof window !== 'undefined') {
  // 'online' ends an offline spell: the chunks asked for during it may fail a moment later.
  const noteOffline = () => {
    offlineUntil = Date.now();
  };
  window.addEventListener('offline', noteOffline);
  window.addEventListener('online', noteOffline);
}

/** Whether a chunk that failed just now failed because the device had no network. */
const failedOffline = () => isOffline() || Date.now() - offlineUntil < OFFLINE_GRACE_MS;

function backOnline(): Promise<void> {
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/** `retriedOnline`: the chunk failed again when asked for once more with the network back. */
export function reloadOnceForMissingChunk(retriedOnline = false): boolean {
  if (retriedOnline ? isOffline() : failedOffline()) return false;
  try {
    if (sessionStorage.getItem(RELOAD_FLAG)) return false;
    sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

export function markChunksHealthy() {
  try {
    sessionStorage.removeItem(RELOAD_FLAG);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPart<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>) {
  return lazy(() => {
    let retriedOnline = false;
    return factory()
      .catch(async (error: unknown) => {
        if (!failedOffline()) throw error;
        if (isOffline()) await backOnline();
        retriedOnline = true;
        return factory();
      })
      .then(
        (module) => {
          markChunksHealthy();
          return module;
        },
        (error: unknown) => {
          if (reloadOnceForMissingChunk(retriedOnline)) return new Promise<{ default: T }>(() => {});
          throw error;
        },
      );
  });
}

/**
 * Vite fires `vite:preloadError` when a dependency of a lazy chunk fails to load. Offline the
 * error goes on to the importer (lazyPart waits for the network).
 */
export function installPreloadErrorHandler() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForMissingChunk()) event.preventDefault();
  });
}
