import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { operators, sessions, smsCodes, users } from '../../tables.ts';
import { buildApp } from '../../app.ts';
import { DAY, MINUTE } from '../../lib/clock.ts';
import { createLogger } from '../../lib/logger.ts';
import { PRIVACY_POLICY_VERSION } from '../../../../common/privacy.ts';
import { call, createTestEnv, createTestUser, nextPhone, smsCodeFor, type TestEnv } from '../../../test/support/support.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ now: '2026-03-10T01:00:00Z', config: { smsIpLimit: 100_000 }, verifyMoney: false }); // memberships written directly
});
afterAll(() => env?.close());

const PASSWORD = 'abc12345';
const rows = async (table: typeof users | typeof sessions | typeof smsCodes) => (await env.ctx.db.select({ n: count() }).from(table))[0]!.n;

/** Sends a code through the API and reads it from the dev outbox; moves the clock past the resend limit. */
const codeFor = (phone: string, type: 1 | 3 | 4) => smsCodeFor(env, phone, type);

async function registerUser(opts: { phone?: string; password?: string; inviteCode?: string } = {}) {
  const phone = opts.phone ?? nextPhone();
  const verifyCode = await codeFor(phone, 1);
  const body: Record<string, string> = { phone, password: opts.password ?? PASSWORD, verifyCode };
  if (opts.inviteCode !== undefined) body.inviteCode = opts.inviteCode;
  const res = await call(env, 'POST', '/api/user/reg', { body });
  return { phone, res, token: res.body.data?.token as string };
}

const userData = (token: string) => call(env, 'GET', '/api/user/user-data', { token });

