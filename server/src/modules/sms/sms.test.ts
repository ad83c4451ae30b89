import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { smsCodes, smsOutbox } from '../../tables.ts';
import { buildApp } from '../../app.ts';
import { withSmsCode } from './index.ts';
import { DAY, MINUTE } from '../../lib/clock.ts';
import { call, createTestEnv, createTestUser, nextPhone, type TestEnv } from '../../../test/support/support.ts';

let env: TestEnv;
beforeAll(async () => {
  // 09:00 in Shanghai, so a day of sends stays inside one business day.
  env = await createTestEnv({ now: '2026-03-10T01:00:00Z', config: { smsIpLimit: 1000 } });
});
afterAll(() => env?.close());

const send = (phone: string, type: number, ip = '127.0.0.1') =>
  env.app
    .inject({ method: 'POST', url: '/api/user/send-sms-code', payload: { phone, type }, remoteAddress: ip })
    .then((r) => ({ status: r.statusCode, body: r.json() }));
const outbox = (phone: string) => call(env, 'GET', '/api/dev/sms-outbox', { query: { phone } });
const codeRows = async (phone: string) => (await env.ctx.db.select({ n: count() }).from(smsCodes).where(eq(smsCodes.phone, phone)))[0]!.n;
const SECOND_MS = 1000;
const tick = () => env.clock.advance(61 * SECOND_MS);

