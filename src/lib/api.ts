/**
 * THE API client (fetch based). Every call:
 * - sends `X-Requested-With: XMLHttpRequest`, and `t-token: <token>` when logged in (not to the public calls the
 *   service worker caches nor to the kept logout it may queue, see ./sw-rules.ts);
 * - unwraps the JSON body to `{ success, message, data }`;
 * - has no default timeout; pass `timeout` (ms) per call, e.g. `ITEM_LOOKUP_TIMEOUT` (30 s);
 * - on 401: clears the session (keeping the seller's drafts for them) and replaces the route with /login;
 * - retries once by itself, `RETRY_DELAY_MS` later, after a network error, 502, 503 or 504, when
 *   the request is safe to repeat: a GET, or a POST sent with an `idempotencyKey` (the server
 *   answers a repeat with the first answer, so a publish or a purchase happens once);
 * - on any other failure: shows an error toast with the server's Chinese message (3 s, 65px from
 *   the top) unless `silent: true`, then throws an `ApiError` (status 0 = network/timeout).
 *
 * Calls take a contract entry (common/routes.ts, whose answer type they infer) or a path made from
 * one (`pathOf`); what this file exports is what the app may use (no list of it is kept here).
 * Toasts come from `./toast`.
 */
import type { ApiRoute, HttpMethod } from '@common/routes';
import { navigate } from 'wouter/use-browser-location';
import i18n from './i18n';
import { reportNetworkFailure, reportNetworkOk } from './network-status';
import { toastError } from './toast';
import { clearSession, getToken } from './session-store';
import { noteDeploymentStage } from './deployment-stage';
import { takeEarlyRequest } from './early-requests';
import { PUBLIC_API_PATHS, TOKENLESS_API_PATHS } from './sw-rules';

export interface ApiEnvelope<T = unknown> {
  success: boolean;
  message?: string;
  data?: T;
}