describe('registration', () => {
  it('creates the user with a token, the user-data shape, an invite code and an operator', async () => {
    const { phone, res, token } = await registerUser();
    expect(res.status).toBe(200);
    expect(res.body.data.user).toEqual({
      phone,
      memberLevel: 1,
      memberLevelDesc: '普通会员',
      integral: 0,
      memberDeadline: null,
      avatar: null,
      inviteCode: expect.stringMatching(/^[A-Z2-9]{6}$/),
      discount: 1,
      // registering means agreeing to the privacy policy shown with the form
      privacyVersion: PRIVACY_POLICY_VERSION,
    });
    // user-data also names the business time zone the app shows dates and times in
    expect((await userData(token)).body.data).toEqual({ ...res.body.data.user, timeZone: env.ctx.config.timeZone });
    expect(env.ctx.config.timeZone).toBe('Asia/Shanghai');
    const [row] = await env.ctx.db.select().from(users).where(eq(users.phone, phone));
    expect(row!.passwordHash).not.toContain(PASSWORD);
    expect(row!.operatorId).not.toBeNull();
  });

  it('answers 409 for a phone already registered, and a code is still needed', async () => {
    const existing = await createTestUser(env);
    const res = await call(env, 'POST', '/api/user/reg', { body: { phone: existing.phone, password: PASSWORD, verifyCode: '123456' } });
    expect(res).toMatchObject({ status: 409, body: { success: false, message: '该手机号已注册，请直接登录' } });
    const noCode = await call(env, 'POST', '/api/user/reg', { body: { phone: nextPhone(), password: PASSWORD, verifyCode: '123456' } });
    expect(noCode).toMatchObject({ status: 400, body: { message: '验证码无效或已过期，请重新获取' } });
  });

  it('links the inviter from the invite code and lists invitees with masked phones', async () => {
    const inviter = await registerUser();
    const inviteCode = inviter.res.body.data.user.inviteCode as string;
    const a = await registerUser({ phone: '13800009001', inviteCode });
    env.clock.advance(MINUTE);
    const b = await registerUser({ phone: '13700009002', inviteCode: inviteCode.toLowerCase() });
    expect(a.res.status).toBe(200);
    expect(b.res.status).toBe(200);
    const [rowA] = await env.ctx.db.select().from(users).where(eq(users.phone, a.phone));
    const [inviterRow] = await env.ctx.db.select().from(users).where(eq(users.phone, inviter.phone));
    expect(rowA!.inviterId).toBe(inviterRow!.id);
    // b becomes a gold member whose membership has already expired: listed as 普通会员.
    await env.ctx.db
      .update(users)
      .set({ memberLevel: 3, memberDeadline: new Date(env.clock.now().getTime() - 1) })
      .where(eq(users.phone, b.phone));

    const list = await call(env, 'GET', '/api/user/recommend/list', { token: inviter.token, query: { page: 1, pageSize: 1 } });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(list.body.data.list).toEqual([
      { id: expect.any(Number), phone: '137****9002', createdAt: expect.any(String), memberLevel: 1, memberLevelDesc: '普通会员' },
    ]);
    const second = await call(env, 'GET', '/api/user/recommend/list', { token: inviter.token, query: { page: 2, pageSize: 1 } });
    expect(second.body.data.list[0]).toMatchObject({ phone: '138****9001', memberLevelDesc: '普通会员' });
    expect(Date.parse(second.body.data.list[0].createdAt)).toBe(env.clock.now().getTime() - MINUTE - 61_000);
    // The invitee sees nobody.
    expect((await call(env, 'GET', '/api/user/recommend/list', { token: a.token })).body.data).toEqual({
      list: [],
      total: 0,
      page: 1,
      pageSize: 10,
    });
  });

  it('refuses an unknown invite code with 400, writes nothing, and leaves the code usable', async () => {
    const phone = nextPhone();
    const verifyCode = await codeFor(phone, 1);
    const before = await rows(users);
    const res = await call(env, 'POST', '/api/user/reg', { body: { phone, password: PASSWORD, verifyCode, inviteCode: 'NOPE99' } });
    expect(res).toMatchObject({ status: 400, body: { success: false, message: '邀请码不存在，请核对后再试' } });
    expect(await rows(users)).toBe(before);
    const retry = await call(env, 'POST', '/api/user/reg', { body: { phone, password: PASSWORD, verifyCode } });
    expect(retry.status).toBe(200);
  });

  it('assigns operators round robin', async () => {
    const [second] = await env.ctx.db
      .insert(operators)
      .values({ nickname: '小王', avatar: '/a.svg', wechatQr: '/q.svg', remark: '第二位' })
      .returning();
    const assigned: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { phone } = await registerUser();
      assigned.push((await env.ctx.db.select().from(users).where(eq(users.phone, phone)))[0]!.operatorId!);
    }
    expect(new Set(assigned).size).toBe(2);
    expect(assigned[0]).not.toBe(assigned[1]);
    expect(assigned[0]).toBe(assigned[2]);
    expect(assigned).toContain(second!.id);
  });

  it('10 concurrent registrations of one phone create exactly one user', async () => {
    const phone = nextPhone();
    const verifyCode = await codeFor(phone, 1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(env, 'POST', '/api/user/reg', { body: { phone, password: PASSWORD, verifyCode } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a).toMatchObject({ status: 409, body: { message: '该手机号已注册，请直接登录' } });
    expect((await env.ctx.db.select({ n: count() }).from(users).where(eq(users.phone, phone)))[0]!.n).toBe(1);
  });

  it('the database refuses a second user with the same phone (unique index), whatever the code path', async () => {
    const phone = nextPhone();
    await createTestUser(env, { phone });
    await expect(createTestUser(env, { phone })).rejects.toThrow();
    expect((await env.ctx.db.select({ n: count() }).from(users).where(eq(users.phone, phone)))[0]!.n).toBe(1);
  });
});

describe('password login', () => {
  it('logs in with the right password and answers the same 400 for a wrong password and an unknown phone', async () => {
    const u = await createTestUser(env, { password: 'right1234' });
    const good = await call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password: 'right1234' } });
    expect(good.status).toBe(200);
    expect(good.body.data.user.phone).toBe(u.phone);
    expect((await userData(good.body.data.token)).status).toBe(200);
    const wrong = await call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password: 'wrong1234' } });
    const unknown = await call(env, 'POST', '/api/user/pwd-login', { body: { phone: nextPhone(), password: 'wrong1234' } });
    expect(wrong).toMatchObject({ status: 400, body: { success: false, message: '手机号或密码错误' } });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('locks a phone for 15 minutes after 5 wrong passwords, then lets it in again', async () => {
    const u = await createTestUser(env, { password: 'right1234' });
    const login = (password: string) => call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password } });
    for (let i = 0; i < 4; i++) expect((await login('wrong1234')).status).toBe(400);
    expect(await login('wrong1234')).toMatchObject({
      status: 429,
      body: { success: false, message: '密码错误次数过多，账号已锁定，请 15 分钟后再试' },
    });
    // The right password does not get through while locked.
    env.clock.advance(10 * MINUTE + 1);
    expect(await login('right1234')).toMatchObject({ status: 429, body: { message: '密码错误次数过多，账号已锁定，请 5 分钟后再试' } });
    env.clock.advance(5 * MINUTE);
    expect((await login('right1234')).status).toBe(200);
    const [row] = await env.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.loginFailures).toBe(0);
  });

  it('a success resets the failure count (4 wrong, 1 right, 4 wrong: not locked)', async () => {
    const u = await createTestUser(env, { password: 'right1234' });
    const login = (password: string) => call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password } });
    for (let i = 0; i < 4; i++) await login('wrong1234');
    expect((await login('right1234')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('wrong1234')).status).toBe(400);
    expect((await login('right1234')).status).toBe(200);
  });

  it('concurrent wrong passwords still lock after 5', async () => {
    const u = await createTestUser(env, { password: 'right1234' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password: 'wrong1234' } })),
    );
    expect(answers.some((a) => a.status === 429)).toBe(true);
    expect((await call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password: 'right1234' } })).status).toBe(429);
    env.clock.advance(15 * MINUTE);
  });
});

