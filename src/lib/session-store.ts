/**
 * The session store: the auth token and the user info, kept in sessionStorage (so a tab's login
 * ends with the tab), with change notification for React. It imports no API code, so the API client
 * can read the token from here; `./session` is the public face (hooks, logout) built on it.
 */
import * as routes from '@common/routes';
import { mutate } from 'swr';
import type { UserData } from '@common/api-types';
import { USER_CACHES } from './sw-rules';

/** The user as user-data answers it (also the `user` of login and registration). */
export type UserInfo = UserData;

/**
 * The business time zone the app shows dates and times in: the server's TZ_BUSINESS, learnt from
 * user-data. It lives here rather than with the formatters so the first load of every page does not
 * pull dayjs in, and not in a module of its own, which the bundler split into a request of its own.
 */
/** The server's default TZ_BUSINESS, used until user-data says otherwise. */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Shanghai';
let businessTimeZone = DEFAULT_BUSINESS_TIME_ZONE;

export function setBusinessTimeZone(timeZone: string) {
  // Checking a zone name builds an Intl formatter, costly on a slow phone: only for a new name.
  if (timeZone === businessTimeZone) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    businessTimeZone = timeZone;
  } catch {
    /* an unknown zone name: keep the one we have */
  }
}

export const getBusinessTimeZone = () => businessTimeZone;

const TOKEN_KEY = 'token';
const USER_KEY = 'userInfo';

/**
 * What a seller typed and has not sent yet (the publish form's drafts, the return point after a
 * top-up) is kept in this tab under `draft:` with the phone of who typed it ('' for a visitor):
 * only that seller reads it back; a logout drops it, and so does another account signing in on
 * the tab. A visitor's draft is taken over by whoever signs in (the visitor was them).
 */
const DRAFT_PREFIX = 'draft:';
const DRAFT_OWNER_KEY = 'draft-owner';
const draftOwner = () => snapshot.user?.phone ?? '';

function forgetDrafts(store: Storage) {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
  store.removeItem(DRAFT_OWNER_KEY);
}

/** The seller's unsent drafts in this tab, by name (see above). */
export const drafts = {
  get(name: string): string | null {
    const store = storage();
    const owner = store?.getItem(DRAFT_OWNER_KEY);
    if (!store || (owner && owner !== draftOwner())) return null;
    return store.getItem(DRAFT_PREFIX + name);
  },
  /** Throws when the storage is full or refused, as sessionStorage does. */
  set(name: string, value: string): void {
    const store = storage();
    if (!store) return;
    const owner = store.getItem(DRAFT_OWNER_KEY);
    if (owner && owner !== draftOwner()) forgetDrafts(store);
    store.setItem(DRAFT_OWNER_KEY, draftOwner());
    store.setItem(DRAFT_PREFIX + name, value);
  },
  remove(name: string): void {
    storage()?.removeItem(DRAFT_PREFIX + name);
  },
};

/** At sign-in: the drafts of another account are dropped; a visitor's become this seller's. */
function adoptDrafts(store: Storage, phone: string) {
  const owner = store.getItem(DRAFT_OWNER_KEY);
  if (owner === null) return;
  if (owner && owner !== phone) forgetDrafts(store);
  else store.setItem(DRAFT_OWNER_KEY, phone);
}

/** This tab's sessionStorage, or null where there is none (tests, privacy modes). */
export function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function readUser(): UserInfo | null {
  const raw = storage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as UserInfo | null;
    return parsed && typeof parsed === 'object' && Object.keys(parsed).length > 0 ? parsed : null;
  } catch {
    return null;
  }
}

interface SessionSnapshot {
  token: string | null;
  user: UserInfo | null;
}

let snapshot: SessionSnapshot = { token: storage()?.getItem(TOKEN_KEY) ?? null, user: readUser() };
if (snapshot.user?.timeZone) setBusinessTimeZone(snapshot.user.timeZone);
const listeners = new Set<() => void>();

function publish(next: SessionSnapshot) {
  snapshot = next;
  if (next.user?.timeZone) setBusinessTimeZone(next.user.timeZone);
  listeners.forEach((listener) => listener());
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-read sessionStorage (tests, or another module wrote it directly). */
export function reloadSessionFromStorage() {
  publish({ token: storage()?.getItem(TOKEN_KEY) ?? null, user: readUser() });
}

export const getToken = () => snapshot.token;
export const getUserInfo = () => snapshot.user;

export const getSnapshot = () => snapshot;

export function setSession(token: string, user: UserInfo) {
  const store = storage();
  if (store) adoptDrafts(store, user.phone);
  store?.setItem(TOKEN_KEY, token);
  store?.setItem(USER_KEY, JSON.stringify(user));
  publish({ token, user });
  void mutate(routes.userData.path, user, { revalidate: false });
}

export function setUserInfo(user: UserInfo) {
  if (!snapshot.token) return;
  const serialized = JSON.stringify(user);
  // The user-data answer a page load fetches is usually what the session holds already: leave the
  // snapshot (and every component that reads it) alone then, instead of rendering them all again.
  if (snapshot.user && serialized === JSON.stringify(snapshot.user)) return;
  storage()?.setItem(USER_KEY, serialized);
  publish({ ...snapshot, user });
}

/** Empties the service worker's caches that may hold something of the user. */
function clearUserCaches() {
  if (typeof caches === 'undefined') return;
  for (const name of USER_CACHES) void caches.delete(name).catch((error: unknown) => console.warn('cache delete failed', name, error));
}

/**
 * Local part of logging out: token, user info, cached per-user answers (service info), caches and
 * the seller's drafts. `keepDrafts` (an expired session, 401): the drafts stay for the same seller
 * signing in again, unreadable meanwhile and dropped if another account signs in.
 */
export function clearSession({ keepDrafts = false }: { keepDrafts?: boolean } = {}) {
  clearUserCaches();
  const store = storage();
  if (store && !keepDrafts) forgetDrafts(store);
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(USER_KEY);
  publish({ token: null, user: null });
  void mutate(routes.userData.path, undefined, { revalidate: false });
  void mutate(routes.serviceInfo.path, undefined, { revalidate: false });
}