export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface RequestOptions {
  /** Abort after this many ms (no timeout by default). */
  timeout?: number;
  /** Do not toast on failure (the caller shows its own feedback, or the failure is only logged). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`; makes a POST safe to retry. One per user action. */
  idempotencyKey?: string;
  /**
   * The fetch's priority: 'low' for a refresh of what the page already shows, so that on a phone's
   * few connections it queues behind the requests the page is waiting for.
   */
  priority?: RequestPriority;
}

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(status: number, message: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

export const ITEM_LOOKUP_TIMEOUT = 30_000;
/** Wait before the one automatic retry (a restarting server or a moment of lost network). */
export const RETRY_DELAY_MS = 1000;
/** Answers of a balancer or a draining server that the same request may get right a moment later. */
const RETRIED_STATUSES: readonly number[] = [502, 503, 504];

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

/** Public answers and the kept logout go without the token (they need none; see ./sw-rules.ts). */
function headers(path: string, contentType: string | null, idempotencyKey?: string): Record<string, string> {
  const result: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  const token = getToken();
  if (token && !TOKENLESS_API_PATHS.includes(path)) result['t-token'] = token;
  if (contentType) result['Content-Type'] = contentType;
  if (idempotencyKey) result['Idempotency-Key'] = idempotencyKey;
  return result;
}

/** A fresh Idempotency-Key (128 random bits in hex): one per user action. */
export function newIdempotencyKey(): string {
  // getRandomValues, unlike randomUUID, also exists outside secure contexts (plain http in a LAN)
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** 401 from any call: log out locally and go to /login. */
function handleUnauthorized() {
  // the seller may sign in again and go on with what they typed (kept for them only)
  clearSession({ keepDrafts: true });
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') navigate('/login', { replace: true });
}

function isOffline() {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

async function send(method: string, path: string, url: string, body: unknown, opts: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = opts.timeout ? setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), opts.timeout) : null;
  const onOuterAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    // A file goes as its own bytes and type (uploads); anything else as JSON.
    const file = body instanceof Blob ? body : null;
    // A signed-in page's first GETs left with the page itself (src/app-start.js): take that answer.
    const early = method === 'GET' && !opts.signal && !opts.timeout ? takeEarlyRequest(url) : undefined;
    if (early) return await early;
    return await fetch(url, {
      method,
      headers: headers(path, file ? file.type : body === undefined ? null : 'application/json', opts.idempotencyKey),
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: controller.signal,
      credentials: 'same-origin',
      priority: opts.priority,
    });
  } catch (error) {
    const timedOut = controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError';
    if (opts.signal?.aborted) throw error;
    if (!timedOut) reportNetworkFailure();
    const text = timedOut ? i18n.t('common:error.timeout') : isOffline() ? i18n.t('common:error.offline') : i18n.t('common:error.network');
    // a timeout carries its TimeoutError: the server may still be working, so it is not retried
    throw new ApiError(0, text, timedOut ? controller.signal.reason : error);
  } finally {
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}

async function readEnvelope<T>(response: Response): Promise<ApiEnvelope<T> | null> {
  try {
    const body = (await response.json()) as unknown;
    if (body && typeof body === 'object' && 'success' in body) return body as ApiEnvelope<T>;
    return null;
  } catch {
    return null;
  }
}

/** One attempt: the unwrapped body on success, else throws `ApiError`. */
async function attempt<T>(
  method: 'GET' | 'POST',
  path: string,
  query: Query | undefined,
  body: unknown,
  opts: RequestOptions,
): Promise<ApiEnvelope<T>> {
  const response = await send(method, path, buildUrl(path, query), body, opts);
  // answers the service worker may serve from its cache prove nothing about the network
  if (!PUBLIC_API_PATHS.includes(path)) reportNetworkOk();
  noteDeploymentStage(response);
  const envelope = await readEnvelope<T>(response);
  if (response.status === 401) {
    handleUnauthorized();
    throw new ApiError(401, envelope?.message || i18n.t('common:error.unauthorized'), envelope?.data);
  }
  if (!response.ok || !envelope || envelope.success === false) {
    throw new ApiError(response.status, envelope?.message || i18n.t('common:error.request'), envelope?.data);
  }
  return envelope;
}

/** A network error (not a timeout: the server may still be working) or a balancer's 502/503/504. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const timedOut = error.data instanceof DOMException && error.data.name === 'TimeoutError';
  return error.status === 0 ? !timedOut : RETRIED_STATUSES.includes(error.status);
}

function waitForRetry(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, RETRY_DELAY_MS);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** One call (and, when safe, one retry); resolves to the unwrapped body, throws `ApiError` otherwise. */
export async function apiRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  query?: Query,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<ApiEnvelope<T>> {
  const repeatable = method === 'GET' || Boolean(opts.idempotencyKey);
  try {
    try {
      return await attempt<T>(method, path, query, body, opts);
    } catch (error) {
      if (!repeatable || !isTransient(error)) throw error;
      await waitForRetry(opts.signal);
      return await attempt<T>(method, path, query, body, opts);
    }
  } catch (error) {
    const apiError = error instanceof ApiError ? error : null;
    // 401 redirects instead of toasting; aborted-by-caller requests are not errors to show.
    if (apiError && apiError.status !== 401 && !opts.silent) toastError(apiError.message);
    if (!apiError) console.warn('request aborted or failed', path, error);
    throw error;
  }
}

/**
 * What a call names: an entry of the route contract (common/routes.ts; its answer type comes along)
 * or a path made from one (`pathOf`, a URL an answer gave).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any request type: the caller passes the request
export type ApiTarget<T> = string | ApiRoute<HttpMethod, any, T>;

const pathOfTarget = <T>(target: ApiTarget<T>) => (typeof target === 'string' ? target : target.path);

export async function apiGet<T>(target: ApiTarget<T>, query?: Query, opts?: RequestOptions): Promise<T> {
  return (await apiRequest<T>('GET', pathOfTarget(target), query, undefined, opts)).data as T;
}

export async function apiPost<T>(target: ApiTarget<T>, body?: unknown, opts?: RequestOptions): Promise<T> {
  return (await apiRequest<T>('POST', pathOfTarget(target), undefined, body ?? {}, opts)).data as T;
}

/**
 * A POST that creates something or moves points (a publish, a purchase, a template save): a new
 * Idempotency-Key for this action, so its automatic retry can never do it twice.
 */
export function apiAction<T>(target: ApiTarget<T>, body?: unknown, opts?: Omit<RequestOptions, 'idempotencyKey'>): Promise<T> {
  return apiPost<T>(target, body, { ...opts, idempotencyKey: newIdempotencyKey() });
}

/** Uploads a file as the request body (its type as Content-Type); answers `data`. */
export async function apiUpload<T>(target: ApiTarget<T>, file: Blob, opts?: RequestOptions): Promise<T> {
  return (await apiRequest<T>('POST', pathOfTarget(target), undefined, file, opts)).data as T;
}

/** SWR fetcher: key is a path, or `[path, query]`. Errors toast (use your own fetcher to stay silent). */
export function swrFetcher<T>(key: string | readonly [string, Query?]): Promise<T> {
  if (typeof key === 'string') return apiGet<T>(key);
  return apiGet<T>(key[0], key[1]);
}

/** The message of a 429 envelope, if the answer is one. */
async function limitMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : null;
  } catch {
    return null;
  }
}

/**
 * A file the API makes on request (GET with a blob answer) saved as `filename`. Rejects with
 * "请求未授权" without a token and "请求错误" on a non-200 status; 401 also logs out.
 * `showLimit`: a 429 rejects with the server's message (how long to wait), for the data copy, which
 * the API limits; the spreadsheet export keeps the specification's "request error" for every non-200.
 */
export async function downloadFile(
  target: ApiTarget<unknown>,
  query: Query | undefined,
  filename: string,
  { showLimit = false }: { showLimit?: boolean } = {},
): Promise<void> {
  const path = pathOfTarget(target);
  const token = getToken();
  if (!token) throw new Error(i18n.t('common:error.unauthorized'));
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      headers: { 't-token': token, 'X-Requested-With': 'XMLHttpRequest' },
      credentials: 'same-origin',
    });
  } catch {
    throw new Error(i18n.t('common:error.request'));
  }
  if (response.status === 401) handleUnauthorized();
  if (response.status === 429 && showLimit) throw new ApiError(429, (await limitMessage(response)) ?? i18n.t('common:error.request'));
  if (response.status !== 200) throw new Error(i18n.t('common:error.request'));
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** Spreadsheet export: `downloadFile` saved as `<filename>.xlsx`. */
export const downloadXlsx = (target: ApiTarget<unknown>, query: Query | undefined, filename: string) =>
  downloadFile(target, query, filename.toLowerCase().endsWith('.xlsx') ? filename : `${filename}.xlsx`);
