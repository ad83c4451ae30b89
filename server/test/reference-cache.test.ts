/**
 * Reference data answered from memory: the same envelope as before, an ETag, `no-cache` so the
 * browser, the service worker and a CDN revalidate, 304 on a matching If-None-Match, and a new
 * answer (and ETag) as soon as the console or the ops command line changes the data. Answers of
 * signed-in routes or that depend on the caller are `private`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { systemClock } from '../src/lib/clock.ts';
import { loadPlanConfigs } from '../src/modules/plan-config/index.ts';
import { runCommand } from '../src/ops/commands.ts';
import { DEMO_PASSWORD, DEMO_PHONE } from '../src/seed.ts';
import { startApiServer, type ApiServer } from './support/processes.mjs';
import {
  call,
  grantRole,
  createScratchDatabase,
  createTestEnv,
  createTestUser,
  loadServerConfig,
  usingPostgres,
  type TestEnv,
  type TestUser,
} from './support/support.ts';

let env: TestEnv;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  env = await createTestEnv();
  admin = await grantRole(env, await createTestUser(env), 'admin');
  user = await createTestUser(env);
});
afterAll(() => env?.close());

const get = (url: string, opts: { token?: string; query?: Record<string, string | number>; etag?: string } = {}) =>
  call(env, 'GET', url, { token: opts.token, query: opts.query, headers: opts.etag ? { 'if-none-match': opts.etag } : {} });
const etagOf = (answer: { headers: Record<string, unknown> }) => answer.headers.etag as string;
const raw = (url: string, headers: Record<string, string> = {}) => env.app.inject({ method: 'GET', url, headers });

describe('reference answers', () => {
  const publicCases: Array<[string, Record<string, string | number>]> = [
    ['/api/plan/config/full-data', {}],
    ['/api/plan/config', { flowType: 'jd' }],
    ['/api/Announcement/get', { type: 'top' }],
    ['/api/pay/types', {}],
  ];

  it.each(publicCases)('%s: the same envelope, public no-cache with an ETag; 304 with no body on a match', async (url, query) => {
    const first = await get(url, { query });
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(etagOf(first)).toMatch(/^"[A-Za-z0-9_-]{27}"$/);

    const again = await raw(`${url}?${new URLSearchParams(query as Record<string, string>)}`, { 'if-none-match': etagOf(first) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etagOf(first));
    expect(again.headers['cache-control']).toBe('public, no-cache');

    // nginx's gzip turns the tag weak; a list of tags (a CDN's) matches when one of them does.
    for (const header of [`W/${etagOf(first)}`, `"other", ${etagOf(first)}`, '*']) {
      expect((await get(url, { query, etag: header })).status, header).toBe(304);
    }
    expect((await get(url, { query, etag: '"another"' })).status).toBe(200);
  });

  it('full-data is exactly the price table with the time zone, as the route answered it before', async () => {
    const answer = await get('/api/plan/config/full-data');
    const table = (await loadPlanConfigs(env.ctx.db)).map((p) => ({ ...p, timeZone: env.ctx.config.timeZone }));
    expect(answer.body).toStrictEqual({ success: true, data: table });
    const conditions = await get('/api/plan/deep-condition/data', { query: { flowType: 'tb', configId: table[0]!.planConfigList[0]!.id } });
    expect(conditions.body).toStrictEqual({ success: true, data: table[0]!.planConfigList[0]!.conditionList });
    expect(conditions.headers['cache-control']).toBe('public, no-cache');
  });

  it('refusals are not cached answers: no ETag, and If-None-Match does not turn them into 304', async () => {
    const refused = await get('/api/plan/config', { query: { flowType: 'xx' }, etag: '*' });
    expect(refused.status).toBe(400);
    expect(refused.body.success).toBe(false);
    expect(refused.headers.etag).toBeUndefined();
    const missing = await get('/api/plan/deep-condition/data', { query: { flowType: 'tb', configId: 999999 }, etag: '*' });
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it('goods and member levels need a login: private no-cache with an ETag, the same for every user', async () => {
    expect((await get('/api/god/get', { query: { type: 'integral' } })).status).toBe(401);
    for (const [url, query] of [
      ['/api/god/get', { type: 'member' }],
      ['/api/god/member-levels', {}],
    ] as const) {
      const mine = await get(url, { token: user.token, query });
      expect(mine.status).toBe(200);
      expect(mine.headers['cache-control']).toBe('private, no-cache');
      const theirs = await get(url, { token: admin.token, query });
      expect(etagOf(theirs)).toBe(etagOf(mine));
      expect((await get(url, { token: user.token, query, etag: etagOf(mine) })).status).toBe(304);
    }
  });

  it('pay types: a signed-in caller gets a private answer that varies with the token', async () => {
    const signedIn = await get('/api/pay/types', { token: user.token });
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.headers.vary).toBe('t-token');
    const visitor = await get('/api/pay/types');
    expect(visitor.headers.vary).toBe('t-token');
    expect(signedIn.body).toStrictEqual(visitor.body); // both served by the default operator
  });
});

describe('changes reach the answers at once on the process that made them', () => {
  it('a console price change: new table, new ETag; the old ETag answers 200', async () => {
    const before = await get('/api/plan/config/full-data');
    const service = before.body.data[0].planConfigList[0];
    const changed = await call(env, 'POST', `/api/admin/plan-configs/services/${service.id}`, {
      token: admin.token,
      body: { integral: service.integral + 7 },
    });
    expect(changed.status).toBe(200);
    const after = await get('/api/plan/config/full-data', { etag: etagOf(before) });
    expect(after.status).toBe(200);
    expect(after.body.data[0].planConfigList[0].integral).toBe(service.integral + 7);
    expect(etagOf(after)).not.toBe(etagOf(before));
    expect((await get('/api/plan/config', { query: { flowType: 'tb' } })).body.data.planConfigList[0].integral).toBe(service.integral + 7);
  });

  it('console goods and announcement changes, and the ops command line', async () => {
    const goods = await get('/api/god/get', { token: user.token, query: { type: 'integral' } });
    const first = goods.body.data[0];
    expect((await call(env, 'POST', `/api/admin/goods/${first.id}`, { token: admin.token, body: { onSale: false } })).status).toBe(200);
    const fewer = await get('/api/god/get', { token: user.token, query: { type: 'integral' }, etag: etagOf(goods) });
    expect(fewer.status).toBe(200);
    expect(fewer.body.data.map((g: { id: number }) => g.id)).not.toContain(first.id);

    const created = await call(env, 'POST', '/api/admin/announcements', { token: admin.token, body: { content: '控制台公告' } });
    expect(created.status).toBe(200);
    const shown = await get('/api/Announcement/get', { query: { type: 'top' } });
    expect(shown.body).toStrictEqual({ success: true, data: { content: '控制台公告' } });

    expect((await runCommand(env.ctx, ['announce', '命令行公告'])).code).toBe(0);
    const replaced = await get('/api/Announcement/get', { query: { type: 'top' }, etag: etagOf(shown) });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.content).toBe('命令行公告');
    expect(etagOf(replaced)).not.toBe(etagOf(shown));
  });

  it('withdrawing a collect account on the command line removes its pay type from the list', async () => {
    const before = (await get('/api/pay/types')).body.data.map((t: { payType: number }) => t.payType);
    expect(before).toContain(6);
    expect((await runCommand(env.ctx, ['collect:set', 'bank', '-'])).code).toBe(0);
    const after = (await get('/api/pay/types', { token: user.token })).body.data.map((t: { payType: number }) => t.payType);
    expect(after).toEqual(before.filter((t: number) => t !== 6));
  });

  it('an announcement window opens and closes with the clock, without a change to the table', async () => {
    const now = env.clock.now().getTime();
    const created = await call(env, 'POST', '/api/admin/announcements', {
      token: admin.token,
      body: { content: '限时公告', startsAt: new Date(now + 60_000).toISOString(), endsAt: new Date(now + 120_000).toISOString() },
    });
    expect(created.status).toBe(200);
    const text = async () => (await get('/api/Announcement/get', { query: { type: 'top' } })).body.data.content;
    expect(await text()).toBe('命令行公告');
    env.clock.advance(90_000);
    expect(await text()).toBe('限时公告');
    env.clock.advance(60_000);
    expect(await text()).toBe('命令行公告');
  });
});

/**
 * Two API processes on one PostgreSQL, and this test process as the ops command line: a change
 * through either path reaches the answers of both processes within 2 s.
 */
