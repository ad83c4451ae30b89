/**
 * The edge as an attacker tries it: every limited call under every spelling that reaches the same
 * API handler (trailing slash, `//`, escapes, `;` parameters, letter case, dot segments), an IPv6
 * client rotating through its /64, the prerendered pages' POST fallback as an open redirect, a
 * forged X-Forwarded-Proto, HSTS includeSubDomains by its setting, and phone numbers in the access
 * log. Real nginx (the project's template) in front of the real API.
 */
import { createServer as createHttpServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { close, get, listen, one, type RawResponse } from './http';
import { startSecondNginx, type SecondNginx } from './second-nginx';

const edge = inject('edge');

/** Each limited call, the body that makes the API refuse it cheaply (400, nothing sent or written). */
const LIMITED = [
  { path: '/api/user/send-sms-code', method: 'POST', body: { phone: '1', type: 1 } },
  { path: '/api/user/pwd-login', method: 'POST', body: { phone: '1', password: 'x' } },
  { path: '/api/user/reg', method: 'POST', body: { phone: '1' } },
  { path: '/api/user/reset-pwd', method: 'POST', body: { phone: '1' } },
  { path: '/api/user/delete-account', method: 'POST', body: {} },
  { path: '/api/user/data-export', method: 'GET', body: undefined },
] as const;

/** Spellings of one path that nginx or the API's router would take for it. */
function spellingsOf(path: string): string[] {
  const last = path.slice(path.lastIndexOf('/') + 1);
  const parent = path.slice(0, path.lastIndexOf('/'));
  return [
    path,
    `${path}/`,
    `${path}?x=1`,
    `/${path}`,
    path.replace('/user/', '//user/'),
    `${parent}/./${last}`,
    `${parent}/x/../${last}`,
    `${parent}/${last.replace('-', '%2D').replace(/^r/, '%72')}`,
    path.replace('/user/', '/user%2F'),
    `${path};jsessionid=1`,
    `${path}%3Bx`,
    path.toUpperCase().replace('/API/', '/api/'),
    `${path}/.`,
  ];
}

let nginx: SecondNginx;
let client = 0;
/** A client address of its own (127.0.0.1 plays the CDN, so X-Forwarded-For is believed). */
const nextClient = () => `198.51.100.${++client}`;

/** The request as written: the path goes on the wire untouched (a URL object would resolve `./` and `../`). */
function raw(base: string, path: string, method: string, body: unknown, headers: Record<string, string>): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        path,
        method,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, all: new Map(), body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const send = (path: string, call: (typeof LIMITED)[number], from: Record<string, string>) =>
  raw(nginx.url, path, call.method, call.body, from);

/** Answered by the API (JSON) but not by a handler: the API's 404 for a path it does not know. */
const apiNotFound = (r: RawResponse) => r.status === 404 && r.body.toString('utf8').includes('"接口不存在');
/** Answered by nginx without the API: its own 404 or 405, or the app shell (GET of a client route). */
const neverProxied = (r: RawResponse) =>
  !String(r.headers['content-type'] ?? '').startsWith('application/json') && [200, 404, 405].includes(r.status);

beforeAll(async () => {
  nginx = await startSecondNginx({
    apiUpstream: edge.apiUrl,
    webRoot: edge.webRoot,
    trustedProxies: ['127.0.0.1'],
    limits: {
      EDGE_SMS_RATE: '1r/m',
      EDGE_SMS_BURST: '1',
      EDGE_LOGIN_RATE: '1r/m',
      EDGE_LOGIN_BURST: '1',
      EDGE_ACCOUNT_RATE: '1r/m',
      EDGE_ACCOUNT_BURST: '1',
      EDGE_EXPORT_RATE: '1r/m',
      EDGE_EXPORT_BURST: '1',
    },
  });
});
afterAll(() => nginx?.stop());

describe('limits no spelling escapes', () => {
  it.each(LIMITED)('$path: a spelling that reaches the API is limited; only the exact one reaches the handler', async (call) => {
    for (const spelling of spellingsOf(call.path)) {
      const from = { 'x-forwarded-for': nextClient() };
      const answers: RawResponse[] = [];
      for (let i = 0; i < 3; i++) answers.push(await send(spelling, call, from));
      const statuses = answers.map((a) => a.status).join(',');
      const exact = spelling === call.path || spelling === `${call.path}?x=1`;
      if (exact) {
        // 1r/m with a burst of 1: two pass (refused input or no token: 400 or 401), the third is refused.
        expect(statuses, spelling).toMatch(/^40[01],40[01],429$/);
        continue;
      }
      // Any other spelling never runs the handler: the API answers it 404, or nginx answers it alone.
      for (const answer of answers.slice(0, 2)) expect(apiNotFound(answer) || neverProxied(answer), `${spelling}: ${statuses}`).toBe(true);
      // And whatever of it reaches the API was counted by the edge like the exact path: the third is refused.
      if (answers.some(apiNotFound)) expect(answers[2]!.status, `${spelling}: ${statuses}`).toBe(429);
    }
  });

  it('an exhausted client is refused under every spelling that reaches the API', async () => {
    const call = LIMITED[1];
    const from = { 'x-forwarded-for': nextClient() };
    await send(call.path, call, from);
    await send(call.path, call, from);
    for (const spelling of spellingsOf(call.path)) {
      const answer = await send(spelling, call, from);
      expect(answer.status === 429 || neverProxied(answer), `${spelling}: ${answer.status}`).toBe(true);
    }
  });

  it('an IPv6 client is one client across its /64; another /64 is another client', async () => {
    const call = LIMITED[1];
    const as = (address: string) => send(call.path, call, { 'x-forwarded-for': address }).then((r) => r.status);
    expect(await as('2001:db8:aa:1::1')).toBe(400);
    expect(await as('2001:db8:aa:1:ffff:1:2:3')).toBe(400);
    // The third address of the same /64 (written out in full, as a client may) is refused.
    expect(await as('2001:0db8:00aa:0001:0000:0000:0000:0009')).toBe(429);
    expect(await as('2001:db8:aa:2::1')).toBe(400);
    // Compressed forms with the zeros inside the /64 are still read right.
    expect(await as('2001:db8::5')).toBe(400);
    expect(await as('2001:db8:0:0:7::1')).toBe(400);
    expect(await as('2001:db8::9:1:2:3')).toBe(429);
  });
});

describe('no redirect leaves the site', () => {
  it.each(['/login', '/register', '/find-pwd', '/privacy'])('a POST to a spelling of %s goes back to the page itself', async (page) => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const path of [`//evil.example/x%2F..%2F..%2F${page.slice(1)}`, `//evil.example/..${page}`, `/%2Fevil.example/..${page}`]) {
      const response = await get(`${edge.url}${path}`, form, 'POST', 'phone=1');
      if (response.status !== 303) continue;
      const location = one(response, 'location')!;
      expect(location, path).toBe(page);
    }
    const withQuery = await get(`${edge.url}${page}?invite=abc`, form, 'POST', 'a=1');
    expect(withQuery.status).toBe(303);
    expect(one(withQuery, 'location')).toBe(`${page}?invite=abc`);
  });

  it('the attack of the report: POST //evil.example/x%2F..%2F..%2Flogin is answered /login', async () => {
    const response = await get(`${edge.url}//evil.example/x%2F..%2F..%2Flogin`, { 'content-type': 'text/plain' }, 'POST', 'x');
    expect(response.status).toBe(303);
    expect(one(response, 'location')).toBe('/login');
  });
});