describe('sessions', () => {
  it('a token expires 7 days after its last use (sliding), and not before', async () => {
    const u = await createTestUser(env);
    env.clock.advance(6 * DAY);
    expect((await userData(u.token)).status).toBe(200);
    env.clock.advance(6 * DAY);
    expect((await userData(u.token)).status).toBe(200);
    env.clock.advance(7 * DAY + 1);
    const expired = await userData(u.token);
    expect(expired).toMatchObject({ status: 401, body: { success: false, message: '登录已失效，请重新登录' } });
  });

  it('an unused token expires after exactly 7 days + 1 ms', async () => {
    const u = await createTestUser(env);
    env.clock.advance(7 * DAY + 1);
    expect((await userData(u.token)).status).toBe(401);
  });

  it('logout revokes the token; a second logout is harmless', async () => {
    const u = await createTestUser(env);
    const other = (await call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password: u.password } })).body.data.token;
    expect(await call(env, 'POST', '/api/user/logout', { token: u.token })).toMatchObject({ status: 200, body: { success: true } });
    expect((await userData(u.token)).status).toBe(401);
    expect((await userData(other)).status).toBe(200);
    expect((await call(env, 'POST', '/api/user/logout', { token: u.token })).status).toBe(200);
  });

  it('names a staff member’s console role in user-data (the app links to /admin), and nobody else’s', async () => {
    const plain = await createTestUser(env);
    expect((await userData(plain.token)).body.data).not.toHaveProperty('consoleRole');
    for (const role of ['operator', 'admin'] as const) {
      const staff = await createTestUser(env);
      await env.ctx.db.update(users).set({ role }).where(eq(users.id, staff.id));
      expect((await userData(staff.token)).body.data.consoleRole).toBe(role);
    }
  });

  it('requires a token for user-data, update-avatar and recommend/list (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/user-data'],
      ['POST', '/api/user/update-avatar'],
      ['GET', '/api/user/recommend/list'],
    ] as const) {
      expect(await call(env, method, url, { body: method === 'POST' ? { avatar: 'avatar1' } : undefined })).toMatchObject({
        status: 401,
        body: { success: false },
      });
      expect((await call(env, method, url, { token: 'forged-token' })).status).toBe(401);
    }
  });
});

describe('reset-pwd', () => {
  it("changes the password with a type-3 code: keeps the caller's session, revokes the others", async () => {
    const u = await createTestUser(env, { password: 'old12345' });
    const other = (await call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password: 'old12345' } })).body.data.token;
    const verifyCode = await codeFor(u.phone, 3);
    const res = await call(env, 'POST', '/api/user/reset-pwd', {
      token: u.token,
      body: { phone: u.phone, password: 'new12345', verifyCode },
    });
    expect(res).toMatchObject({ status: 200, body: { success: true, message: '密码已修改成功' } });
    expect((await userData(u.token)).status).toBe(200);
    expect((await userData(other)).status).toBe(401);
    expect((await call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password: 'old12345' } })).status).toBe(400);
    expect((await call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password: 'new12345' } })).status).toBe(200);
    // The code is spent.
    const again = await call(env, 'POST', '/api/user/reset-pwd', { body: { phone: u.phone, password: 'new54321', verifyCode } });
    expect(again).toMatchObject({ status: 400, body: { message: '验证码无效或已过期，请重新获取' } });
  });

  it('without a token (find-pwd) revokes every session and lifts a login lock', async () => {
    const u = await createTestUser(env, { password: 'old12345' });
    for (let i = 0; i < 5; i++) await call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password: 'bad12345' } });
    const verifyCode = await codeFor(u.phone, 3);
    expect((await call(env, 'POST', '/api/user/reset-pwd', { body: { phone: u.phone, password: 'new12345', verifyCode } })).status).toBe(
      200,
    );
    expect((await userData(u.token)).status).toBe(401);
    expect((await call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password: 'new12345' } })).status).toBe(200);
  });

  it('refuses a type-1 code, a wrong code, and a weak password', async () => {
    const u = await createTestUser(env, { password: 'old12345' });
    const verifyCode = await codeFor(u.phone, 3);
    const wrong = verifyCode === '000000' ? '111111' : '000000';
    expect(
      await call(env, 'POST', '/api/user/reset-pwd', { body: { phone: u.phone, password: 'new12345', verifyCode: wrong } }),
    ).toMatchObject({
      status: 400,
      body: { success: false, message: '验证码错误，还可尝试 4 次' },
    });
    const weak = await call(env, 'POST', '/api/user/reset-pwd', { body: { phone: u.phone, password: '12345678', verifyCode } });
    expect(weak).toMatchObject({ status: 400, body: { message: expect.stringContaining('密码为8-32位，须同时包含字母和数字') } });
    const missing = await call(env, 'POST', '/api/user/reset-pwd', { body: { phone: u.phone, password: '', verifyCode } });
    expect(missing.body.message).toContain('请输入密码');
    expect((await call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password: 'old12345' } })).status).toBe(200);
  });
});