describe('POST /api/user/send-sms-code', () => {
  it('sends a 6-digit code, stores only its hash, and the dev outbox returns it', async () => {
    const phone = nextPhone();
    const res = await send(phone, 1);
    expect(res).toEqual({ status: 200, body: { success: true, data: {} } });
    const latest = await outbox(phone);
    expect(latest.status).toBe(200);
    expect(latest.body.data).toMatchObject({ phone, type: 1, code: expect.stringMatching(/^\d{6}$/) });
    expect(Date.parse(latest.body.data.createdAt)).not.toBeNaN();
    const [row] = await env.ctx.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row!.codeHash).not.toContain(latest.body.data.code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(5 * MINUTE);
    tick();
  });

  it('allows one send per phone per 60 s whatever the type, and says how long to wait', async () => {
    const user = await createTestUser(env);
    expect((await send(user.phone, 3)).status).toBe(200);
    env.clock.advance(20 * SECOND_MS);
    const again = await send(user.phone, 1);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ success: false, message: '验证码发送太频繁，请 40 秒后再试' });
    env.clock.advance(39.5 * SECOND_MS);
    expect((await send(user.phone, 3)).body.message).toBe('验证码发送太频繁，请 1 秒后再试');
    env.clock.advance(0.5 * SECOND_MS);
    // 60 s later the limit is gone; the type rule answers (a registered phone cannot register).
    expect(await send(user.phone, 1)).toMatchObject({ status: 409, body: { message: '该手机号已注册，请直接登录' } });
    expect((await send(user.phone, 3)).status).toBe(200);
    expect(await codeRows(user.phone)).toBe(2);
    tick();
  });

  it('refuses type 3 for an unregistered phone (400) and type 1 for a registered one (409), writing nothing', async () => {
    const fresh = nextPhone();
    expect(await send(fresh, 3)).toMatchObject({ status: 400, body: { success: false, message: '该手机号尚未注册' } });
    expect(await codeRows(fresh)).toBe(0);
    expect((await outbox(fresh)).status).toBe(404);
  });

  it('allows 10 sends per phone per business day, then 429 until the next day', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 10; i++) {
      expect((await send(phone, 1)).status).toBe(200);
      tick();
    }
    const refused = await send(phone, 1);
    expect(refused).toMatchObject({ status: 429, body: { message: '该手机号今日获取验证码已达 10 次上限，请明天再试' } });
    expect(await codeRows(phone)).toBe(10);
    env.clock.advance(DAY);
    expect((await send(phone, 1)).status).toBe(200);
    tick();
  });

  it('limits sends per IP (config smsIpLimit per smsIpWindowSeconds), counted in the database', async () => {
    const saved = { ...env.ctx.config };
    env.ctx.config.smsIpLimit = 3;
    env.ctx.config.smsIpWindowSeconds = 600;
    try {
      for (let i = 0; i < 3; i++) expect((await send(nextPhone(), 1, '10.9.8.7')).status).toBe(200);
      const phone = nextPhone();
      const refused = await send(phone, 1, '10.9.8.7');
      expect(refused).toMatchObject({ status: 429, body: { message: '当前网络获取验证码过于频繁，请 10 分钟后再试' } });
      expect(await codeRows(phone)).toBe(0);
      expect((await send(phone, 1, '10.9.8.6')).status).toBe(200);
      env.clock.advance(600 * SECOND_MS);
      expect((await send(nextPhone(), 1, '10.9.8.7')).status).toBe(200);
    } finally {
      Object.assign(env.ctx.config, saved);
    }
    tick();
  });

  it('counts every attempt from an address against its limit, misses too, so registered phones cannot be enumerated past it', async () => {
    const saved = { ...env.ctx.config };
    env.ctx.config.smsIpLimit = 4;
    const ip = '10.9.9.9';
    try {
      const known = await createTestUser(env);
      expect((await send(nextPhone(), 3, ip)).status).toBe(400); // unknown phone, password type
      expect((await send(known.phone, 1, ip)).status).toBe(409); // known phone, registration type
      expect((await send(known.phone, 3, ip)).status).toBe(200);
      expect((await send(known.phone, 3, ip)).status).toBe(429); // the phone's 60 s window, still an attempt
      // The budget is spent: the next probe learns nothing about the phone.
      for (const [phone, type] of [
        [nextPhone(), 3],
        [known.phone, 1],
        [nextPhone(), 1],
      ] as const) {
        expect(await send(phone, type, ip)).toMatchObject({
          status: 429,
          body: { message: '当前网络获取验证码过于频繁，请 10 分钟后再试' },
        });
      }
      expect((await send(nextPhone(), 3, '10.9.9.8')).status).toBe(400);
      env.clock.advance(600 * SECOND_MS);
      expect((await send(nextPhone(), 3, ip)).status).toBe(400);
    } finally {
      Object.assign(env.ctx.config, saved);
    }
    tick();
  });

  it('under 10 concurrent probes from one address, exactly its limit get an answer about the phone', async () => {
    const saved = { ...env.ctx.config };
    env.ctx.config.smsIpLimit = 3;
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(nextPhone(), 3, '10.9.9.10')));
      expect(answers.filter((a) => a.status === 400)).toHaveLength(3);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    } finally {
      Object.assign(env.ctx.config, saved);
    }
  });

  it('under 10 concurrent sends for one phone, exactly one code is created and sent', async () => {
    const phone = nextPhone();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(phone, 1)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(9);
    expect(await codeRows(phone)).toBe(1);
    const [sent] = await env.ctx.db.select({ n: count() }).from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(sent!.n).toBe(1);
    tick();
  });

  it('a provider that throws answers 503 with a Chinese message and leaves no usable code or limit behind', async () => {
    const failing = await buildApp(env.ctx, {
      providers: {
        ...env.providers,
        sms: {
          name: 'broken',
          send: async () => {
            throw new Error('gateway down');
          },
        },
      },
    });
    await failing.ready();
    const phone = nextPhone();
    try {
      const res = await failing.inject({ method: 'POST', url: '/api/user/send-sms-code', payload: { phone, type: 1 } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, message: '短信发送失败，请稍后再试' });
    } finally {
      await failing.close();
    }
    expect(await codeRows(phone)).toBe(0);
    expect((await send(phone, 1)).status).toBe(200);
    tick();
  });

  it('refuses bad input with 400 and a Chinese message, writing nothing', async () => {
    const before = (await env.ctx.db.select({ n: count() }).from(smsCodes))[0]!.n;
    const bad: unknown[] = [
      {},
      { phone: nextPhone() },
      { type: 1 },
      { phone: nextPhone(), type: 2 },
      { phone: nextPhone(), type: '1' },
      { phone: nextPhone(), type: 1.5 },
      { phone: Number(nextPhone()), type: 1 },
      { phone: nextPhone(), type: 1, extra: 'x' },
      { phone: '1234567890', type: 1 },
      { phone: '12800138000', type: 1 },
      { phone: '138001380001', type: 1 },
      { phone: "1' or 1=1; drop table users;--", type: 1 },
      { phone: '<script>alert(1)</script>', type: 1 },
      { phone: '1'.repeat(100_000), type: 1 },
      { phone: null, type: 1 },
      [],
    ];
    for (const body of bad) {
      const res = await call(env, 'POST', '/api/user/send-sms-code', { body: body as object });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await env.ctx.db.select({ n: count() }).from(smsCodes))[0]!.n).toBe(before);
  });
});