describe('X-Forwarded-Proto and HSTS', () => {
  let api: Server;
  let seen: IncomingHttpHeaders[];
  let direct: SecondNginx;
  let behindCdn: SecondNginx;
  let subdomains: SecondNginx;
  beforeAll(async () => {
    seen = [];
    api = createHttpServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
    });
    const upstream = await listen(api);
    // Nothing trusted (the shipped real-ip.conf); 127.0.0.1 as the CDN; the CDN plus includeSubDomains.
    direct = await startSecondNginx({ apiUpstream: upstream, webRoot: edge.webRoot });
    behindCdn = await startSecondNginx({ apiUpstream: upstream, webRoot: edge.webRoot, trustedProxies: ['127.0.0.1'] });
    subdomains = await startSecondNginx({
      apiUpstream: upstream,
      webRoot: edge.webRoot,
      trustedProxies: ['127.0.0.1'],
      limits: { EDGE_HSTS_INCLUDE_SUBDOMAINS: 'on' },
    });
  });
  afterAll(async () => {
    await Promise.all([direct?.stop(), behindCdn?.stop(), subdomains?.stop()]);
    if (api) await close(api);
  });

  // An API path the edge forwards (the health endpoints are kept from the public edge: 404 there):
  // what X-Forwarded-Proto the API was told for one request through this nginx.
  const API_PATH = '/api/user/info';
  const protoTold = async (url: string, headers: Record<string, string>) => {
    seen.length = 0;
    await get(`${url}${API_PATH}`, headers);
    expect(seen).toHaveLength(1);
    return seen[0]!['x-forwarded-proto'];
  };

  it("ignores a client's own X-Forwarded-Proto: no HSTS, and the API is told http", async () => {
    for (const nginxUnderTest of [direct, behindCdn]) {
      // A client talking to nginx directly (no X-Forwarded-For believed) claims https.
      const page = await get(`${nginxUnderTest.url}/login`, { 'x-forwarded-proto': 'https' });
      expect(page.headers['strict-transport-security']).toBeUndefined();
      expect(await protoTold(nginxUnderTest.url, { 'x-forwarded-proto': 'https' })).toBe('http');
    }
    // Behind no trusted proxy, an X-Forwarded-For of the client's own does not make it one.
    const forged = await get(`${direct.url}/login`, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.1' });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('takes X-Forwarded-Proto from a trusted proxy: HSTS over https, the API told https', async () => {
    const page = await get(`${behindCdn.url}/login`, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.2' });
    expect(one(page, 'strict-transport-security')).toBe('max-age=31536000');
    expect(await protoTold(behindCdn.url, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.2' })).toBe('https');
    const plain = await get(`${behindCdn.url}/login`, { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.2' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Anything but http or https from the proxy counts as nginx's own scheme.
    expect(await protoTold(behindCdn.url, { 'x-forwarded-proto': 'gopher', 'x-forwarded-for': '203.0.113.2' })).toBe('http');
  });

  it('EDGE_HSTS_INCLUDE_SUBDOMAINS=on adds includeSubDomains, on pages, assets and API answers', async () => {
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.3' };
    for (const path of ['/login', '/plan/list', API_PATH, '/manifest.webmanifest']) {
      const response = await get(`${subdomains.url}${path}`, https);
      expect(one(response, 'strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
    }
  });
});

describe('the access log', () => {
  it('masks phone numbers in the request line and the referer; order numbers stay whole', async () => {
    const phone = '13912345678';
    const orderNo = '20261130100000123456';
    await get(`${nginx.url}/api/admin/users/${phone}?phone=${phone}&other=13512345678`, {
      referer: `https://shop.example/admin/users/${phone}`,
    });
    await get(`${nginx.url}/api/order/detail?orderNo=${orderNo}`);
    await expect.poll(async () => (await nginx.accessLog()).some((line) => line.includes(orderNo))).toBe(true);
    const lines = await nginx.accessLog();
    const line = lines.find((l) => l.includes('/api/admin/users/'))!;
    expect(line).toContain('/api/admin/users/139****5678?phone=139****5678&other=135****5678');
    expect(line).toContain('"https://shop.example/admin/users/139****5678"');
    for (const number of [phone, '13512345678']) expect(lines.join('\n')).not.toContain(number);
  });
});
