/**
 * Lazy pages and app parts, built on `lazyPart` (src/lib/lazy-part: offline-safe, one reload for a
 * chunk a deploy removed), with their i18n catalogue and antd's provider.
 */
import { createElement, useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'wouter';
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

/**
 * `optionalPart(factory)`: a part of the layout the page works without (the bottom bar, the consent
 * panel), loaded as its own chunk. It shows once its code is there and nothing until then; a load
 * that fails is tried again at the next navigation. It never reloads the page and never takes the
 * page down with it, as a page's own missing chunk does (`lazyPage`).
 */
export function optionalPart<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>) {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  return function OptionalPart(props: P) {
    const [location] = useLocation();
    const [, setLoaded] = useState(false);
    useEffect(() => {
      if (Loaded) return;
      let mounted = true;
      loading ??= factory().then(
        (module) => {
          Loaded = module.default;
          loading = null;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      loading.then(
        () => mounted && setLoaded(true),
        () => undefined, // shown after a later navigation, when its load is tried again
      );
      return () => {
        mounted = false;
      };
    }, [location]);
    return Loaded ? createElement(Loaded, props) : null;
  };
}
