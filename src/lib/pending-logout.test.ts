import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch';
import { testUser } from '@/test/user';
import { flushPendingLogouts, pendingLogouts } from './pending-logout';
import { getToken, logout, reloadSessionFromStorage, setSession } from './session';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

describe('logout that holds offline', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    reloadSessionFromStorage();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('online: revokes the token with it and keeps nothing', async () => {
    setSession('tok-online', testUser);
    const { requests } = stubFetch(() => ({ body: { success: true, data: {} } }));
    await logout();
    expect(requests.map((r) => [r.url, r.headers['t-token']])).toEqual([['/api/user/logout', 'tok-online']]);
    expect(pendingLogouts()).toEqual([]);
    expect(getToken()).toBeNull();
  });

  it('offline: keeps only the token hash (never the token), sends it when back, then forgets it', async () => {
    setSession('tok-offline', testUser);
    const offline = vi.fn(async (_url: string, _init: RequestInit) => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', offline);
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await logout();
    await flushPendingLogouts();
    // the failed request is reported (in the console, for whoever debugs it), not hidden
    expect(warned).toHaveBeenCalledWith('logout request failed', expect.objectContaining({ status: 0 }));
    // the logout tried, and so did the kept logout, without the token: the service worker may store that request
    const tried = offline.mock.calls.map(([url, init]) => [url, (init.headers as Record<string, string>)['t-token']]);
    expect(tried[0]).toEqual(['/api/user/logout', 'tok-offline']);
    expect(tried.slice(1).length).toBeGreaterThan(0);
    expect(tried.slice(1)).toEqual(tried.slice(1).map(() => ['/api/user/logout-hash', undefined]));
    expect(getToken()).toBeNull();
    expect(pendingLogouts()).toEqual([hashOf('tok-offline')]);
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('tok-offline');

    // a server error keeps it too
    stubFetch(() => ({ status: 503, body: { success: false, message: '服务暂不可用' } }));
    await flushPendingLogouts();
    expect(pendingLogouts()).toEqual([hashOf('tok-offline')]);

    const { requests } = stubFetch(() => ({ body: { success: true, data: {} } }));
    await flushPendingLogouts();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: '/api/user/logout-hash', method: 'POST', body: { tokenHash: hashOf('tok-offline') } });
    expect(requests[0].headers['t-token']).toBeUndefined();
    expect(pendingLogouts()).toEqual([]);
  });
});

describe('logout outside a secure context (plain http: no crypto.subtle)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    reloadSessionFromStorage();
    const { crypto } = globalThis;
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('online: still revokes the token and signs out', async () => {
    setSession('tok-http', testUser);
    const { requests } = stubFetch(() => ({ body: { success: true, data: {} } }));
    await logout();
    expect(requests.map((r) => r.url)).toEqual(['/api/user/logout']);
    expect(getToken()).toBeNull();
  });

  it('offline: signs out locally although no hash can be kept', async () => {
    setSession('tok-http-offline', testUser);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await logout();
    // without crypto.subtle the hash cannot be made: said in the console, the session still ends
    expect(warned).toHaveBeenCalledWith('logout not kept', expect.any(TypeError));
    expect(warned).toHaveBeenCalledWith('logout request failed', expect.objectContaining({ status: 0 }));
    expect(getToken()).toBeNull();
    expect(pendingLogouts()).toEqual([]);
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('tok-http-offline');
  });
});
