/**
 * A logout that holds when the server cannot be reached (offline, server down): the app keeps only
 * the token's SHA-256 (the server stores the same hash; nothing kept here can sign in) in
 * localStorage and sends it to POST /api/user/logout-hash when it can: at once, when the device comes
 * back online, and at the next start. Where the browser has Background Sync, the service worker
 * also queues the failed call and replays it itself (src/sw.ts).
 */
import { apiPost, ApiError } from './api';
import { LOGOUT_HASH_PATH } from './sw-rules';

const PENDING_KEY = 'pendingLogouts';

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readPending(): string[] {
  try {
    const parsed = JSON.parse(store()?.getItem(PENDING_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function writePending(hashes: string[]) {
  if (hashes.length) store()?.setItem(PENDING_KEY, JSON.stringify(hashes));
  else store()?.removeItem(PENDING_KEY);
}

export const pendingLogouts = readPending;

/** Hex SHA-256 of a token, as the server stores it. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Keeps a logout to send later. */
export function queueLogout(hash: string) {
  const pending = readPending();
  if (!pending.includes(hash)) writePending([...pending, hash]);
}

let flushing: Promise<void> | null = null;

/** Sends every kept logout; keeps the ones the server did not get (network down, server error). */
export function flushPendingLogouts(): Promise<void> {
  flushing ??= (async () => {
    for (const hash of readPending()) {
      try {
        await apiPost(LOGOUT_HASH_PATH, { tokenHash: hash }, { silent: true, timeout: 10_000 });
      } catch (error) {
        const retry = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
        if (retry) continue;
      }
      writePending(readPending().filter((item) => item !== hash));
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Sends kept logouts now and whenever the device comes back online. */
export function installPendingLogoutSender() {
  if (typeof window === 'undefined') return;
  window.addEventListener('online', () => void flushPendingLogouts());
  if (readPending().length) void flushPendingLogouts();
}
