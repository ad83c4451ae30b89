/**
 * `lazyPart(factory)`: React.lazy that survives a deploy and a lost network, for every part loaded on
 * demand (a page, a dialog, a heavy antd component). When a lazy chunk is missing (the old index.html
 * asked for a hash that no longer exists) the page reloads once to get the new build, guarded by a
 * sessionStorage flag so it can never loop; the flag clears on the next successful load. A chunk that
 * fails while the device is offline is not missing: the part waits (its fallback stays) and loads
 * when the device is back online, and the page is never reloaded offline (where the service worker
 * does not control the tab yet, that shows the browser's error page and everything the tab held is
 * gone, a logout in progress included).
 */
import { lazy, type ComponentType } from 'react';

const RELOAD_FLAG = 'chunkReloadAt';

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function backOnline(): Promise<void> {
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

export function reloadOnceForMissingChunk(): boolean {
  if (isOffline()) return false;
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
  return lazy(() =>
    factory().catch(async (error: unknown) => {
      if (!isOffline()) throw error;
      await backOnline();
      return factory();
    }).then(
      (module) => {
        markChunksHealthy();
        return module;
      },
      (error: unknown) => {
        if (reloadOnceForMissingChunk()) return new Promise<{ default: T }>(() => {});
        throw error;
      },
    ),
  );
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
