/**
 * The shell's namespaces: available before the first render (every page needs them). The other
 * namespaces of locales/zh-cn/ load when a component first asks for them. Read by the app
 * (./i18n.ts) and by the build (build/vite-catalogue-plugin.ts), which embeds these in index.html.
 */
export const EAGER_NAMESPACES = ['common', 'layout', 'auth'] as const;

/** Namespaces only the API server uses (the texts it answers); the build leaves them out of the app. */
export const SERVER_NAMESPACES = ['api'] as const;

/** Id of index.html's JSON data block holding the catalogue (built app only). */
export const CATALOGUE_ELEMENT_ID = 'i18n-catalogue';

/** What that block holds: the eager namespaces' texts, and the URL of every other namespace's file. */
export interface EmbeddedCatalogue {
  resources: Record<string, Record<string, unknown>>;
  urls: Record<string, string>;
}
