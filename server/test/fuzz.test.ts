/**
 * Property-based fuzz over every API route the app registers: hostile values (ints beyond int4,
 * negatives, floats, NUL, lone surrogates, long strings, wrong types, arrays, objects) in every
 * field name the API knows, as query, path parameters and JSON body, logged in and out. No answer
 * may be a 5xx and nothing may be written. The run is bounded (RUNS requests) and prints its figures.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestEnv, createTestUser, tableSnapshot, type TestEnv, type TestUser } from './support.ts';

const RUNS = 1500;

/** Every field name of the API's inputs, so hostile values reach the validators of each one. */
const FIELDS = [
  'id', 'ids', 'planId', 'name', 'form', 'startDate', 'endDate', 'goodsId', 'payType', 'type', 'page', 'pageSize',
  'orderNo', 'keyword', 'flowType', 'status', 'dateType', 'dateFrom', 'dateTo', 'configId', 'optionIds', 'url',
  'itemId', 'itemUrl', 'title', 'keywords', 'distribution', 'dailyCount', 'days', 'phone', 'password', 'verifyCode',
  'inviteCode', 'avatar',
];

/**
 * Routes left out: the SPA fallback and /metrics are not API input, and logout with a token
 * legitimately writes (it revokes the session the rest of the run uses).
 */
const SKIPPED = new Set(['/*', '*', '/metrics', '/api/user/logout']);

/** No small positive integers here: those can be real ids, and a valid request may write. */
const hostileNumber = fc.constantFrom(
  2147483648, 2147483647, 4294967296, -2147483649, 2 ** 53, 2 ** 53 + 2, 1e21, 1e308, -1, 0, -0, 0.5, 1.5, -7.25, 1e-7,
);
const loneSurrogate = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff');
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const hostileString = fc.oneof(
  fc.constantFrom(
    '', ' ', '\u0000', 'a\u0000b', '2147483648', '99999999999999999999', '-1', '0', '1.5', '1e3', 'NaN', 'Infinity', 'null',
    'true', '[]', '{}', '%00', '%ED%A0%80', "' OR 1=1 --", '../../etc/passwd', '<script>alert(1)</script>', 'all', 'tb',
    '😀'.repeat(40), '中'.repeat(3000), 'x'.repeat(100_000),
  ),
  loneSurrogate.map((s) => `标题${s}`),
  fc.string({ unit: codeUnit, maxLength: 40 }),
  fc.string({ maxLength: 300 }),
);
const hostileScalar = fc.oneof(hostileNumber, hostileString, fc.constantFrom(true, false, null));
const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 120 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS, '__proto__', 'constructor', '\u0000'), hostileScalar, { maxKeys: 4 }) },
);
const hostileFields = fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { minKeys: 0, maxKeys: 5 });

/** UTF-8 percent-encoding that keeps a lone surrogate as its own three bytes (WTF-8), as a raw client could send. */
function percentEncode(text: string): string {
  let out = '';
  for (const unit of text.split('')) {
    const code = unit.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdfff) {
      // Pairs are re-joined below; a lone half is written as bytes no UTF-8 decoder accepts.
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(unit);
    }
  }
  return out;
}
const queryText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');
function queryString(fields: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) parts.push(`${percentEncode(key)}=${percentEncode(queryText(item))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

interface Route {
  method: 'GET' | 'POST';
  url: string;
}

/** The app's routes from printRoutes (one line per path, nested under common prefixes). */
function registeredRoutes(printed: string): Route[] {
  const routes: Route[] = [];
  const parents: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    parents.length = depth;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    for (const method of match[3]!.split(', ')) if (method === 'GET' || method === 'POST') routes.push({ method, url: path });
  }
  return routes.filter((route) => !SKIPPED.has(route.url));
}

let env: TestEnv;
let user: TestUser;
beforeAll(async () => {
  env = await createTestEnv();
  user = await createTestUser(env, { integral: 5000 });
});
afterAll(async () => env?.close());

it(`${RUNS} hostile requests over every route: no 5xx, nothing written`, async () => {
  const routes = registeredRoutes(env.app.printRoutes({ commonPrefix: false }));
  expect(routes.length).toBeGreaterThan(30);
  expect(routes).toContainEqual({ method: 'POST', url: '/api/pay/sandbox/:orderNo/confirm' });
  expect(routes).toContainEqual({ method: 'GET', url: '/api/plan/manage/list' });

  const before = await tableSnapshot(env);
  const statuses = new Map<number, number>();
  const hit = new Set<string>();
  let sent = 0;

  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...routes),
      fc.boolean(),
      hostileFields,
      hostileValue,
      fc.oneof(fc.constant('object'), fc.constant('raw')),
      async (route, loggedIn, fields, pathValue, bodyKind) => {
        const url = route.url.replace(/:[A-Za-z]+/g, () => percentEncode(queryText(pathValue)) || 'x');
        const body = route.method === 'POST' ? JSON.stringify(bodyKind === 'object' ? fields : pathValue) : undefined;
        const res = await env.app.inject({
          method: route.method,
          url: route.method === 'GET' ? url + queryString(fields) : url,
          headers: {
            'x-requested-with': 'XMLHttpRequest',
            ...(loggedIn ? { 't-token': user.token } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          payload: body,
        });
        sent++;
        hit.add(`${route.method} ${route.url}`);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) throw new Error(`${route.method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        // Every JSON answer is the envelope (the export and payment acks are files and plain text).
        if (String(res.headers['content-type']).startsWith('application/json')) expect(JSON.parse(res.body).success).toBe(res.statusCode < 400);
      },
    ),
    { numRuns: RUNS, endOnFailure: true },
  );

  const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((n, [, count]) => n + count, 0);
  console.log(
    `fuzz: ${sent} requests over ${hit.size}/${routes.length} routes, ${fiveHundreds} 5xx; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  expect(fiveHundreds).toBe(0);
  expect(hit.size).toBe(routes.length);
  expect(await tableSnapshot(env)).toEqual(before);
});
