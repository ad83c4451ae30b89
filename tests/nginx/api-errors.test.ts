/**
 * What nginx itself answers under /api/: its own failures (502, 503, 504, 413, 429) in the API's JSON
 * envelope, the per-address limits on SMS and login, the request id, and metrics kept private.
 * Failures the API answers itself pass through untouched.
 */
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../tools/edge-local.mjs';
import { close, get, listen, one, post, type RawResponse } from './http';
import { startSecondNginx, type SecondNginx } from './second-nginx';

const edge = inject('edge');
const at = (path: string) => `${edge.url}${path}`;

/** The envelope of an nginx-made /api/ failure: status, JSON type, Chinese message, our headers. */
function expectEnvelope(response: RawResponse, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(one(response, 'content-type')).toBe('application/json; charset=utf-8');
  expect(JSON.parse(response.body.toString('utf8'))).toEqual({ success: false, message });
  expect(one(response, 'cache-control')).toBe('private, no-store');
  expect(one(response, 'x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  expect(one(response, 'x-content-type-options')).toBe('nosniff');
}

const BAD_GATEWAY = '服务暂时不可用，请稍后再试';

describe('nginx failures under /api/ answer the JSON envelope', () => {
  it('502 when no API process listens, for every method; other paths keep their answers', async () => {
    const nginx = await startSecondNginx({ apiUpstream: `http://127.0.0.1:${await freePort()}`, webRoot: edge.webRoot });
    try {
      expectEnvelope(await get(`${nginx.url}/api/user/user-data`), 502, BAD_GATEWAY);
      expectEnvelope(await post(`${nginx.url}/api/plan/create`, { a: 1 }), 502, BAD_GATEWAY);
      expectEnvelope(await post(`${nginx.url}/api/plan/create`, { a: 1 }, { 'idempotency-key': 'k-502' }), 502, BAD_GATEWAY);
      expectEnvelope(await post(`${nginx.url}/api/user/pwd-login`, {}), 502, BAD_GATEWAY);

      const shell = await get(`${nginx.url}/plan/list`);
      expect(shell.status).toBe(200);
      expect(shell.headers['content-type']).toBe('text/html; charset=utf-8');
      const missing = await get(`${nginx.url}/missing.png`);
      expect(missing.status).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^text\/html/);
    } finally {
      await nginx.stop();
    }
  });

  it('504 when the API accepts the request and never answers', async () => {
    const held: Socket[] = [];
    const silent = createTcpServer((socket) => held.push(socket));
    const upstream = await listen(silent);
    // The shipped 60 s read timeout, shortened for the test.
    const nginx = await startSecondNginx({
      apiUpstream: upstream,
      webRoot: edge.webRoot,
      edit: (file, text) => (file === 'api-proxy.conf' ? text.replace('proxy_read_timeout 60s;', 'proxy_read_timeout 1s;') : text),
    });
    try {
      expectEnvelope(await get(`${nginx.url}/api/item/get?url=x`), 504, '服务响应超时，请稍后再试');
    } finally {
      await nginx.stop();
      held.forEach((socket) => socket.destroy());
      await close(silent);
    }
  });

  it('503 when nginx itself refuses (a limit configured to answer 503)', async () => {
    const nginx = await startSecondNginx({
      apiUpstream: edge.apiUrl,
      webRoot: edge.webRoot,
      limits: { EDGE_LOGIN_RATE: '1r/m', EDGE_LOGIN_BURST: '1' },
      edit: (file, text) => (file === 'default.conf' ? text.replace('limit_req_status 429;', 'limit_req_status 503;') : text),
    });
    try {
      for (let i = 0; i < 2; i++) expect((await post(`${nginx.url}/api/user/pwd-login`, {})).status).toBe(400);
      expectEnvelope(await post(`${nginx.url}/api/user/pwd-login`, {}), 503, '服务繁忙，请稍后再试');
    } finally {
      await nginx.stop();
    }
  });

  it("passes the API's own 503 (database down, draining) through with its message", async () => {
    const body = JSON.stringify({ success: false, message: '数据库暂时不可用，请稍后再试' });
    const api = createHttpServer((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    });
    const nginx = await startSecondNginx({ apiUpstream: await listen(api), webRoot: edge.webRoot });
    try {
      const response = await get(`${nginx.url}/api/user/user-data`);
      expect(response.status).toBe(503);
      expect(response.body.toString('utf8')).toBe(body);
    } finally {
      await nginx.stop();
      await close(api);
    }
  });

  it('never asks the API to compress (the edge does): API calls and the banner fragment of a page', async () => {
    const asked: (string | undefined)[] = [];
    const list = JSON.stringify({
      success: true,
      data: { list: Array.from({ length: 50 }, (_, id) => ({ id, title: '演示商品 保温杯' })) },
    });
    const api = createHttpServer((request, response) => {
      asked.push(request.headers['accept-encoding']);
      if (request.url?.startsWith('/api/Announcement/banner'))
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end('<div class="announcement"><span class="announcement-text">公告</span></div>');
      else response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(list);
    });
    const nginx = await startSecondNginx({ apiUpstream: await listen(api), webRoot: edge.webRoot });
    try {
      const answer = await get(`${nginx.url}/api/plan/manage/list`, { 'accept-encoding': 'gzip' });
      expect(one(answer, 'content-encoding')).toBe('gzip');
      expect(gunzipSync(answer.body).toString('utf8')).toBe(list);
      const page = await get(`${nginx.url}/login`, { 'accept-encoding': 'gzip' });
      expect(gunzipSync(page.body).toString('utf8')).toContain('<span class="announcement-text">公告</span>');
      expect(asked).toHaveLength(2);
      expect(asked).toEqual([undefined, undefined]);
    } finally {
      await nginx.stop();
      await close(api);
    }
  });

  it('413 for a body over 2 MB, before the API sees it', async () => {
    const big = { title: 'x'.repeat(3 * 1024 * 1024) };
    expectEnvelope(await post(at('/api/plan/create'), big), 413, '请求内容过大');
    expectEnvelope(await post(at('/api/plan/create'), big, { 'idempotency-key': 'k-413' }), 413, '请求内容过大');
  });
});

describe('per-address limits on SMS sends and logins', () => {
  let nginx: SecondNginx;
  beforeAll(async () => {
    // 127.0.0.1 plays the CDN, so each X-Forwarded-For below is a client of its own.
    nginx = await startSecondNginx({
      apiUpstream: edge.apiUrl,
      webRoot: edge.webRoot,
      trustedProxies: ['127.0.0.1'],
      limits: { EDGE_SMS_RATE: '1r/m', EDGE_SMS_BURST: '2', EDGE_LOGIN_RATE: '1r/m', EDGE_LOGIN_BURST: '3' },
    });
  });
  afterAll(() => nginx?.stop());

  it.each([
    ['/api/user/send-sms-code', '198.51.100.1', 3],
    ['/api/user/pwd-login', '198.51.100.2', 4],
  ])('%s: a burst above the limit gets 429 in the envelope; other clients and calls go on', async (path, client, allowed) => {
    const from = { 'x-forwarded-for': client };
    // An invalid phone: the API refuses it (400) without sending anything.
    const statuses = [];
    for (let i = 0; i < allowed + 2; i++) {
      const response = await post(`${nginx.url}${path}`, { phone: '1', type: 1, password: 'x' }, from);
      if (response.status === 429) expectEnvelope(response, 429, '请求过于频繁，请稍后再试');
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(allowed).fill(400), 429, 429]);

    expect((await post(`${nginx.url}${path}`, { phone: '1' }, { 'x-forwarded-for': '198.51.100.99' })).status).toBe(400);
    expect((await get(`${nginx.url}/api/Announcement/get?type=top`, from)).status).toBe(200);
  });
});

