/**
 * The development tools (GET /api/dev/sms-outbox, the sandbox payment gateway, signing in as the
 * demo account) only where meant: every client with NODE_ENV=development (or test) set explicitly;
 * with NODE_ENV unset, clients on this machine only (never through a proxy that relays others);
 * never in production. A server outside production that listens beyond loopback says so in one
 * WARNING line at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { notProductionExposure } from '../src/exposure.ts';
import { DEMO_PASSWORD, DEMO_PHONE, seedDemoAccount } from '../src/seed.ts';
import { startApiServer } from './support/processes.mjs';
import { createTestEnv, createTestUser, loadServerConfig, nextPhone, type TestEnv, type TestUser } from './support/support.ts';

let env: TestEnv;
/** The same database with NODE_ENV unset (loopback only), behind no proxy and behind a trusted one. */
let local: FastifyInstance;
let localBehindProxy: FastifyInstance;
let user: TestUser;

const ask = (
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  opts: { from?: string; headers?: Record<string, string>; token?: string; body?: unknown } = {},
) =>
  app.inject({
    method,
    url,
    remoteAddress: opts.from ?? '127.0.0.1',
    headers: { 'x-requested-with': 'XMLHttpRequest', ...(opts.token ? { 't-token': opts.token } : {}), ...opts.headers },
    payload: opts.body as InjectOptions['payload'],
  });

beforeAll(async () => {
  env = await createTestEnv({ config: { smsIpLimit: 100_000 } });
  const unset = { ...env.ctx.config, devTools: loadServerConfig({}).devTools };
  expect(unset.devTools).toBe('loopback');
  local = await buildApp({ ...env.ctx, config: unset }, { providers: env.providers });
  localBehindProxy = await buildApp({ ...env.ctx, config: { ...unset, trustProxy: true } }, { providers: env.providers });
  await Promise.all([local.ready(), localBehindProxy.ready()]);
  await seedDemoAccount(env.ctx.db, env.clock.now());
  user = await createTestUser(env);
});
afterAll(async () => {
  await Promise.all([local?.close(), localBehindProxy?.close()]);
  await env?.close();
});

async function sentCode(phone: string) {
  expect((await ask(env.app, 'POST', '/api/user/send-sms-code', { body: { phone, type: 1 } })).statusCode).toBe(200);
}

