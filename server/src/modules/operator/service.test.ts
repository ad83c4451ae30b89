import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { announcements, operators, users } from '../../tables.ts';
import { createAnnouncement, replaceAnnouncement, updateAnnouncement } from '../announcement/index.ts';
import { HOUR } from '../../lib/clock.ts';
import { call, createTestEnv, createTestUser, type TestEnv } from '../../../test/support/support.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ now: '2026-03-10T01:00:00Z' });
});
afterAll(() => env?.close());

describe('GET /api/wechat/qr-code', () => {
  it('gives visitors the default operator', async () => {
    const res = await call(env, 'GET', '/api/wechat/qr-code');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      wechatQr: '/service/wechat-qr.svg',
      avatar: '/service/operator-avatar.svg',
      nickname: '小美',
      remark: '有任何问题请扫码添加微信，工作时间内 10 分钟内回复',
      wechatId: '',
      phone: '',
    });
  });

  it('gives a user their own operator, and the default one when they have none (or a bad token)', async () => {
    const [own] = await env.ctx.db
      .insert(operators)
      .values({
        nickname: '阿强',
        avatar: '/a.png',
        wechatQr: '/qr-a.png',
        remark: '晚上也在',
        wechatId: 'aqiang_ops',
        phone: '13912345678',
      })
      .returning();
    const u = await createTestUser(env);
    await env.ctx.db.update(users).set({ operatorId: own!.id }).where(eq(users.id, u.id));
    expect((await call(env, 'GET', '/api/wechat/qr-code', { token: u.token })).body.data).toEqual({
      wechatQr: '/qr-a.png',
      avatar: '/a.png',
      nickname: '阿强',
      remark: '晚上也在',
      // a phone cannot scan its own screen: the ID to copy and a number to call
      wechatId: 'aqiang_ops',
      phone: '13912345678',
    });
    const none = await createTestUser(env);
    await env.ctx.db.update(users).set({ operatorId: null }).where(eq(users.id, none.id));
    expect((await call(env, 'GET', '/api/wechat/qr-code', { token: none.token })).body.data.nickname).toBe('小美');
    expect((await call(env, 'GET', '/api/wechat/qr-code', { token: 'not-a-token' })).body.data.nickname).toBe('小美');
  });
});

describe('GET /api/Announcement/get', () => {
  const top = () => call(env, 'GET', '/api/Announcement/get', { query: { type: 'top' } });

  it('answers the enabled top announcement', async () => {
    expect(await top()).toMatchObject({
      status: 200,
      body: { success: true, data: { content: expect.stringContaining('欢迎使用任务计划平台') } },
    });
  });

  it('respects the time window and the enabled flag; empty string when none', async () => {
    const now = env.clock.now().getTime();
    await replaceAnnouncement(env.ctx.db, 'top', '', env.clock.now());
    expect((await top()).body.data).toEqual({ content: '' });
    await createAnnouncement(
      env.ctx.db,
      { type: 'top', content: '维护通知', enabled: true, startsAt: new Date(now + HOUR), endsAt: new Date(now + 2 * HOUR) },
      env.clock.now(),
    );
    expect((await top()).body.data.content).toBe('');
    env.clock.advance(HOUR);
    expect((await top()).body.data.content).toBe('维护通知');
    env.clock.advance(HOUR);
    expect((await top()).body.data.content).toBe('');
    await replaceAnnouncement(env.ctx.db, 'top', '新公告', env.clock.now());
    expect((await top()).body.data.content).toBe('新公告');
    const [shown] = await env.ctx.db.select({ id: announcements.id }).from(announcements).where(eq(announcements.enabled, true));
    await updateAnnouncement(env.ctx.db, shown!.id, { enabled: false });
    expect((await top()).body.data.content).toBe('');
  });

  it('refuses an unknown or missing type with 400', async () => {
    const queries: Record<string, string>[] = [{}, { type: 'bottom' }, { type: "top' or 1=1" }, { type: 'top', extra: '1' }];
    for (const query of queries) {
      const res = await call(env, 'GET', '/api/Announcement/get', { query });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