describe('request ids', () => {
  let seen: IncomingHttpHeaders[];
  let api: Server;
  let nginx: SecondNginx;
  beforeAll(async () => {
    seen = [];
    // An API that records what it was sent and answers with a request id of its own.
    api = createHttpServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'from-the-api-itself' });
      response.end('{"success":true}');
    });
    nginx = await startSecondNginx({ apiUpstream: await listen(api), webRoot: edge.webRoot });
  });
  afterAll(async () => {
    await nginx?.stop();
    if (api) await close(api);
  });

  it('sends one to the API, returns the same one to the client and logs it', async () => {
    const response = await get(`${nginx.url}/api/user/user-data`);
    const id = one(response, 'x-request-id');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(seen.at(-1)?.['x-request-id']).toBe(id);
    // nginx writes the access line after the answer has gone out
    await expect
      .poll(async () =>
        (await nginx.accessLog()).some((line) => line.includes('GET /api/user/user-data') && line.includes(`request_id=${id}`)),
      )
      .toBe(true);

    const next = await get(`${nginx.url}/api/user/user-data`);
    expect(one(next, 'x-request-id')).not.toBe(id);
  });

  it('keeps a well-formed id sent by the client, replaces a malformed one', async () => {
    const kept = await get(`${nginx.url}/api/user/user-data`, { 'x-request-id': 'cdn-2f1c9a7e-01' });
    expect(one(kept, 'x-request-id')).toBe('cdn-2f1c9a7e-01');
    expect(seen.at(-1)?.['x-request-id']).toBe('cdn-2f1c9a7e-01');

    for (const bad of ['short', 'has spaces in it', 'x'.repeat(200), '<script>alert(1)</script>']) {
      const replaced = await get(`${nginx.url}/api/user/user-data`, { 'x-request-id': bad });
      const id = one(replaced, 'x-request-id');
      expect(id, bad).toMatch(/^[0-9a-f]{32}$/);
      expect(seen.at(-1)?.['x-request-id'], bad).toBe(id);
    }
  });

  it('keeps metrics and health private: /metrics, /api/metrics, /api/healthz and /api/readyz answer 404 and never reach the API', async () => {
    const before = seen.length;
    const root = await get(`${nginx.url}/metrics`);
    expect(root.status).toBe(404);
    expect(root.headers['content-type']).toMatch(/^text\/html/);
    for (const path of [
      '/api/metrics',
      '/api/metrics/',
      '/api//metrics',
      '/api/%6detrics',
      '/api/metrics?format=prometheus',
      '/api/x/../metrics',
    ]) {
      const response = await get(`${nginx.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(JSON.parse(response.body.toString('utf8')), path).toEqual({ success: false, message: '接口不存在' });
    }
    // The probes of the container and the balancer call the API directly, not through the edge.
    for (const path of ['/api/healthz', '/api/readyz', '/api/healthz/', '//api/readyz', '/api/%68ealthz', '/api/readyz?x=1']) {
      const response = await get(`${nginx.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(JSON.parse(response.body.toString('utf8')), path).toEqual({ success: false, message: '接口不存在' });
    }
    expect(seen.length).toBe(before);
  });
});
