import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch';

vi.mock('@/lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

import * as toast from '@/lib/toast';
import { ApiError, apiGet, apiPost, downloadFile, downloadXlsx } from './api';
import { isOnline } from './network-status';
import { getToken, getUserInfo, reloadSessionFromStorage, setSession } from './session';
import { testUser } from '@/test/user';

const user = testUser;

describe('API client', () => {
  beforeEach(() => {
    sessionStorage.clear();
    reloadSessionFromStorage();
    window.history.replaceState(null, '', '/user/center');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends t-token and X-Requested-With and unwraps data', async () => {
    setSession('tok-1', user);
    const { requests } = stubFetch(() => ({ body: { success: true, data: { n: 1 } } }));
    await expect(apiGet('/api/plan/count-data', { flowType: 'tb', empty: '' })).resolves.toEqual({ n: 1 });
    expect(requests[0].url).toBe('/api/plan/count-data?flowType=tb');
    expect(requests[0].headers['t-token']).toBe('tok-1');
    expect(requests[0].headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('asks at the priority the caller gives (low for refreshes of what is on screen), else the browser default', async () => {
    setSession('tok-1', user);
    const { requests } = stubFetch(() => ({ body: { success: true, data: null } }));
    await apiGet('/api/user/user-data', undefined, { priority: 'low' });
    await apiGet('/api/plan/count-data');
    expect(requests.map((request) => request.priority)).toEqual(['low', undefined]);
  });

  it('sends no t-token when logged out', async () => {
    const { requests } = stubFetch(() => ({ body: { success: true, data: null } }));
    await apiPost('/api/user/pwd-login', { phone: '1' });
    expect(requests[0].headers['t-token']).toBeUndefined();
    expect(requests[0].headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(requests[0].body).toEqual({ phone: '1' });
  });

  it('on 401 logs out, replaces the route with /login and shows no toast', async () => {
    setSession('tok-expired', user);
    stubFetch(() => ({ status: 401, body: { success: false, message: '登录已过期，请重新登录' } }));
    const pushes = vi.spyOn(window.history, 'replaceState');
    const error = await apiGet('/api/user/user-data').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(getToken()).toBeNull();
    expect(getUserInfo()).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('userInfo')).toBeNull();
    expect(window.location.pathname).toBe('/login');
    expect(pushes).toHaveBeenCalled();
    expect(toast.toastError).not.toHaveBeenCalled();
  });

  it('shows the server message as an error toast and throws ApiError(status, message)', async () => {
    stubFetch(() => ({ status: 409, body: { success: false, message: '积分不足' } }));
    const error = (await apiPost('/api/plan/create', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('积分不足');
    expect(toast.toastError).toHaveBeenCalledWith('积分不足');
  });

  it('treats success:false on 200 as a failure too', async () => {
    stubFetch(() => ({ status: 200, body: { success: false, message: '验证码错误' } }));
    await expect(apiPost('/api/user/reset-pwd', {})).rejects.toMatchObject({ status: 200, message: '验证码错误' });
    expect(toast.toastError).toHaveBeenCalledWith('验证码错误');
  });

  it('falls back to a generic Chinese message when the body is not an envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    await expect(apiGet('/api/x')).rejects.toMatchObject({ status: 502, message: '请求错误' });
    expect(toast.toastError).toHaveBeenCalledWith('请求错误');
  });

  it('stays silent when asked to', async () => {
    stubFetch(() => ({ status: 500, body: { success: false, message: '服务器错误' } }));
    await expect(apiGet('/api/wechat/qr-code', undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toast.toastError).not.toHaveBeenCalled();
  });

  it('sends the public calls the service worker caches without the token, even when logged in', async () => {
    setSession('tok-2', user);
    const { requests } = stubFetch(() => ({ body: { success: true, data: [] } }));
    await apiGet('/api/plan/config/full-data');
    await apiGet('/api/Announcement/get', { type: 'top' });
    await apiGet('/api/user/user-data');
    expect(requests.map((r) => r.headers['t-token'])).toEqual([undefined, undefined, 'tok-2']);
  });

  it('reports the network down after a network failure and up after the next answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiGet('/api/user/user-data')).rejects.toMatchObject({ status: 0, message: '网络异常，请稍后重试' });
    expect(isOnline()).toBe(false);
    // a cached public answer (service worker) proves nothing
    stubFetch(() => ({ body: { success: true, data: { content: '' } } }));
    await apiGet('/api/Announcement/get', { type: 'top' });
    expect(isOnline()).toBe(false);
    await apiGet('/api/user/user-data');
    expect(isOnline()).toBe(true);
  });

  it('has no default timeout, but honours a per-call timeout', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_url: string, init: RequestInit) =>
            new Promise((_resolve, reject) => {
              init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
            }),
        ),
      );
      const slow = apiGet('/api/item/get', { url: 'x' }, { timeout: 30_000 }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(29_999);
      let settled = false;
      void slow.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = (await slow) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(0);
      expect(error.message).toBe('请求超时，请稍后重试');
    } finally {
      vi.useRealTimers();
    }
  });

  it('downloadXlsx rejects without a token with the "not authorized" message', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(downloadXlsx('/api/plan/manage/export', {}, 'plans')).rejects.toThrow('请求未授权');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('downloadXlsx rejects a non-200 answer with the "request error" message', async () => {
    setSession('tok-2', user);
    stubFetch(() => ({ status: 500, body: { success: false } }));
    await expect(downloadXlsx('/api/plan/manage/export', { status: 'running' }, 'plans')).rejects.toThrow('请求错误');
  });

  it("the data copy refused by its limit (429) rejects with the server's message; the spreadsheet keeps 请求错误", async () => {
    setSession('tok-2', user);
    stubFetch(() => ({ status: 429, body: { success: false, message: '下载数据过于频繁，请 42 分钟后再试' } }));
    await expect(downloadFile('/api/user/data-export', undefined, 'data.json', { showLimit: true })).rejects.toThrow(
      '下载数据过于频繁，请 42 分钟后再试',
    );
    await expect(downloadXlsx('/api/plan/manage/export', {}, 'plans')).rejects.toThrow('请求错误');
    stubFetch(() => ({ status: 429, body: 'not json' }));
    await expect(downloadFile('/api/user/data-export', undefined, 'data.json', { showLimit: true })).rejects.toThrow('请求错误');
  });

  it('downloadXlsx saves the blob as <name>.xlsx with the token', async () => {
    setSession('tok-3', user);
    const fetchMock = vi.fn(async () => new Response(new Blob(['PK']), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const createUrl = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    await downloadXlsx('/api/plan/manage/export', { status: 'running' }, '计划列表');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/plan/manage/export?status=running',
      expect.objectContaining({ headers: expect.objectContaining({ 't-token': 'tok-3' }) }),
    );
    expect(click).toHaveBeenCalled();
    expect(clicks).toEqual(['计划列表.xlsx']);
  });
});