describe('NODE_ENV unset: this machine only', () => {
  it('the SMS outbox answers a loopback client, not another one, nor one relayed by a local proxy', async () => {
    const phone = nextPhone();
    await sentCode(phone);
    const outbox = `/api/dev/sms-outbox?phone=${phone}`;
    expect((await ask(local, 'GET', outbox)).statusCode).toBe(200);
    expect((await ask(local, 'GET', outbox, { from: '::1' })).statusCode).toBe(200);
    const requests: Array<{ from?: string; headers?: Record<string, string> }> = [
      { from: '192.0.2.10' },
      { from: '2001:db8::10' },
      { headers: { 'x-forwarded-for': '192.0.2.10' } },
      { headers: { forwarded: 'for=192.0.2.10' } },
      { headers: { 'x-real-ip': '192.0.2.10' } },
    ];
    for (const request of requests) {
      const refused = await ask(local, 'GET', outbox, request);
      expect(refused.statusCode, JSON.stringify(request)).toBe(404);
      expect(refused.json().message).toMatch(/^接口不存在/);
    }
    // Behind a trusted proxy (TRUST_PROXY=1): the client the proxy names decides.
    expect((await ask(localBehindProxy, 'GET', outbox, { headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(200);
    expect((await ask(localBehindProxy, 'GET', outbox, { headers: { 'x-forwarded-for': '192.0.2.10' } })).statusCode).toBe(404);
  });

  it('the demo account signs in from this machine only (elsewhere it is an unknown phone)', async () => {
    const body = { phone: DEMO_PHONE, password: DEMO_PASSWORD };
    expect((await ask(local, 'POST', '/api/user/pwd-login', { body })).statusCode).toBe(200);
    const remote = await ask(local, 'POST', '/api/user/pwd-login', { body, from: '192.0.2.11' });
    expect(remote.statusCode).toBe(400);
    expect(remote.json().message).toBe('手机号或密码错误');
    // Every other account signs in from anywhere.
    expect(
      (await ask(local, 'POST', '/api/user/pwd-login', { body: { phone: user.phone, password: user.password }, from: '192.0.2.11' }))
        .statusCode,
    ).toBe(200);
  });

  it('the sandbox gateway is offered, and pays, on this machine only', async () => {
    const typesOf = async (from: string) =>
      ((await ask(local, 'GET', '/api/pay/types', { from, token: user.token })).json().data as Array<{ payType: number }>).map(
        (t) => t.payType,
      );
    expect(await typesOf('127.0.0.1')).toEqual(expect.arrayContaining([1, 2]));
    expect(await typesOf('192.0.2.12')).not.toEqual(expect.arrayContaining([1]));
    expect(await typesOf('192.0.2.12')).not.toContain(2);
    const remoteOrder = await ask(local, 'POST', '/api/order/create', {
      from: '192.0.2.12',
      token: user.token,
      body: { goodsId: 1, payType: 1 },
    });
    expect(remoteOrder.statusCode).toBe(400);
    expect(remoteOrder.json().message).toBe('支付宝暂未开通，请选择其他支付方式');
    // An order made on this machine cannot be "paid" in the sandbox from elsewhere.
    const order = (await ask(local, 'POST', '/api/order/create', { token: user.token, body: { goodsId: 1, payType: 1 } })).json().data;
    expect(order.pay.sandboxUrl).toBeTruthy();
    const detail = (await ask(local, 'GET', `/api/order/detail?orderNo=${order.orderNo}`, { from: '192.0.2.12', token: user.token })).json()
      .data;
    expect(detail.pay).toBeUndefined();
    const confirm = await ask(local, 'POST', `/api/pay/sandbox/${order.orderNo}/confirm`, { from: '192.0.2.12', token: user.token });
    expect(confirm.statusCode).toBe(403);
    expect((await ask(local, 'POST', `/api/pay/sandbox/${order.orderNo}/confirm`, { token: user.token })).statusCode).toBe(200);
  });
});

describe('NODE_ENV=development (or test): every client', () => {
  it('the outbox and the demo account answer a client on another machine', async () => {
    const phone = nextPhone();
    await sentCode(phone);
    expect((await ask(env.app, 'GET', `/api/dev/sms-outbox?phone=${phone}`, { from: '192.0.2.20' })).statusCode).toBe(200);
    expect(
      (await ask(env.app, 'POST', '/api/user/pwd-login', { from: '192.0.2.20', body: { phone: DEMO_PHONE, password: DEMO_PASSWORD } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('production: nobody', () => {
  it('no outbox route, no demo sign-in, even from this machine', async () => {
    const production = await buildApp(
      { ...env.ctx, config: { ...env.ctx.config, nodeEnv: 'production', devTools: 'none' } },
      { providers: env.providers },
    );
    try {
      const phone = nextPhone();
      await sentCode(phone);
      expect((await ask(production, 'GET', `/api/dev/sms-outbox?phone=${phone}`)).statusCode).toBe(404);
      expect(
        (await ask(production, 'POST', '/api/user/pwd-login', { body: { phone: DEMO_PHONE, password: DEMO_PASSWORD } })).statusCode,
      ).toBe(400);
    } finally {
      await production.close();
    }
  });
});

describe('the loud line', () => {
  it('names what is open when a server outside production listens beyond loopback; says nothing otherwise', () => {
    const base = { port: 8080, devTools: 'loopback' as const };
    expect(notProductionExposure({ ...base, nodeEnv: 'development', host: '0.0.0.0' })).toMatch(
      /^WARNING: NODE_ENV=development \(not production\) and listening on 0\.0\.0\.0:8080/,
    );
    expect(notProductionExposure({ ...base, nodeEnv: 'development', host: '0.0.0.0', devTools: 'all' })).toContain('open to every client');
    expect(notProductionExposure({ ...base, nodeEnv: 'development', host: '192.168.1.5' })).toContain('clients on this machine only');
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2'])
      expect(notProductionExposure({ ...base, nodeEnv: 'development', host }), host).toBeNull();
    expect(notProductionExposure({ ...base, nodeEnv: 'production', host: '0.0.0.0', devTools: 'none' })).toBeNull();
  });

  it('a real server with NODE_ENV unset on 0.0.0.0 logs it once, at start', async () => {
    const server = await startApiServer({
      host: '0.0.0.0',
      env: { NODE_ENV: undefined, DATA_DIR: '', LOG_LEVEL: 'warn' },
      what: 'API on 0.0.0.0',
    });
    try {
      const warningsSoFar = () =>
        server
          .log()
          .split('\n')
          .filter((line) => line.includes('WARNING: NODE_ENV=development (not production) and listening on 0.0.0.0'));
      // Logged just after listening: the health check may answer before the line reaches the pipe.
      for (let waited = 0; warningsSoFar().length === 0 && waited < 5_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      const warnings = warningsSoFar();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('answer clients on this machine only');
    } finally {
      await server.stop();
    }
  });
});
