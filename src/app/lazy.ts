/**
 * `lazyPage(factory)`: React.lazy that survives a deploy and a lost network. When a lazy chunk is
 * missing (the old index.html asked for a hash that no longer exists) the page reloads once to get
 * the new build, guarded by a sessionStorage flag so it can never loop; the flag clears on the next
 * successful load. A chunk that fails while the device is offline is not missing: the part waits
 * (its fallback stays) and loads when the device is back online, and the page is never reloaded
 * offline (where the service worker does not control the tab yet, that shows the browser's error page
 * and everything the tab held is gone, a logout in progress included).
 */
import { createElement, lazy, type ComponentType } from 'react';
import { loadNamespaces } from '@/lib/i18n';

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

/**
 * `namespaces`: the page's i18n namespaces, fetched in parallel with its code (no waterfall of
 * chunk -> render -> catalogue).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>, namespaces: string[] = []) {
  const load = () =>
    Promise.all([factory(), namespaces.length ? loadNamespaces(...namespaces).catch(() => undefined) : undefined]).then(
      ([module]) => module,
    );
  return lazy(() =>
    load().catch(async (error: unknown) => {
      if (!isOffline()) throw error;
      await backOnline();
      return load();
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
 * error goes on to the importer (lazyPage waits for the network).
 */
export function installPreloadErrorHandler() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForMissingChunk()) event.preventDefault();
  });
}

/**
 * `withAntd(factory, namespaces?)`: like `lazyPage`, for components that use antd: the component is
 * rendered inside `AntdProvider` (zh_CN, theme), whose code loads in parallel with the component's.
 */
export function withAntd<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>, namespaces: string[] = []) {
  return lazyPage(
    () =>
      Promise.all([factory(), import('./AntdProvider')]).then(([{ default: Inner }, { default: Provider }]) => ({
        default: (props: P) => createElement(Provider, null, createElement(Inner, props)),
      })),
    namespaces,
  );
}

const preloaded = new Set<string>();

/**
 * `<PreloadData name load />`: starts a page's first API calls (`load`, SWR preloads) while its lazy
 * code and catalogue load, once per page (`name`): rendered beside the lazy page, it runs before the
 * page suspends, and the page's own hooks take the requests over (and report their errors). Later
 * visits find the code loaded and fetch from the page itself.
 */
export function PreloadData({ name, load }: { name: string; load: () => Promise<unknown> }) {
  if (!preloaded.has(name)) {
    preloaded.add(name);
    load().catch(() => undefined);
  }
  return null;
}
