/**
 * The service worker (built by vite-plugin-pwa's injectManifest into /sw.js).
 * - Precache: the app shell, the prerendered public pages and hashed assets listed once in
 *   `self.__WB_MANIFEST`; navigations to a prerendered page answer its own file, the others
 *   /index.html (never /api, /smi, /sui).
 * - Runtime caches: the rules of ./lib/sw-rules.ts (public API answers under header-less keys,
 *   images only as readable 200s).
 * - A logout the device could not send (POST /api/user/logout-hash, the token's SHA-256 only) is
 *   queued with Background Sync where the browser has it; the app also retries it itself.
 * - A new version waits until the app asks it to take over (`SKIP_WAITING` from the update prompt).
 */
/// <reference lib="webworker" />
import { BackgroundSyncPlugin } from 'workbox-background-sync';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { PRERENDERED_PAGES } from '../common/prerendered-pages';
import {
  assetOriginOf,
  CACHEABLE_STATUSES,
  headerlessKey,
  IMAGE_CACHE,
  imageFetchRequest,
  isPublicApi,
  isRuntimeImage,
  LOGOUT_HASH_PATH,
  LOGOUT_QUEUE,
  PUBLIC_API_CACHE,
  withoutCredentials,
} from './lib/sw-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const assetOrigin = assetOriginOf(import.meta.env.BASE_URL);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Matched on path and query: /login?invite=... is the login page too.
for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
  registerRoute(new NavigationRoute(createHandlerBoundToURL(`/${file}`), { allowlist: [new RegExp(`^${path}(\\?|$)`)] }));
}
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/smi(\/|$)/, /^\/sui(\/|$)/] }));

registerRoute(
  ({ url, sameOrigin }) => isPublicApi(url, sameOrigin),
  new StaleWhileRevalidate({
    cacheName: PUBLIC_API_CACHE,
    plugins: [
      {
        requestWillFetch: async ({ request }) => withoutCredentials(request),
        cacheKeyWillBeUsed: async ({ request }) => headerlessKey(request),
      },
      new CacheableResponsePlugin({ statuses: CACHEABLE_STATUSES }),
      new ExpirationPlugin({ maxEntries: 10, maxAgeSeconds: 24 * 60 * 60 }),
    ],
  }),
  'GET',
);

registerRoute(
  ({ request, url }) => isRuntimeImage(request, url),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      { requestWillFetch: async ({ request }) => imageFetchRequest(request, assetOrigin, self.location.origin) },
      new CacheableResponsePlugin({ statuses: CACHEABLE_STATUSES }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === LOGOUT_HASH_PATH,
  new NetworkOnly({ plugins: [new BackgroundSyncPlugin(LOGOUT_QUEUE, { maxRetentionTime: 7 * 24 * 60 })] }),
  'POST',
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
