/**
 * The API's own limits, without nginx in front: sign-in per client address (IPv6 per /64) and per
 * phone; every call that checks an SMS code (registration, password reset or change, account
 * deletion) likewise; the data copy per account. 429 with the catalogue's Chinese message and
 * Retry-After, counted in the database so two API processes on it count together, and only the
 * one spelling of each path reaching its handler.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { API_MESSAGES, fill } from '../src/http/messages.ts';
import { isCanonicalApiPath } from '../src/http/app.ts';
import { clientAddressKey, isLoopbackAddress } from '../src/http/client-address.ts';
import { MINUTE } from '../src/lib/clock.ts';
import { createTestEnv, createTestUser, loadServerConfig, nextPhone, smsCodeFor, type TestEnv, type TestUser } from './support/support.ts';

const LIMITS = {
  loginIpLimit: 4,
  loginPhoneLimit: 3,
  loginWindowSeconds: 600,
  verifyIpLimit: 4,
  verifyPhoneLimit: 3,
  verifyWindowSeconds: 600,
  dataExportLimit: 2,
  dataExportWindowSeconds: 3600,
  smsIpLimit: 100_000,
};

let env: TestEnv;
let replica: FastifyInstance;
let address = 0;
/** A client address of its own (inject's remoteAddress; no proxy in front). */
const nextAddress = () => `198.51.100.${++address}`;

beforeAll(async () => {
  // Windows are fixed: start the clock at the beginning of one, so a test's requests share it.
  env = await createTestEnv({ now: '2026-11-30T02:00:00Z', config: LIMITS });
  // A second API process on the same database (as behind nginx with several replicas).
  replica = await buildApp(env.ctx, { providers: env.providers });
  await replica.ready();
});
afterAll(async () => {
  await replica?.close();
  await env?.close();
});

interface Answer {
  status: number;
  body: { success: boolean; message?: string; data?: any };
  headers: Record<string, unknown>;
}

async function send(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  opts: { from: string; body?: unknown; token?: string },
): Promise<Answer> {
  const request: InjectOptions = {
    method,
    url,
    remoteAddress: opts.from,
    headers: { 'x-requested-with': 'XMLHttpRequest', ...(opts.token ? { 't-token': opts.token } : {}) },
    payload: opts.body as InjectOptions['payload'],
  };
  const res = await app.inject(request);
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const login = (from: string, phone: string, password = 'wrong-password-1', app = env.app) =>
  send(app, 'POST', '/api/user/pwd-login', { from, body: { phone, password } });

/** Seconds until the current fixed window of `windowSeconds` ends (the limits' windows start at multiples of it). */
const secondsLeft = (windowSeconds: number) => windowSeconds - ((env.clock.now().getTime() / 1000) % windowSeconds);

function expectRefused(answer: Answer, message: string, windowSeconds = 600) {
  const wait = secondsLeft(windowSeconds);
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ success: false, message: fill(message, { minutes: Math.max(1, Math.ceil(wait / 60)) }) });
  expect(Number(answer.headers['retry-after'])).toBe(Math.ceil(wait));
}

