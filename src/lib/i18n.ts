/**
 * i18n setup: THE zh-cn catalogue, one JSON file per namespace in `locales/zh-cn/` (common, layout,
 * auth, user, home, flow, plan, recharge, ...). Adding `locales/zh-cn/<ns>.json` is all a feature
 * needs to do: every file there is found at build time.
 *
 * The shell's namespaces (`EAGER_NAMESPACES`) are bundled with the entry; every other namespace is
 * a small lazy chunk fetched the first time a component calls `useTranslation('<ns>')` (react-i18next
 * suspends until it is there; the routes' Suspense shows the page spinner), so /login stays small.
 *
 * Use in components: `const { t } = useTranslation('ns')` then `t('key')`, or `t('otherNs:key')`
 * (a namespace used only through the `ns:key` prefix must also be listed in useTranslation, or be
 * eager). Outside React: `i18n.t('common:key')` with an eager namespace.
 * Keys must exist: src/lib/i18n-catalogue.test.ts scans src for them.
 */
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

type Catalogue = Record<string, unknown>;

export const EAGER_NAMESPACES = ['common', 'layout', 'auth'] as const;

const eagerFiles = import.meta.glob<Catalogue>(['/locales/zh-cn/common.json', '/locales/zh-cn/layout.json', '/locales/zh-cn/auth.json'], {
  eager: true,
  import: 'default',
});
const lazyFiles = import.meta.glob<Catalogue>(['/locales/zh-cn/*.json', '!/locales/zh-cn/common.json', '!/locales/zh-cn/layout.json', '!/locales/zh-cn/auth.json'], {
  import: 'default',
});

const nsOf = (path: string) => path.replace(/^.*\/([\w-]+)\.json$/, '$1');

const eagerResources: Record<string, Catalogue> = Object.fromEntries(Object.entries(eagerFiles).map(([path, content]) => [nsOf(path), content]));
const lazyLoaders: Record<string, () => Promise<Catalogue>> = Object.fromEntries(Object.entries(lazyFiles).map(([path, load]) => [nsOf(path), load]));

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
