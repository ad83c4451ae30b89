/**
 * Session: the auth token and the user info, kept in sessionStorage (seed §3), exposed as a tiny
 * reactive store.
 *
 * Exports:
 * - `getToken()`, `getUserInfo()`, `isLogin()` (logged in = user info non-empty, seed §4),
 *   `userPhone()`, `userAvatarSrc(user?)`, `avatarSrc(name)`.
 * - `setSession(token, user)` after login/register, `setUserInfo(user)`.
 * - `useSession()`: `{ token, user, isLogin, userPhone, userAvatarSrc }`, re-renders on change.
 * - `useCurrentUser()`: SWR on `/api/user/user-data` (only with a token); keeps the stored user info
 *   fresh. Load failures are only logged (seed §8).
 * - `refreshCurrentUser()`: re-fetch user data (call after a payment so the top-bar balance updates).
 * - `logout()`: POST /api/user/logout (server revokes the token), clear the session, go to /login.
 *   `clearSession()` does the local part only (used for 401).
 * - `rememberInvite(id)`, `takeInvite()` / `peekInvite()`: the /smi|/sui invite id for /register.
 * - `rememberRedirect(path)`, `takeRedirect()`: the page a visitor first asked for.
 */
import { useSyncExternalStore } from 'react';
import useSWR, { mutate } from 'swr';
import { navigate } from 'wouter/use-browser-location';
import type { UserData } from '@common/api-types';
import { AVATAR_PRESETS } from '@common/domain';
import { apiGet, apiPost } from './api';
import { USER_DATA_PATH, SERVICE_INFO_PATH } from './api-paths';

/** The user as user-data answers it (also the `user` of login and registration). */
export type UserInfo = UserData;

const TOKEN_KEY = 'token';
const USER_KEY = 'userInfo';
const INVITE_KEY = 'inviteCode';
const REDIRECT_KEY = 'redirectAfterLogin';

function storage(): Storage | null {
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
const listeners = new Set<() => void>();

function publish(next: SessionSnapshot) {
  snapshot = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-read sessionStorage (tests, or another module wrote it directly). */
export function reloadSessionFromStorage() {
  publish({ token: storage()?.getItem(TOKEN_KEY) ?? null, user: readUser() });
}

export const getToken = () => snapshot.token;
export const getUserInfo = () => snapshot.user;
export const isLogin = () => snapshot.user !== null;
export const userPhone = () => snapshot.user?.phone ?? '';

const BASE = import.meta.env.BASE_URL;

/** Image URL of an avatar value: a preset name, an absolute URL, or the default avatar when empty. */
export function avatarSrc(avatar: string | null | undefined): string {
  if (avatar && (AVATAR_PRESETS as readonly string[]).includes(avatar)) return `${BASE}avatars/${avatar}.svg`;
  if (avatar && /^(https?:)?\/\//.test(avatar)) return avatar;
  return `${BASE}avatars/default.svg`;
}

export const userAvatarSrc = (user: UserInfo | null = snapshot.user) => avatarSrc(user?.avatar);

export function setSession(token: string, user: UserInfo) {
  const store = storage();
  store?.setItem(TOKEN_KEY, token);
  store?.setItem(USER_KEY, JSON.stringify(user));
  publish({ token, user });
  void mutate(USER_DATA_PATH, user, { revalidate: false });
}

export function setUserInfo(user: UserInfo) {
  if (!snapshot.token) return;
  storage()?.setItem(USER_KEY, JSON.stringify(user));
  publish({ ...snapshot, user });
}

/** Local part of logging out: token, user info and cached per-user answers (service info). */
export function clearSession() {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(USER_KEY);
  publish({ token: null, user: null });
  void mutate(USER_DATA_PATH, undefined, { revalidate: false });
  void mutate(SERVICE_INFO_PATH, undefined, { revalidate: false });
}

/** Log out: revoke the token server side (best effort), clear the session, replace the route with /login. */
export async function logout() {
  if (snapshot.token) {
    try {
      await apiPost('/api/user/logout', undefined, { silent: true });
    } catch (error) {
      console.warn('logout request failed', error);
    }
  }
  // Leave first, so the guard does not remember the page being left as "asked for".
  navigate('/login', { replace: true });
  clearSession();
}

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  isLogin: boolean;
  userPhone: string;
  userAvatarSrc: string;
}

export function useSession(): SessionState {
  const current = useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
  return {
    token: current.token,
    user: current.user,
    isLogin: current.user !== null,
    userPhone: current.user?.phone ?? '',
    userAvatarSrc: userAvatarSrc(current.user),
  };
}

async function fetchUserData(): Promise<UserInfo> {
  const user = await apiGet<UserInfo>(USER_DATA_PATH, undefined, { silent: true });
  setUserInfo(user);
  return user;
}

/** Current user from the server (falls back to the stored user info while loading). */
export function useCurrentUser() {
  const { token, user } = useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
  const swr = useSWR<UserInfo>(token ? USER_DATA_PATH : null, fetchUserData, {
    fallbackData: user ?? undefined,
    revalidateOnMount: true,
    onError: (error) => console.warn('load user info failed', error),
  });
  return { ...swr, user: token ? (swr.data ?? user) : null };
}

/** Re-fetch the user data (balance, level) everywhere it is shown. */
export function refreshCurrentUser() {
  if (!snapshot.token) return Promise.resolve(undefined);
  return mutate(USER_DATA_PATH, fetchUserData(), { revalidate: false }).catch((error) => {
    console.warn('refresh user info failed', error);
    return undefined;
  });
}

export function rememberInvite(id: string) {
  if (id) storage()?.setItem(INVITE_KEY, id);
}

export const peekInvite = () => storage()?.getItem(INVITE_KEY) ?? '';

export function takeInvite() {
  const id = peekInvite();
  storage()?.removeItem(INVITE_KEY);
  return id;
}

export function rememberRedirect(path: string) {
  storage()?.setItem(REDIRECT_KEY, path);
}

/** The page a visitor first asked for (never a visitor page), else '/'. Cleared once read. */
export function takeRedirect(): string {
  const store = storage();
  const path = store?.getItem(REDIRECT_KEY) ?? '';
  store?.removeItem(REDIRECT_KEY);
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}
