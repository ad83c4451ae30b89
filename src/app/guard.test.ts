import { describe, expect, it } from 'vitest';
import { decideGuard, inviteIdFromPath, isVisitorPath } from './guard';

describe('route guard rules', () => {
  it('lets visitors open only /login, /find-pwd, /register, /smi, /sui, /privacy', () => {
    for (const path of ['/login', '/find-pwd', '/register', '/smi/abc', '/sui/xyz', '/smi', '/sui', '/privacy']) {
      expect(decideGuard(path, '', false)).toEqual({ kind: 'pass' });
    }
  });

  it('sends visitors elsewhere to /login, remembering the page and its query', () => {
    expect(decideGuard('/', '', false)).toEqual({ kind: 'redirect', to: '/login', remember: '/' });
    expect(decideGuard('/plan/list', '?status=running', false)).toEqual({
      kind: 'redirect',
      to: '/login',
      remember: '/plan/list?status=running',
    });
    expect(decideGuard('/flow/tb', '', false)).toMatchObject({ kind: 'redirect' });
    expect(decideGuard('/user/center', '', false)).toMatchObject({ kind: 'redirect' });
    // look-alike prefixes are not visitor paths
    expect(isVisitorPath('/loginx')).toBe(false);
    expect(isVisitorPath('/registered')).toBe(false);
    expect(isVisitorPath('/suix/1')).toBe(false);
  });

  it('lets logged-in users pass anywhere but the visitor-only forms, which send them home', () => {
    for (const path of ['/', '/user/center', '/plan/list', '/recharge/member', '/sui/AB12', '/nowhere', '/loginx', '/privacy']) {
      expect(decideGuard(path, '', true)).toEqual({ kind: 'pass' });
    }
    for (const path of ['/login', '/register', '/find-pwd', '/login/']) {
      expect(decideGuard(path, '?invite=X', true)).toEqual({ kind: 'redirect', to: '/' });
    }
  });

  it('reads the invite id of /smi/{id} and /sui/{id}', () => {
    expect(inviteIdFromPath('/sui/AB12cd')).toBe('AB12cd');
    expect(inviteIdFromPath('/smi/x%20y')).toBe('x y');
    expect(inviteIdFromPath('/sui')).toBeNull();
    expect(inviteIdFromPath('/login')).toBeNull();
  });
});
