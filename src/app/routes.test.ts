import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch';
import { logIn } from '@/test/user';
import { startRoute } from './routes';

const user = {
  phone: '13800138000',
  memberLevel: 1,
  memberLevelDesc: '普通会员',
  integral: 0,
  memberDeadline: null,
  avatar: null,
  inviteCode: 'ABC123',
};

describe('startRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("starts the first API calls of the page at a path, once: the plan list's page and counts", async () => {
    logIn(user, 't');
    const { requests } = stubFetch(() => ({ body: { success: true, data: { list: [], total: 0, page: 1, pageSize: 10 } } }));
    startRoute('/plan/list');
    startRoute('/plan/list');
    await vi.waitFor(() => expect(requests.length).toBe(2));
    expect(requests.map((request) => request.url.replace(/\?.*/, '')).sort()).toEqual(['/api/plan/count-data', '/api/plan/manage/list']);
  });

  it('asks for nothing on a path without a signed-in page of its own', async () => {
    logIn(user, 't');
    const { requests } = stubFetch(() => ({ body: { success: true, data: null } }));
    for (const path of ['/login', '/flow/xx', '/recharge/unknown', '/nowhere']) startRoute(path, { code: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
  });
});
