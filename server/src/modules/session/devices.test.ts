import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock.ts';
import { describeUserAgent } from './index.ts';
import { call, createTestEnv, createTestUser, type TestEnv } from '../../../test/support/support.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ now: '2026-03-10T01:00:00Z' });
});
afterAll(() => env?.close());

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const WECHAT_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; V2227A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20240301 MicroMessenger/8.0.48.2580(0x28003036) WeChat/arm64';
const EDGE_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const login = async (phone: string, password: string, userAgent: string) =>
  (await call(env, 'POST', '/api/user/pwd-login', { body: { phone, password }, headers: { 'user-agent': userAgent } })).body.data
    .token as string;
const userData = (token: string) => call(env, 'GET', '/api/user/user-data', { token });

describe('user agent', () => {
  it('names browser and system by a few rules', () => {
    expect(describeUserAgent(CHROME_WINDOWS)).toEqual({ browser: 'chrome', browserVersion: '140', os: 'windows', mobile: false });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'safari', browserVersion: '18', os: 'ios', mobile: true });
    expect(describeUserAgent(WECHAT_ANDROID)).toMatchObject({ browser: 'wechat', os: 'android', mobile: true });
    expect(describeUserAgent(EDGE_MAC)).toMatchObject({ browser: 'edge', os: 'macos' });
    expect(describeUserAgent('')).toEqual({ browser: 'other', browserVersion: '', os: 'other', mobile: false });
  });
});

describe('signed-in devices', () => {
  it('lists the live sessions with browser, system, address and last seen, this one marked', async () => {
    const u = await createTestUser(env);
    const laptop = await login(u.phone, u.password, CHROME_WINDOWS);
    env.clock.advance(10 * MINUTE);
    await login(u.phone, u.password, SAFARI_IPHONE);
    env.clock.advance(10 * MINUTE);

    const res = await call(env, 'GET', '/api/user/devices', { token: laptop });
    expect(res.status).toBe(200);
    const list = res.body.data as { id: number; browser: string; os: string; ip: string; lastSeenAt: string; current: boolean }[];
    expect(list).toHaveLength(3); // the fixture's own session too
    // most recently used first: the laptop asking now, the phone at its login, the fixture's session
    expect(list.map((d) => [d.browser, d.os, d.current, d.lastSeenAt])).toEqual([
      ['chrome', 'windows', true, '2026-03-10T01:20:00.000Z'],
      ['safari', 'ios', false, '2026-03-10T01:10:00.000Z'],
      ['other', 'other', false, '2026-03-10T01:00:00.000Z'],
    ]);
    expect(list[0]!.ip).toBe('127.0.0.1');
    expect(list.filter((d) => d.current)).toHaveLength(1);
    // another user's token sees only its own sessions
    const other = await createTestUser(env);
    expect((await call(env, 'GET', '/api/user/devices', { token: other.token })).body.data).toHaveLength(1);
  });

  it('writes last seen at most every 5 minutes', async () => {
    const u = await createTestUser(env);
    const seen = async () => (await call(env, 'GET', '/api/user/devices', { token: u.token })).body.data[0].lastSeenAt as string;
    const first = await seen();
    env.clock.advance(2 * MINUTE);
    expect(await seen()).toBe(first);
    env.clock.advance(4 * MINUTE);
    expect(await seen()).not.toBe(first);
  });

  it('signs out one device (only the owner can), or all others', async () => {
    const u = await createTestUser(env);
    const a = await login(u.phone, u.password, CHROME_WINDOWS);
    const b = await login(u.phone, u.password, SAFARI_IPHONE);
    const list = (await call(env, 'GET', '/api/user/devices', { token: a })).body.data as { id: number; browser: string }[];
    const bId = list.find((d) => d.browser === 'safari')!.id;

    const stranger = await createTestUser(env);
    expect(await call(env, 'POST', '/api/user/devices/logout', { token: stranger.token, body: { id: bId } })).toMatchObject({
      status: 404,
      body: { success: false, message: '设备不存在或已退出' },
    });
    expect((await userData(b)).status).toBe(200);
    expect(await call(env, 'POST', '/api/user/devices/logout', { token: a, body: { id: 'x' } })).toMatchObject({
      status: 400,
      body: { success: false, message: '请选择设备' },
    });

    expect((await call(env, 'POST', '/api/user/devices/logout', { token: a, body: { id: bId } })).status).toBe(200);
    expect((await userData(b)).status).toBe(401);
    expect((await userData(a)).status).toBe(200);

    const res = await call(env, 'POST', '/api/user/devices/logout-others', { token: a });
    expect(res).toMatchObject({ status: 200, body: { success: true, data: { count: 1 } } });
    expect((await userData(u.token)).status).toBe(401);
    expect((await userData(a)).status).toBe(200);
  });
});

describe('logout by token hash', () => {
  it('revokes the session of that hash, needs no token, and is harmless when repeated', async () => {
    const u = await createTestUser(env);
    const res = await call(env, 'POST', '/api/user/logout-hash', { body: { tokenHash: sha256(u.token).toUpperCase() } });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect((await userData(u.token)).status).toBe(401);
    expect((await call(env, 'POST', '/api/user/logout-hash', { body: { tokenHash: sha256(u.token) } })).status).toBe(200);
  });

  it('refuses a malformed hash with a Chinese message', async () => {
    for (const body of [{}, { tokenHash: 'abc' }, { tokenHash: sha256('x'), extra: 1 }]) {
      const res = await call(env, 'POST', '/api/user/logout-hash', { body });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
