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
 * chunk -> render -> catalogue).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>, namespaces: string[] = []) {
  return lazyPart(() =>
    Promise.all([factory(), namespaces.length ? loadNamespaces(...namespaces).catch(() => undefined) : undefined]).then(
      ([module]) => module,
    ),
  );
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
