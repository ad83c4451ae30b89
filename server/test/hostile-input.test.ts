/**
 * Hostile input and what the operator sees: ids beyond int4, NUL and lone surrogates answer 400
 * in Chinese and write nothing; refused input leaves no trace of its values in the log, nor does a
 * 500; request ids travel in and out; /metrics counts requests and SMS.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createLogger } from '../src/lib/logger.ts';
import {
  call,
  createTestEnv,
  createTestUser,
  nextPhone,
  tableSnapshot,
  usingPostgres,
  type TestEnv,
  type TestUser,
} from './support/support.ts';
import { sh, validForm } from './support/plan-helpers.ts';

const logLines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let env: TestEnv;
let user: TestUser;
beforeAll(async () => {
  env = await createTestEnv({ now: sh('2026-11-23T10:00:00'), logger: createLogger('info', capture) });
  user = await createTestUser(env, { integral: 100000 });
});
afterAll(async () => env?.close());

const TOO_BIG = 2147483648;

describe('ids beyond what an integer column holds', () => {
  const cases: [string, 'GET' | 'POST', string, () => Promise<{ body?: unknown; query?: Record<string, string | number> }>, string][] = [
    ['plan stop', 'POST', '/api/plan/manage/stop', async () => ({ body: { ids: [TOO_BIG] } }), '计划 ID 不正确'],
    ['plan delete', 'POST', '/api/plan/manage/delete', async () => ({ body: { ids: [1, TOO_BIG] } }), '计划 ID 不正确'],
    ['plan detail', 'GET', '/api/plan/manage/detail', async () => ({ query: { id: TOO_BIG } }), '计划 ID 不正确'],
    ['template from plan', 'POST', '/api/plan/template/generate', async () => ({ body: { planId: TOO_BIG } }), '计划 ID 不正确'],
    ['template update', 'POST', '/api/plan/template/update', async () => ({ body: { id: TOO_BIG, name: '模板' } }), '模板 ID 不正确'],
    ['template delete', 'POST', '/api/plan/template/delete', async () => ({ body: { id: TOO_BIG } }), '模板 ID 不正确'],
    [
      'template publish',
      'POST',
      '/api/plan/template/publish',
      async () => ({ body: { id: TOO_BIG, startDate: '2026-12-01' } }),
      '模板 ID 不正确',
    ],
    ['order goodsId', 'POST', '/api/order/create', async () => ({ body: { goodsId: TOO_BIG, payType: 1 } }), '请选择商品'],
    [
      'deep conditions',
      'GET',
      '/api/plan/deep-condition/data',
      async () => ({ query: { flowType: 'tb', configId: TOO_BIG } }),
      '基础服务不正确',
    ],
    ['plan configId', 'POST', '/api/plan/create', async () => ({ body: await validForm(env, { configId: TOO_BIG }) }), '基础服务不正确'],
    [
      'plan optionIds',
      'POST',
      '/api/plan/create',
      async () => ({ body: await validForm(env, { optionIds: [TOO_BIG] }) }),
      '深度条件选项不正确',
    ],
  ];
  it.each(cases)('%s: 400 with a Chinese message, nothing written', async (_name, method, url, input, message) => {
    const before = await tableSnapshot(env);
    const res = await call(env, method, url, { token: user.token, ...(await input()) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
    expect(await tableSnapshot(env)).toEqual(before);
  });

  it('the largest int4 id is a valid id that simply does not exist (404)', async () => {
    const detail = await call(env, 'GET', '/api/plan/manage/detail', { token: user.token, query: { id: TOO_BIG - 1 } });
    expect(detail.status).toBe(404);
    const template = await call(env, 'POST', '/api/plan/template/delete', { token: user.token, body: { id: TOO_BIG - 1 } });
    expect(template.status).toBe(404);
  });
});

describe('NUL characters and lone surrogates', () => {
  const cases: [string, 'GET' | 'POST', string, () => Promise<{ body?: unknown; query?: Record<string, string> }>, string][] = [
    ['NUL in the list keyword', 'GET', '/api/plan/manage/list', async () => ({ query: { keyword: 'a\u0000b' } }), '搜索关键词'],
    ['NUL in the export keyword', 'GET', '/api/plan/manage/export', async () => ({ query: { keyword: '\u0000' } }), '搜索关键词'],
    ['NUL in a query parameter name', 'GET', '/api/plan/manage/list', async () => ({ query: { 'k\u0000': '1' } }), '请求内容'],
    [
      'lone surrogate in a plan title',
      'POST',
      '/api/plan/create',
      async () => ({ body: await validForm(env, { title: '保温杯\ud800' }) }),
      '请求内容',
    ],
    [
      'lone low surrogate in a keyword',
      'POST',
      '/api/plan/create',
      async () => ({ body: await validForm(env, { keywords: ['保温杯', '\udc00杯'] }) }),
      '请求内容',
    ],
    [
      'lone surrogate in a template name',
      'POST',
      '/api/plan/template/generate',
      async () => ({ body: { name: '\ud83d', form: await validForm(env) } }),
      '模板名称',
    ],
    [
      'NUL in a template form',
      'POST',
      '/api/plan/template/generate',
      async () => ({ body: { name: '模板', form: await validForm(env, { shopName: 'x\u0000' }) } }),
      '请求内容',
    ],
    [
      'NUL in a phone number',
      'POST',
      '/api/user/pwd-login',
      async () => ({ body: { phone: '1380013800\u00000', password: 'x' } }),
      '手机号',
    ],
  ];
  it.each(cases)('%s: 400 naming the field, nothing written', async (_name, method, url, input, label) => {
    const before = await tableSnapshot(env);
    const res = await call(env, method, url, { token: user.token, ...(await input()) });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(`${label}包含无法识别的字符（如空字符或残缺的 Unicode 字符），请修改后重试`);
    expect(await tableSnapshot(env)).toEqual(before);
  });

  it('deeply nested input (100 000 levels) is refused, not a crash', async () => {
    const nested = (inner: string) => '['.repeat(100_000) + inner + ']'.repeat(100_000);
    for (const [url, deep] of [
      ['/api/plan/create', nested('"\\u0000"')],
      ['/api/plan/template/generate', nested('"\\u0000"')],
      ['/api/plan/template/generate', nested('1')],
    ] as const) {
      const started = Date.now();
      const res = await env.app.inject({
        method: 'POST',
        url,
        headers: { 't-token': user.token, 'content-type': 'application/json' },
        payload: `{"name":"模板","form":${deep}}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });

  it('whole characters outside the BMP (surrogate pairs) are ordinary text', async () => {
    const res = await call(env, 'POST', '/api/plan/create', { token: user.token, body: await validForm(env, { title: '保温杯 😀' }) });
    expect(res.status).toBe(200);
    const detail = await call(env, 'GET', '/api/plan/manage/detail', { token: user.token, query: { id: res.body.data.id } });
    expect(detail.body.data.plan.title).toBe('保温杯 😀');
  });
});

describe('the log', () => {
  it('keeps the values of refused input out, and a 500 logs neither query parameters nor SQL parameters', async () => {
    const marker = 'secretvalue7391';
    await call(env, 'GET', '/api/plan/manage/list', { token: user.token, query: { keyword: `${marker}\u0000` } });
    await call(env, 'POST', '/api/user/pwd-login', { body: { phone: marker, password: marker } });
    await call(env, 'GET', '/api/plan/manage/detail', { token: user.token, query: { id: `${marker}` } });

    // A failing query (its table is gone) with the marker as a filter: a 500.
    const before = logLines.length;
    await env.ctx.db.execute(sql`alter table plans rename to plans_away`);
    try {
      const res = await call(env, 'GET', '/api/plan/manage/list', { token: user.token, query: { keyword: marker } });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ success: false, message: '服务器开小差了，请稍后再试' });
    } finally {
      await env.ctx.db.execute(sql`alter table plans_away rename to plans`);
    }
    const failure = logLines
      .slice(before)
      .map((line) => JSON.parse(line))
      .find((entry) => entry.msg === 'unexpected error');
    expect(failure).toBeDefined();
    expect(failure.err.message).toBe('Failed query');
    expect(failure.err.query).toContain('"plans"');
    expect(failure.err.cause.code).toBe('42P01');
    expect(logLines.join('\n')).not.toContain(marker);
    // Request lines carry the path without its query string.
    expect(logLines.some((line) => line.includes('"url":"/api/plan/manage/list"'))).toBe(true);
  });
});

describe('request ids', () => {
  it('keeps a sane incoming X-Request-Id, returns it and logs it on the request lines', async () => {
    const res = await call(env, 'GET', '/api/user/user-data', { token: user.token, headers: { 'x-request-id': 'edge-7f3a9c' } });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('edge-7f3a9c');
    const lines = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === 'edge-7f3a9c');
    expect(lines.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('replaces a missing or unsafe one with a fresh id', async () => {
    const missing = await call(env, 'GET', '/api/healthz');
    const unsafe = await call(env, 'GET', '/api/healthz', { headers: { 'x-request-id': '<script>alert(1)</script>' } });
    const huge = await call(env, 'GET', '/api/healthz', { headers: { 'x-request-id': 'a'.repeat(129) } });
    const ids = [missing, unsafe, huge].map((res) => res.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('/metrics', () => {
  const scrape = async (e: TestEnv, headers: Record<string, string> = {}) => e.app.inject({ method: 'GET', url: '/metrics', headers });
  const valueOf = (text: string, series: string) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${series} `))
        ?.split(' ')[1] ?? 0,
    );

  it('counts requests by route pattern and status, times them, and counts SMS sent', async () => {
    const series = 'http_requests_total{method="GET",route="/api/plan/manage/detail",status="400"}';
    const sms = 'sms_sent_total{provider="console",result="sent"}';
    const first = (await scrape(env)).body;
    await call(env, 'GET', '/api/plan/manage/detail', { token: user.token, query: { id: 'x' } });
    await call(env, 'GET', '/api/plan/manage/detail', { token: user.token, query: { id: '-1' } });
    expect((await call(env, 'POST', '/api/user/send-sms-code', { body: { phone: nextPhone(), type: 1 } })).status).toBe(200);
    const res = await scrape(env);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(valueOf(res.body, series) - valueOf(first, series)).toBe(2);
    expect(valueOf(res.body, sms) - valueOf(first, sms)).toBe(1);
    expect(res.body).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/plan/manage/detail",status="400"}',
    );
    expect(res.body).toContain('process_cpu_seconds_total');
    expect(res.body).toMatch(/^api_ready 1$/m); // not draining, the database answers
    expect(res.body).toMatch(/^db_unavailable_responses_total \d+$/m);
    // The PostgreSQL pool's figures (PGlite has no pool).
    if (usingPostgres) {
      expect(valueOf(res.body, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(res.body).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
      expect(res.body).toMatch(/^db_pool_connections\{state="waiting"\} 0$/m);
    }
  });

  it('requires the bearer token when METRICS_TOKEN is set', async () => {
    const guarded = await createTestEnv({ config: { metricsToken: 'scrape-me-0123' } });
    try {
      expect((await scrape(guarded)).statusCode).toBe(401);
      expect((await scrape(guarded, { authorization: 'Bearer wrong-token-00' })).statusCode).toBe(401);
      const ok = await scrape(guarded, { authorization: 'Bearer scrape-me-0123' });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('http_requests_total');
    } finally {
      await guarded.close();
    }
  });
});