describe('sign-in', () => {
  it('per client address: a password spray over many phones is refused after LOGIN_IP_LIMIT tries, other addresses go on', async () => {
    const from = nextAddress();
    for (let i = 0; i < LIMITS.loginIpLimit; i++) expect((await login(from, nextPhone())).status).toBe(400);
    expectRefused(await login(from, nextPhone()), API_MESSAGES.limit.loginAddress);
    // Refused before the password is checked: the right password of a real account is refused too.
    const user = await createTestUser(env);
    expectRefused(await login(from, user.phone, user.password), API_MESSAGES.limit.loginAddress);
    expect((await login(nextAddress(), user.phone, user.password)).status).toBe(200);
  });

  it('an IPv6 client counts by its /64: rotating through it does not help, another /64 is another client', async () => {
    const prefix = '2001:db8:34:1';
    for (let i = 0; i < LIMITS.loginIpLimit; i++) expect((await login(`${prefix}::${i + 1}`, nextPhone())).status).toBe(400);
    expectRefused(await login(`${prefix}:ffff:ffff:ffff:ffff`, nextPhone()), API_MESSAGES.limit.loginAddress);
    expect((await login('2001:db8:34:2::1', nextPhone())).status).toBe(400);
  });

  it('per phone: tries against one phone from many addresses are refused after LOGIN_PHONE_LIMIT', async () => {
    const phone = nextPhone();
    for (let i = 0; i < LIMITS.loginPhoneLimit; i++) expect((await login(nextAddress(), phone)).status).toBe(400);
    expectRefused(await login(nextAddress(), phone), API_MESSAGES.limit.loginPhone);
  });

  it('counted in the database: two API processes share one count', async () => {
    const from = nextAddress();
    for (let i = 0; i < LIMITS.loginIpLimit; i++) {
      expect((await login(from, nextPhone(), undefined, i % 2 ? replica : env.app)).status).toBe(400);
    }
    expectRefused(await login(from, nextPhone(), undefined, replica), API_MESSAGES.limit.loginAddress);
    expectRefused(await login(from, nextPhone(), undefined, env.app), API_MESSAGES.limit.loginAddress);
  });

  it('the window ends: the same address may try again, Retry-After said when', async () => {
    const from = nextAddress();
    for (let i = 0; i < LIMITS.loginIpLimit; i++) await login(from, nextPhone());
    env.clock.advance(5 * MINUTE);
    const refused = await login(from, nextPhone());
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(fill(API_MESSAGES.limit.loginAddress, { minutes: 5 }));
    expect(Number(refused.headers['retry-after'])).toBe(300);
    env.clock.advance(5 * MINUTE);
    expect((await login(from, nextPhone())).status).toBe(400);
  });
});

describe('calls that check an SMS code', () => {
  const cases = [
    { path: '/api/user/reg', body: (phone: string) => ({ phone, password: 'abc12345', verifyCode: '000000' }) },
    { path: '/api/user/reset-pwd', body: (phone: string) => ({ phone, password: 'abc12345', verifyCode: '000000' }) },
  ];

  it.each(cases)('$path: per client address and per phone', async ({ path, body }) => {
    const from = nextAddress();
    for (let i = 0; i < LIMITS.verifyIpLimit; i++)
      expect((await send(env.app, 'POST', path, { from, body: body(nextPhone()) })).status).not.toBe(429);
    expectRefused(await send(env.app, 'POST', path, { from, body: body(nextPhone()) }), API_MESSAGES.limit.verifyAddress);
    const phone = nextPhone();
    for (let i = 0; i < LIMITS.verifyPhoneLimit; i++)
      expect((await send(env.app, 'POST', path, { from: nextAddress(), body: body(phone) })).status).not.toBe(429);
    expectRefused(await send(env.app, 'POST', path, { from: nextAddress(), body: body(phone) }), API_MESSAGES.limit.verifyPhone);
  });

  it('reg, reset-pwd and delete-account share one count per phone (one budget of code checks)', async () => {
    const user = await createTestUser(env);
    const wrong = { phone: user.phone, password: 'abc12345', verifyCode: '000000' };
    expect((await send(env.app, 'POST', '/api/user/reset-pwd', { from: nextAddress(), body: wrong })).status).toBe(400);
    expect((await send(env.app, 'POST', '/api/user/reg', { from: nextAddress(), body: wrong })).status).toBe(409);
    const del = (from: string) =>
      send(env.app, 'POST', '/api/user/delete-account', { from, token: user.token, body: { verifyCode: '000000' } });
    expect((await del(nextAddress())).status).toBe(400);
    expectRefused(await del(nextAddress()), API_MESSAGES.limit.verifyPhone);
    // Nothing happened to the account.
    expect((await send(env.app, 'GET', '/api/user/user-data', { from: nextAddress(), token: user.token })).status).toBe(200);
  });

  it('a right code is still refused once the limit is used up (the limit comes first)', async () => {
    const phone = nextPhone();
    const code = await smsCodeFor(env, phone, 1);
    for (let i = 0; i < LIMITS.verifyPhoneLimit; i++)
      await send(env.app, 'POST', '/api/user/reg', { from: nextAddress(), body: { phone, password: 'abc12345', verifyCode: '111111' } });
    const refused = await send(env.app, 'POST', '/api/user/reg', {
      from: nextAddress(),
      body: { phone, password: 'abc12345', verifyCode: code },
    });
    expect(refused.status).toBe(429);
  });
});