describe('checking a code (withSmsCode)', () => {
  async function freshCode(type: 1 | 3 = 1) {
    const phone = type === 1 ? nextPhone() : (await createTestUser(env)).phone;
    expect((await send(phone, type)).status).toBe(200);
    const code = (await outbox(phone)).body.data.code as string;
    tick();
    return { phone, code, type };
  }
  const check = (c: { phone: string; code: string; type: 1 | 3 }, code = c.code, work = async () => 'done') =>
    withSmsCode(env.ctx.db, { phone: c.phone, type: c.type, code, now: env.clock.now() }, work);
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('a wrong code counts an attempt; after 5 the code is void, even the right one', async () => {
    const c = await freshCode();
    for (let left = 4; left >= 1; left--)
      await expect(check(c, wrong(c.code))).rejects.toMatchObject({ statusCode: 400, message: `验证码错误，还可尝试 ${left} 次` });
    await expect(check(c, wrong(c.code))).rejects.toMatchObject({ statusCode: 400, message: '验证码错误次数过多，已失效，请重新获取' });
    await expect(check(c)).rejects.toMatchObject({ statusCode: 400, message: '验证码错误次数过多，已失效，请重新获取' });
    const [row] = await env.ctx.db.select().from(smsCodes).where(eq(smsCodes.phone, c.phone));
    expect(row!.attempts).toBe(5);
    expect(row!.consumedAt).toBeNull();
  });

  it('a right code after a few wrong ones still works', async () => {
    const c = await freshCode();
    await expect(check(c, wrong(c.code))).rejects.toMatchObject({ statusCode: 400 });
    await expect(check(c)).resolves.toBe('done');
  });

  it('refuses an expired code (5 minutes after sending)', async () => {
    const c = await freshCode();
    env.clock.advance(5 * MINUTE - 61 * SECOND_MS);
    await expect(check(c)).rejects.toMatchObject({ statusCode: 400, message: '验证码无效或已过期，请重新获取' });
  });

  it('accepts a code until its last millisecond', async () => {
    const c = await freshCode();
    env.clock.advance(5 * MINUTE - 61 * SECOND_MS - 1);
    await expect(check(c)).resolves.toBe('done');
  });

  it('a consumed code is refused; the code of the other type does not count', async () => {
    const c = await freshCode(3);
    await expect(check(c)).resolves.toBe('done');
    await expect(check(c)).rejects.toMatchObject({ statusCode: 400, message: '验证码无效或已过期，请重新获取' });
    await expect(check({ ...c, type: 1 })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('when the work fails, the code stays unused (its writes and the consumption roll back together)', async () => {
    const c = await freshCode();
    await expect(
      check(c, c.code, async () => {
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    await expect(check(c)).resolves.toBe('done');
  });

  it('only the latest code of a phone counts', async () => {
    const c = await freshCode();
    const d = await (async () => {
      expect((await send(c.phone, 1)).status).toBe(200);
      const code = (await outbox(c.phone)).body.data.code as string;
      tick();
      return { ...c, code };
    })();
    if (c.code !== d.code) await expect(check(c)).rejects.toMatchObject({ statusCode: 400 });
    await expect(check(d)).resolves.toBe('done');
  });
});

describe('GET /api/dev/sms-outbox', () => {
  it('is not there in production (404 envelope)', async () => {
    const prod = await buildApp({ ...env.ctx, config: { ...env.ctx.config, nodeEnv: 'production' } }, { providers: env.providers });
    await prod.ready();
    try {
      const res = await prod.inject({ method: 'GET', url: '/api/dev/sms-outbox?phone=13800138000' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('接口不存在') });
    } finally {
      await prod.close();
    }
  });

  it('refuses a bad phone with 400', async () => {
    const res = await call(env, 'GET', '/api/dev/sms-outbox', { query: { phone: '123' } });
    expect(res).toMatchObject({ status: 400, body: { success: false, message: expect.stringContaining('手机号格式不正确') } });
  });
});
