/**
 * What the service worker (src/sw.ts) caches at run time, shared with the app (logout empties the
 * caches that may hold something of the user; the API client sends public calls without a token).
 *
 * - Public API answers (price table, top announcement) are cached stale-while-revalidate under a
 *   key that is only their URL: Cache Storage keeps a request's headers, and a stored `t-token`
 *   would be a live credential on disk. They are also fetched without the token (they need none).
 * - Images are cached only when the answer is a readable 200 (never opaque or error answers), and
 *   asked for in CORS mode from the asset origin (a CDN answering CORS), so they can be checked.
 * - Nothing else under /api/ is cached.
 */
import { API_PREFIX } from '../../common/routes';
import * as routes from '../../common/routes';

export const PUBLIC_API_CACHE = 'api-public';
export const IMAGE_CACHE = 'images';
/** Caches that may hold something of the signed-in user (their operator's QR code, avatars): emptied at logout. */
export const USER_CACHES: readonly string[] = [IMAGE_CACHE];

export const PUBLIC_API_PATHS: readonly string[] = [routes.planConfigFullData.path, routes.announcement.path];

/** Request headers never sent with a public call nor stored with one. */
export const CREDENTIAL_HEADERS: readonly string[] = ['t-token', 'authorization', 'cookie'];

/** Status codes an entry of a runtime cache may have. */
export const CACHEABLE_STATUSES = [200];

export const LOGOUT_HASH_PATH = routes.userLogoutHash.path;
/**
 * Calls the API client sends without the token: the public answers, and the kept logout (the
 * service worker's Background Sync stores that request, headers included, until it gets through).
 */
export const TOKENLESS_API_PATHS: readonly string[] = [...PUBLIC_API_PATHS, LOGOUT_HASH_PATH];
/** Background Sync queue that replays a logout the device could not send. */
export const LOGOUT_QUEUE = 'logout-hash';

export function isPublicApi(url: URL, sameOrigin: boolean): boolean {
  return sameOrigin && PUBLIC_API_PATHS.includes(url.pathname);
}

export function isRuntimeImage(request: Request, url: URL): boolean {
  return request.destination === 'image' && !url.pathname.startsWith(API_PREFIX);
}

/** The same GET without credential headers (what goes to the network and into the cache). */
export function withoutCredentials(request: Request): Request {
  const headers = new Headers(request.headers);
  for (const name of CREDENTIAL_HEADERS) headers.delete(name);
  return new Request(request.url, { headers, credentials: 'omit' });
}

/** The cache key of a public answer: its URL alone, no headers at all. */
export function headerlessKey(request: Request): Request {
  return new Request(request.url);
}

/**
 * An image request as it should go to the network: CORS mode for the asset origin (so the answer is
 * readable and only a 200 is kept), unchanged for other origins (their answers are opaque and not kept).
 */
export function imageFetchRequest(request: Request, assetOrigin: string | null, selfOrigin: string): Request {
  const url = new URL(request.url);
  if (url.origin === selfOrigin || url.origin !== assetOrigin || request.mode === 'cors') return request;
  return new Request(request.url, { mode: 'cors', credentials: 'omit' });
}

/** The absolute origin of an asset base URL (`https://cdn.example.com/app/`), or null for a path. */
export function assetOriginOf(base: string): string | null {
  return /^(https?:)?\/\//.test(base) ? new URL(base, 'https://invalid.invalid').origin : null;
}