describe('the data copy', () => {
  it('at most DATA_EXPORT_LIMIT copies per account per window, whatever the address', async () => {
    const user: TestUser = await createTestUser(env);
    const copy = () => send(env.app, 'GET', '/api/user/data-export', { from: nextAddress(), token: user.token });
    for (let i = 0; i < LIMITS.dataExportLimit; i++) expect((await copy()).status).toBe(200);
    expectRefused(await copy(), API_MESSAGES.limit.dataExport, LIMITS.dataExportWindowSeconds);
    // Another account is not affected.
    const other = await createTestUser(env);
    expect((await send(env.app, 'GET', '/api/user/data-export', { from: nextAddress(), token: other.token })).status).toBe(200);
  });
});

describe('one spelling per handler', () => {
  const spellings = [
    '/api/user/pwd-login/',
    '/api/user/pwd%2Dlogin',
    '/api/user/pwd%2dlogin',
    '/api/user/%70wd-login',
    '/api/user/pwd-login;x=1',
    '/api/user/pwd-login%3Bx',
    '/api//user/pwd-login',
    '//api/user/pwd-login',
    '/api/user%2Fpwd-login',
    '/API/user/pwd-login',
    '/api/user/PWD-LOGIN',
  ];

  it.each(spellings)('%s answers 404 without reaching the sign-in handler (nothing counted, no password checked)', async (path) => {
    const user = await createTestUser(env);
    const from = nextAddress();
    const answer = await send(env.app, 'POST', path, { from, body: { phone: user.phone, password: user.password } });
    expect(answer.status).toBe(404);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toMatch(/^接口不存在：POST /);
    expect(answer.body.data).toBeUndefined();
  });

  it('dot segments, sent as they are over a real connection (inject would resolve them first), answer 404', async () => {
    const address = await replica.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const user = await createTestUser(env);
    for (const path of ['/api/user/./pwd-login', '/api/x/../user/pwd-login', '/api/user/pwd-login/.', '/api/user/pwd-login/..']) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(JSON.stringify({ phone: user.phone, password: user.password }));
      });
      expect(status, path).toBe(404);
    }
  });

  it('the exact path with a query string still reaches it', async () => {
    const user = await createTestUser(env);
    const answer = await send(env.app, 'POST', '/api/user/pwd-login?from=app', {
      from: nextAddress(),
      body: { phone: user.phone, password: user.password },
    });
    expect(answer.status).toBe(200);
  });

  it('isCanonicalApiPath: the rule itself', () => {
    for (const ok of [
      '/api/user/pwd-login',
      '/api/admin/users/13800138000',
      '/api/admin/users/deleted-12',
      '/api/item/get',
      '/api/x%00y',
      '/api/%E4%B8%AD',
    ])
      expect(isCanonicalApiPath(ok), ok).toBe(true);
    for (const bad of [
      '/api/a/',
      '/api//a',
      '/api/a;b',
      '/api/./a',
      '/api/a/..',
      '/api/%61',
      '/api/a%2Fb',
      '/api/a%5Cb',
      '/api/a\\b',
      '/api/a%7E',
    ])
      expect(isCanonicalApiPath(bad), bad).toBe(false);
  });
});

describe('client addresses', () => {
  it('IPv4 as it is, IPv6 by its /64 in one spelling, mapped IPv4 as IPv4', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey(undefined)).toBe('unknown');
    expect(clientAddressKey('not-an-address')).toBe('not-an-address');
    expect(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(['10.0.0.1', '::2', '2001:db8::1', '0.0.0.0', undefined].some((a) => isLoopbackAddress(a))).toBe(false);
  });
});

describe('documented defaults', () => {
  it('30 sign-ins per address, 10 per phone, per 10 minutes; the same for code checks; 5 data copies an hour', () => {
    const config = loadServerConfig({});
    expect(config).toMatchObject({
      loginIpLimit: 30,
      loginPhoneLimit: 10,
      loginWindowSeconds: 600,
      verifyIpLimit: 30,
      verifyPhoneLimit: 10,
      verifyWindowSeconds: 600,
      dataExportLimit: 5,
      dataExportWindowSeconds: 3600,
    });
  });
});
