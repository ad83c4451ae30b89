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

/** Local part of logging out: token, user info, cached per-user answers (service info) and caches. */
export function clearSession() {
  clearUserCaches();
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(USER_KEY);
  publish({ token: null, user: null });
  void mutate(routes.userData.path, undefined, { revalidate: false });
  void mutate(routes.serviceInfo.path, undefined, { revalidate: false });
}
