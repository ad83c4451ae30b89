/**
 * i18n setup: THE zh-cn catalogue, one JSON file per namespace in `locales/zh-cn/` (common, layout,
 * auth, user, home, flow, plan, recharge, ...). Adding `locales/zh-cn/<ns>.json` is all a feature
 * needs to do: every file there is found at build time.
 *
 * The shell's namespaces (`EAGER_NAMESPACES`) are there before the first render; every other
 * namespace is a small JSON file fetched the first time a component calls `useTranslation('<ns>')`
 * (react-i18next suspends until it is there; the routes' Suspense shows the page spinner), so /login
 * stays small. In the built app no text is inside a JS chunk: the build embeds the shell's namespaces
 * and the other files' URLs in index.html (build/vite-catalogue-plugin.ts), so changing a text
 * renames at most that namespace's file, not every chunk.
 *
 * Use in components: `const { t } = useTranslation('ns')` then `t('key')`, or `t('otherNs:key')`
 * (a namespace used only through the `ns:key` prefix must also be listed in useTranslation, or be
 * eager). Outside React: `i18n.t('common:key')` with an eager namespace.
 * Keys must exist: src/lib/i18n-catalogue.test.ts scans src for them.
 */
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CATALOGUE_ELEMENT_ID, EAGER_NAMESPACES, type EmbeddedCatalogue } from './i18n-namespaces';
import { takeEarlyRequest } from './early-requests';

type Catalogue = Record<string, unknown>;

export { EAGER_NAMESPACES };

/** The built app's catalogue: embedded in index.html by the build (build/vite-catalogue-plugin.ts). */
function embeddedCatalogue(): EmbeddedCatalogue {
  const text = typeof document === 'undefined' ? null : document.getElementById(CATALOGUE_ELEMENT_ID)?.textContent;
  try {
    if (text) return JSON.parse(text) as EmbeddedCatalogue;
  } catch (error) {
    console.error('catalogue block unreadable', error);
  }
  return { resources: {}, urls: {} };
}

async function fetchNamespace(url: string): Promise<Catalogue> {
  // The page's start script may have asked for it already (src/app-start.js).
  const response = await (takeEarlyRequest(url) ?? fetch(url, { credentials: 'omit' }));
  if (!response.ok) throw new Error(`catalogue ${url}: ${response.status}`);
  return (await response.json()) as Catalogue;
}

let eagerResources: Record<string, Catalogue>;
let lazyLoaders: Record<string, () => Promise<Catalogue>>;

// The prerender of the public pages (an SSR build) has no document to read: it takes the files too.
if (import.meta.env.PROD && !import.meta.env.SSR) {
  const embedded = embeddedCatalogue();
  eagerResources = embedded.resources;
  lazyLoaders = Object.fromEntries(Object.entries(embedded.urls).map(([ns, url]) => [ns, () => fetchNamespace(url)]));
} else {
  // Development server, unit tests and the prerender: the JSON files themselves.
  const nsOf = (path: string) => path.replace(/^.*\/([\w-]+)\.json$/, '$1');
  const files = import.meta.glob<Catalogue>('/locales/zh-cn/*.json', { import: 'default' });
  const eagerFiles = import.meta.glob<Catalogue>(['/locales/zh-cn/common.json', '/locales/zh-cn/layout.json', '/locales/zh-cn/auth.json'], {
    eager: true,
    import: 'default',
  });
  eagerResources = Object.fromEntries(Object.entries(eagerFiles).map(([path, content]) => [nsOf(path), content]));
  lazyLoaders = Object.fromEntries(
    Object.entries(files)
      .filter(([path]) => !(nsOf(path) in eagerResources))
      .map(([path, load]) => [nsOf(path), load]),
  );
}

export const namespaces = [...Object.keys(eagerResources), ...Object.keys(lazyLoaders)];

const lazyNamespaceBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(_language, namespace, callback) {
    const load = lazyLoaders[namespace];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (content) => callback(null, content as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

void i18n
  .use(lazyNamespaceBackend)
  .use(initReactI18next)
  .init({
    lng: 'zh-CN',
    fallbackLng: false,
    supportedLngs: ['zh-CN'],
    load: 'currentOnly',
    resources: { 'zh-CN': eagerResources },
    partialBundledLanguages: true,
    ns: [...EAGER_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: true },
  });

/** Load namespaces ahead of rendering (tests; or prefetching a page's texts). */
export function loadNamespaces(...names: string[]) {
  return i18n.loadNamespaces(names);
}

export default i18n;