describe('user data', () => {
  it('an expired membership reads as level 1 普通会员 with no discount', async () => {
    const u = await createTestUser(env, { memberLevel: 5, memberDeadline: new Date(env.clock.now().getTime() + 1000) });
    const active = await userData(u.token);
    expect(active.body.data).toMatchObject({
      memberLevel: 5,
      memberLevelDesc: '铂金会员',
      discount: 0.9,
      memberDeadline: new Date(env.clock.now().getTime() + 1000).toISOString(),
    });
    env.clock.advance(1000);
    const expired = await userData(u.token);
    expect(expired.body.data).toMatchObject({ memberLevel: 1, memberLevelDesc: '普通会员', discount: 1, memberDeadline: null });
  });

  it('gold reads 0.95 and diamond 0.85, from member_levels', async () => {
    const deadline = new Date(env.clock.now().getTime() + 30 * DAY);
    const gold = await createTestUser(env, { memberLevel: 3, memberDeadline: deadline, integral: 250 });
    expect((await userData(gold.token)).body.data).toMatchObject({
      memberLevel: 3,
      memberLevelDesc: '黄金会员',
      discount: 0.95,
      integral: 250,
    });
    const diamond = await createTestUser(env, { memberLevel: 7, memberDeadline: deadline });
    expect((await userData(diamond.token)).body.data).toMatchObject({ memberLevelDesc: '钻石会员', discount: 0.85 });
  });

  it('update-avatar accepts a preset and refuses anything else', async () => {
    const u = await createTestUser(env);
    const res = await call(env, 'POST', '/api/user/update-avatar', { token: u.token, body: { avatar: 'avatar3' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phone: u.phone, avatar: 'avatar3' });
    expect((await userData(u.token)).body.data.avatar).toBe('avatar3');
    for (const avatar of ['avatar9', '../etc/passwd', 'https://evil.example/x.png', 3, null]) {
      const bad = await call(env, 'POST', '/api/user/update-avatar', { token: u.token, body: { avatar } });
      expect(bad).toMatchObject({ status: 400, body: { success: false, message: expect.stringContaining('请选择提供的头像') } });
    }
    expect((await userData(u.token)).body.data.avatar).toBe('avatar3');
  });
});

describe('the envelope and the status of each failure kind', () => {
  it('400, 401, 404, 409, 429 and 500 all answer {success:false, message} in Chinese', async () => {
    const u = await createTestUser(env);
    const cases = [
      [400, await call(env, 'POST', '/api/user/pwd-login', { body: { phone: 'x' } })],
      [401, await call(env, 'GET', '/api/user/user-data')],
      [404, await call(env, 'GET', '/api/user/no-such-thing')],
      [409, await call(env, 'POST', '/api/user/send-sms-code', { body: { phone: u.phone, type: 1 } })],
    ] as const;
    const phone = nextPhone();
    await call(env, 'POST', '/api/user/send-sms-code', { body: { phone, type: 1 } });
    const limited = await call(env, 'POST', '/api/user/send-sms-code', { body: { phone, type: 1 } });
    env.clock.advance(61_000);

    const logged: string[] = [];
    const broken = await buildApp(env.ctx, {
      providers: env.providers,
      logger: createLogger('error', { write: (line: string) => void logged.push(line) }),
    });
    broken.get('/api/test/boom', async () => {
      throw new Error('database exploded: select * from users');
    });
    await broken.ready();
    const boom = await broken.inject({ method: 'GET', url: '/api/test/boom' });
    await broken.close();
    // Logged (one JSON line with the request id), not answered: the client sees the generic message.
    expect(logged.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'unexpected error',
        reqId: expect.any(String),
        err: expect.objectContaining({ message: 'database exploded: select * from users' }),
      }),
    ]);

    for (const [status, res] of [...cases, [429, limited] as const]) {
      expect(res.status).toBe(status);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ success: false, message: '服务器开小差了，请稍后再试' });
  });
});