describe.skipIf(!usingPostgres)('two API processes on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;
  let servers: ApiServer[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const started = await Promise.all(
      [0, 1].map((i) => startApiServer({ env: { DATABASE_URL: scratch.url, LOG_LEVEL: 'warn' }, what: `API process ${i + 1}` })),
    );
    servers = started;
    database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  }, 300_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
    await scratch?.drop();
  });

  const opsCtx = () => ({ db: database.db, clock: systemClock, config: loadServerConfig({ NODE_ENV: 'test', DATABASE_URL: scratch.url }) });
  const fetchJson = async (server: ApiServer, path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(server.baseURL + path, { headers });
    const text = await res.text(); // empty for a 304
    return { status: res.status, etag: res.headers.get('etag'), body: (text ? JSON.parse(text) : null) as { success: boolean; data: any } };
  };
  /** Milliseconds until `seen` holds on every process (polled every 50 ms, given up after 10 s). */
  async function msUntilEverywhere(seen: (server: ApiServer) => Promise<boolean>): Promise<number> {
    const started = Date.now();
    for (const server of servers) {
      while (!(await seen(server))) {
        if (Date.now() - started > 10_000) return Infinity;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    return Date.now() - started;
  }

  it('an ops announcement reaches both processes within 2 s', async () => {
    const before = await Promise.all(servers.map((s) => fetchJson(s, '/api/Announcement/get?type=top')));
    expect(before[0]!.etag).toBe(before[1]!.etag); // the same answer has the same tag on every process
    expect((await runCommand(opsCtx(), ['announce', '跨进程公告'])).code).toBe(0);
    const ms = await msUntilEverywhere(
      async (s) => (await fetchJson(s, '/api/Announcement/get?type=top')).body.data.content === '跨进程公告',
    );
    expect(ms).toBeLessThan(2000);
  });

  it('a console price change through one process reaches the other within 2 s, with a new ETag', async () => {
    const [a, b] = servers as [ApiServer, ApiServer];
    expect((await runCommand(opsCtx(), ['admin:grant', DEMO_PHONE, 'admin'])).code).toBe(0);
    const login = await fetch(`${a.baseURL}/api/user/pwd-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: DEMO_PHONE, password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const before = await fetchJson(b, '/api/plan/config/full-data');
    const service = before.body.data[0].planConfigList[0];
    const changed = await fetch(`${a.baseURL}/api/admin/plan-configs/services/${service.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 't-token': token },
      body: JSON.stringify({ integral: service.integral + 3 }),
    });
    expect(changed.status).toBe(200);
    const ms = await msUntilEverywhere(async (s) => {
      const now = await fetchJson(s, '/api/plan/config/full-data', { 'if-none-match': before.etag! });
      return now.status === 200 && now.body.data[0].planConfigList[0].integral === service.integral + 3 && now.etag !== before.etag;
    });
    expect(ms).toBeLessThan(2000);
  });
});
