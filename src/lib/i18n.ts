/**
 * i18n setup: THE zh-cn catalogue, one JSON file per namespace in `locales/zh-cn/` (common, layout,
 * auth, user, home, flow, plan, recharge, ...). Every file there is loaded eagerly at build time, so
 * adding `locales/zh-cn/<ns>.json` is all a feature needs to do.
 *
 * Use in components: `const { t } = useTranslation('ns')` then `t('key')`, or `t('otherNs:key')`.
 * Outside React: `i18n.t('ns:key')`. Keys must exist (src/lib/i18n-catalogue.test.ts checks).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

type Catalogue = Record<string, unknown>;

const files = import.meta.glob<Catalogue>('/locales/zh-cn/*.json', { eager: true, import: 'default' });

export const resources: Record<string, Catalogue> = Object.fromEntries(
  Object.entries(files).map(([path, content]) => [path.replace(/^.*\/([\w-]+)\.json$/, '$1'), content]),
);

export const namespaces = Object.keys(resources);

void i18n.use(initReactI18next).init({
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  resources: { 'zh-CN': resources },
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export default i18n;