describe('bad input: 400 with a Chinese message, never 500, nothing written', () => {
  const sql = "1' or 1=1; drop table users;--";
  const script = '<script>alert(1)</script>';
  const long = 'a1'.repeat(50_000);

  it('reg, pwd-login, reset-pwd, update-avatar, recommend/list', async () => {
    const u = await createTestUser(env);
    const phone = nextPhone();
    const cases: Array<[string, 'GET' | 'POST', unknown, Record<string, string>?]> = [];
    const regOk = { phone, password: PASSWORD, verifyCode: '123456' };
    for (const body of [
      {},
      { ...regOk, phone: undefined },
      { ...regOk, password: undefined },
      { ...regOk, verifyCode: undefined },
      { ...regOk, extra: 1 },
      { ...regOk, isAdmin: true },
      { ...regOk, phone: 13800138000 },
      { ...regOk, password: 12345678 },
      { ...regOk, verifyCode: 123456 },
      { ...regOk, inviteCode: 42 },
      { ...regOk, phone: sql },
      { ...regOk, phone: script },
      { ...regOk, phone: '23800138000' },
      { ...regOk, phone: '1380013800' },
      { ...regOk, phone: ' 13800138000' },
      { ...regOk, password: sql },
      { ...regOk, password: script },
      { ...regOk, password: long },
      { ...regOk, password: 'abcdefgh' },
      { ...regOk, password: '12345678' },
      { ...regOk, password: 'abc123' },
      { ...regOk, password: 'a1'.repeat(17) },
      { ...regOk, verifyCode: sql },
      { ...regOk, verifyCode: '12345a' },
      { ...regOk, verifyCode: long },
      { ...regOk, inviteCode: sql },
      { ...regOk, inviteCode: script },
      { ...regOk, inviteCode: long },
      [regOk],
      null,
    ])
      cases.push(['/api/user/reg', 'POST', body]);
    for (const body of [
      {},
      { phone: u.phone },
      { password: 'x' },
      { phone: sql, password: 'abc12345' },
      { phone: u.phone, password: long },
      { phone: u.phone, password: 123 },
      { phone: u.phone, password: 'abc12345', remember: true },
      { phone: [u.phone], password: 'abc12345' },
    ])
      cases.push(['/api/user/pwd-login', 'POST', body]);
    for (const body of [
      {},
      { phone: u.phone, password: 'new12345' },
      { phone: u.phone, verifyCode: '123456' },
      { phone: script, password: 'new12345', verifyCode: '123456' },
      { phone: u.phone, password: 'new12345', verifyCode: '123456', userId: 1 },
    ])
      cases.push(['/api/user/reset-pwd', 'POST', body]);
    for (const body of [{}, { avatar: script }, { avatar: sql }, { avatar: long }, { avatar: 'avatar1', phone: '13800138000' }])
      cases.push(['/api/user/update-avatar', 'POST', body, { token: u.token }]);
    for (const query of [
      { page: '0' },
      { page: 'abc' },
      { pageSize: '101' },
      { page: sql },
      { pageSize: '-1' },
      { page: '1', inviterId: '1' },
      { page: '1.5' },
    ])
      cases.push(['/api/user/recommend/list', 'GET', query, { token: u.token }]);

    const counts = async () => [await rows(users), await rows(sessions), await rows(smsCodes)];
    const before = await counts();
    const [userBefore] = await env.ctx.db.select().from(users).where(eq(users.id, u.id));
    for (const [url, method, input, opts] of cases) {
      const res =
        method === 'GET'
          ? await call(env, 'GET', url, { query: input as Record<string, string>, token: opts?.token })
          : await call(env, 'POST', url, { body: (input ?? undefined) as object, token: opts?.token });
      const label = `${url} ${JSON.stringify(input)?.slice(0, 100)}`;
      expect(res.status, label).toBe(400);
      expect(res.body.success, label).toBe(false);
      expect(res.body.message, label).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await counts()).toEqual(before);
    const [userAfter] = await env.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(userAfter).toEqual(userBefore);
  });
});
