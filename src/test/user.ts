/** Test fixture: a plain logged-in user (level 1, 100 points). */
import { reloadSessionFromStorage, type UserInfo } from '@/lib/session';

export const testUser: UserInfo = {
  phone: '13800138000',
  memberLevel: 1,
  memberLevelDesc: '普通会员',
  integral: 100,
  memberDeadline: null,
  avatar: null,
  inviteCode: 'ABC123',
  discount: 1,
};

/** Starts a test logged in as `user` with `token`, as a page reload after login would find the session. */
export function logIn(user: object = testUser, token = 't') {
  sessionStorage.setItem('token', token);
  sessionStorage.setItem('userInfo', JSON.stringify(user));
  reloadSessionFromStorage();
}
