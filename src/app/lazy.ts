/**
 * Lazy pages and app parts, built on `lazyPart` (src/lib/lazy-part: offline-safe, one reload for a
 * chunk a deploy removed), with their i18n catalogue and antd's provider.
 */
import type { ComponentType } from 'react';
import { loadNamespaces } from '@/lib/i18n';
import { antdProvided } from '@/components/lazy-antd';
import { lazyPart } from '@/lib/lazy-part';

export { installPreloadErrorHandler, markChunksHealthy, reloadOnceForMissingChunk } from '@/lib/lazy-part';

/**
 * `lazyPage(factory, namespaces?)`: `namespaces` are the page's i18n namespaces, fetched in parallel with its code (no waterfall of
 * chunk -> render -> catalogue). `Page.preload()` asks for both before React renders the page; the
 * first render then takes that load over instead of starting another.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>, namespaces: string[] = []) {
  const load = () =>
    Promise.all([factory(), namespaces.length ? loadNamespaces(...namespaces).catch(() => undefined) : undefined]).then(
      ([module]) => module,
    );
  let preloaded: Promise<{ default: T }> | undefined;
  const Page = lazyPart(() => {
    // Only the first load is taken over: a retry (offline, a missing chunk) asks afresh.
    const started = preloaded ?? load();
    preloaded = undefined;
    return started;
  });
  return Object.assign(Page, {
    preload() {
      preloaded ??= load();
      preloaded.catch(() => undefined); // reported when the page renders and takes it over
    },
  });
}

/**
 * `withAntd(factory, namespaces?)`: like `lazyPage`, for components that use antd: the component is
 * rendered inside `AntdProvider` (zh_CN, theme), whose code loads in parallel with the component's.
 */
export function withAntd<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>, namespaces: string[] = []) {
  return lazyPage(antdProvided(factory), namespaces);
}

const preloaded = new Set<string>();

/**
 * Starts a page's first API calls (`load`, SWR preloads) while its lazy code and catalogue load,
 * once per page (`name`): the page's own hooks take the requests over (and report their errors).
 * Later visits find the code loaded and fetch from the page itself.
 */
export function preloadDataOnce(name: string, load: () => Promise<unknown>) {
  if (preloaded.has(name)) return;
  preloaded.add(name);
  load().catch(() => undefined);
}
