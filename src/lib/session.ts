/**
 * Session: the auth token and the user info (kept by ./session-store in sessionStorage), with the
 * hooks and calls built on them. The app imports the session from here.
 *
 * Exports:
 * - from the store: `getToken()`, `getUserInfo()` (logged in = user info non-empty),
 *   `setSession(token, user)` after login/register, `setUserInfo(user)`,
 *   `clearSession()`, `reloadSessionFromStorage()`, `UserInfo`.
 * - `userAvatarSrc(user?)`, `avatarSrc(name)`.
 * - `useSession()`: `{ token, user, isLogin, userPhone, userAvatarSrc }`, re-renders on change;
 *   `useIsLogin()` re-renders only when logging in or out.
 * - `useCurrentUser()`: SWR on `/api/user/user-data` (only with a token); keeps the stored user info
 *   fresh. Load failures are only logged, never toasted.
 * - `refreshCurrentUser()`: re-fetch user data (call after a payment so the top-bar balance updates).
 * - `logout()`: POST /api/user/logout (server revokes the token), clear the session, go to /login;
 *   offline, the logout is kept (token hash only) and sent later (./pending-logout.ts).
 *   `clearSession()` does the local part only (used for 401).
 * - `rememberInvite(id)`, `takeInvite()` / `peekInvite()`: the /smi|/sui invite id for /register.
 * - `rememberRedirect(path)`, `takeRedirect()`: the page a visitor first asked for.
 */
import { useSyncExternalStore } from 'react';
import useSWR, { mutate } from 'swr';
import { navigate } from 'wouter/use-browser-location';
import { AVATAR_PRESETS } from '@common/domain';
import { ApiError, apiGet, apiPost } from './api';
import { flushPendingLogouts, queueLogout, tokenHash } from './pending-logout';
import { clearSession, getSnapshot, setUserInfo, storage, subscribe, type UserInfo } from './session-store';
import { publicFileUrl } from './public-files';
import * as routes from '@common/routes';

export { clearSession, getToken, getUserInfo, reloadSessionFromStorage, setSession, setUserInfo, type UserInfo } from './session-store';

const INVITE_KEY = 'inviteCode';
const REDIRECT_KEY = 'redirectAfterLogin';

/** Image URL of an avatar value: a preset name, an absolute URL, or the default avatar when empty. */
export function avatarSrc(avatar: string | null | undefined): string {
  if (avatar && (AVATAR_PRESETS as readonly string[]).includes(avatar)) return publicFileUrl(`avatars/${avatar}.svg`);
  if (avatar && /^(https?:)?\/\//.test(avatar)) return avatar;
  return publicFileUrl('avatars/default.svg');
}

export const userAvatarSrc = (user: UserInfo | null = getSnapshot().user) => avatarSrc(user?.avatar);

const LOGOUT_TIMEOUT = 8000;

/**
 * Keeps a logout the server did not get. Outside a secure context (plain http) the browser has no
 * SHA-256 (crypto.subtle): nothing can be kept, and the local logout goes on regardless.
 */
async function keepLogout(token: string) {
  try {
    queueLogout(await tokenHash(token));
  } catch (error) {
    console.warn('logout not kept', error);
    return;
  }
  void flushPendingLogouts();
}

/**
 * Log out: revoke the token server side, clear the session, replace the route with /login. When the
 * server cannot be reached, only the token's hash is kept and the logout is sent once back online.
 */
export async function logout() {
  const token = getSnapshot().token;
  if (token) {
    try {
      await apiPost(routes.userLogout, undefined, { silent: true, timeout: LOGOUT_TIMEOUT });
    } catch (error) {
      console.warn('logout request failed', error);
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) await keepLogout(token);
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
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return {
    token: current.token,
    user: current.user,
    isLogin: current.user !== null,
    userPhone: current.user?.phone ?? '',
    userAvatarSrc: userAvatarSrc(current.user),
  };
}

const isLoginSnapshot = () => getSnapshot().user !== null;

/** Whether a user is logged in; re-renders only when that changes (not on every user info update). */
export function useIsLogin(): boolean {
  return useSyncExternalStore(subscribe, isLoginSnapshot, isLoginSnapshot);
}

async function fetchUserData(): Promise<UserInfo> {
  // Low priority: the stored user info is on screen meanwhile.
  const user = await apiGet<UserInfo>(routes.userData.path, undefined, { silent: true, priority: 'low' });
  setUserInfo(user);
  return user;
}

/** Current user from the server (falls back to the stored user info while loading). */
export function useCurrentUser() {
  const { token, user } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const swr = useSWR<UserInfo>(token ? routes.userData.path : null, fetchUserData, {
    fallbackData: user ?? undefined,
    revalidateOnMount: true,
    onError: (error) => console.warn('load user info failed', error),
  });
  return { ...swr, user: token ? (swr.data ?? user) : null };
}

/** Re-fetch the user data (balance, level) everywhere it is shown. */
export function refreshCurrentUser() {
  if (!getSnapshot().token) return Promise.resolve(undefined);
  return mutate(routes.userData.path, fetchUserData(), { revalidate: false }).catch((error) => {
    console.warn('refresh user info failed', error);
    return undefined;
  });
}

/**
 * The balance an answer states (a publish answers the balance after its charge), shown everywhere
 * at once without asking for the user data again.
 */
export function setCurrentBalance(integral: number) {
  const user = getSnapshot().user;
  if (!user) return;
  const updated = { ...user, integral };
  setUserInfo(updated);
  void mutate(routes.userData.path, updated, { revalidate: false });
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
