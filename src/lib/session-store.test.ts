import { afterEach, describe, expect, it } from 'vitest';
import type { UserInfo } from './session-store';
import { clearSession, getUserInfo, setSession, setUserInfo, subscribe } from './session-store';

const user = { phone: '13800138000', timeZone: 'Asia/Shanghai', avatar: 1, integral: 100 } as unknown as UserInfo;

describe('setUserInfo', () => {
  afterEach(() => clearSession());

  it('leaves the session and its readers alone when user-data answers what the session holds', () => {
    setSession('token-1', user);
    let notified = 0;
    const stop = subscribe(() => notified++);
    setUserInfo({ ...user });
    expect(notified).toBe(0);
    setUserInfo({ ...user, integral: 90 } as UserInfo);
    expect(notified).toBe(1);
    expect((getUserInfo() as unknown as { integral: number }).integral).toBe(90);
    expect(JSON.parse(sessionStorage.getItem('userInfo') ?? '{}').integral).toBe(90);
    stop();
  });
});
