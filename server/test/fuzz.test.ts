/**
 * Property-based fuzz over every API route the app registers: hostile values (ints beyond int4,
 * negatives, floats, NUL, lone surrogates, long strings, wrong types, arrays, objects) in the
 * route's own fields (on top of a valid partial input, so a hostile value gets past the other
 * checks), in path parameters and as whole bodies, logged in and out. No answer may be a 5xx and
 * nothing may be written. Each field gets RUNS_PER_FIELD requests, so the run is bounded; it
 * prints how many it sent and the 5xx seen.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestEnv, createTestUser, tableSnapshot, type TestEnv, type TestUser } from './support/support.ts';

/** Requests per field of a route (and per route without fields). */
const RUNS_PER_FIELD = 15;
/** Always tried in every field, alone and logged in: the values that once answered 500. */
const KNOWN_TROUBLE = ['a\u0000b', '\ud800', 2147483648];

const PLAN_FORM = [
  'flowType',
  'itemUrl',
  'itemId',
  'title',
  'image',
  'shopName',
  'keywords',
  'configId',
  'optionIds',
  'dailyCount',
  'days',
  'distribution',
];
const PLAN_FILTERS = ['flowType', 'status', 'keyword', 'dateType', 'dateFrom', 'dateTo'];
const ITEM_QUERY = ['url', 'itemId', 'flowType'];

/**
 * The input fields of each API route, and a valid partial input the hostile field is added to
 * (read routes, or writes that cannot happen: no such template, no goods id in the base). A route
 * the app has but this table lacks fails the test, so a new route gets fuzzed too.
 */
const INPUTS: Record<string, { fields: string[]; base?: Record<string, unknown> }> = {
  'GET /api/healthz': { fields: [] },
  'GET /api/readyz': { fields: [] },
  'POST /api/user/send-sms-code': { fields: ['phone', 'type'] },
  'POST /api/user/reg': { fields: ['phone', 'password', 'verifyCode', 'inviteCode'] },
  'POST /api/user/reset-pwd': { fields: ['phone', 'password', 'verifyCode'] },
  'GET /api/user/recommend/list': { fields: ['page', 'pageSize'] },
  'POST /api/user/pwd-login': { fields: ['phone', 'password'] },
  'POST /api/user/update-avatar': { fields: ['avatar'] },
  'GET /api/user/user-data': { fields: [] },
  'GET /api/dev/sms-outbox': { fields: ['phone'] },
  'GET /api/wechat/qr-code': { fields: [] },
  'GET /api/Announcement/get': { fields: ['type'] },
  'GET /api/Announcement/banner': { fields: [] },
  'GET /api/god/get': { fields: ['type'] },
  'GET /api/god/member-levels': { fields: [] },
  'POST /api/order/create': { fields: ['goodsId', 'payType'], base: { payType: 1 } },
  'GET /api/order/list': { fields: ['type', 'page', 'pageSize', 'startDate', 'endDate', 'orderNo'], base: { type: 'record' } },
  'GET /api/order/detail': { fields: ['orderNo'] },
  'POST /api/pay/sandbox/:orderNo/confirm': { fields: [] },
  'GET /api/pay/types': { fields: [] },
  'POST /api/pay/notify/alipay': { fields: ['out_trade_no', 'total_amount', 'trade_no', 'trade_status', 'app_id', 'sign', 'sign_type'] },
  'POST /api/pay/notify/wechat': { fields: ['id', 'event_type', 'resource', 'resource_type'] },
  'POST /api/order/cancel': { fields: ['orderNo'] },
  'POST /api/user/logout-hash': { fields: ['tokenHash'] },
  'GET /api/user/devices': { fields: [] },
  'POST /api/user/devices/logout': { fields: ['id'] },
  'POST /api/user/devices/logout-others': { fields: [] },
  'POST /api/user/privacy-consent': { fields: ['version'] },
  // No deletion code was ever sent to the fuzz user: every attempt must be refused.
  'POST /api/user/delete-account': { fields: ['verifyCode'] },
  'GET /api/user/data-export': { fields: [] },
  'GET /api/files/:id': { fields: [] },
  'GET /api/plan/config': { fields: ['flowType'] },
  'GET /api/plan/config/full-data': { fields: [] },
  'GET /api/plan/count-data': { fields: ['flowType'] },
  'POST /api/plan/create': { fields: [...PLAN_FORM, 'startDate'] },
  'GET /api/plan/deep-condition/data': { fields: ['flowType', 'configId'], base: { flowType: 'tb' } },
  'GET /api/plan/manage/list': { fields: [...PLAN_FILTERS, 'page', 'pageSize'] },
  'GET /api/plan/manage/detail': { fields: ['id'] },
  'POST /api/plan/manage/delete': { fields: ['ids'] },
  'POST /api/plan/manage/stop': { fields: ['ids'] },
  'GET /api/plan/manage/export': { fields: PLAN_FILTERS },
  'POST /api/plan/template/generate': { fields: ['planId', 'name', 'form'] },
  'GET /api/plan/template/list': { fields: ['page', 'pageSize'] },
  'POST /api/plan/template/update': { fields: ['id', 'name', 'form'], base: { name: '模板' } },
  'POST /api/plan/template/delete': { fields: ['id'] },
  'POST /api/plan/template/publish': { fields: ['id', 'startDate'], base: { startDate: '2026-12-01' } },
  'GET /api/item/get': { fields: ITEM_QUERY },
  'GET /api/item/pdd/get': { fields: ITEM_QUERY },
  'GET /api/item/pdd/store-name': { fields: ITEM_QUERY },
  // The console: the fuzz user has no role, so every one must refuse without writing.
  'GET /api/admin/me': { fields: [] },
  'GET /api/admin/orders': { fields: ['status', 'payType', 'phone', 'orderNo', 'from', 'to', 'page', 'pageSize'] },
  'POST /api/admin/orders/:orderNo/confirm': { fields: ['remark'] },
  'POST /api/admin/orders/:orderNo/cancel': { fields: ['remark'] },
  'GET /api/admin/users': { fields: ['phone', 'page', 'pageSize'] },
  'GET /api/admin/users/:phone': { fields: [] },
  'POST /api/admin/users/:phone/points': { fields: ['delta', 'remark'] },
  'POST /api/admin/users/:phone/member': { fields: ['level', 'deadline'] },
  'POST /api/admin/users/:phone/disable': { fields: ['remark'] },
  'POST /api/admin/users/:phone/enable': { fields: ['remark'] },
  'POST /api/admin/users/:phone/logout-all': { fields: ['remark'] },
  'POST /api/admin/users/:phone/delete': { fields: ['remark'] },
  'POST /api/admin/users/:phone/role': { fields: ['role'] },
  'POST /api/admin/users/:phone/contact': { fields: ['operatorId'] },
  'GET /api/admin/stats': { fields: ['from', 'to'] },
  'GET /api/admin/staff': { fields: [] },
  'GET /api/admin/goods': { fields: [] },
  'POST /api/admin/goods': { fields: ['type', 'name', 'price', 'points', 'level', 'days', 'onSale', 'sort'] },
  'POST /api/admin/goods/:id': { fields: ['name', 'price', 'points', 'onSale', 'sort'] },
  'GET /api/admin/plan-configs': { fields: [] },
  'POST /api/admin/plan-configs/services': { fields: ['flowType', 'name', 'integral', 'sort'] },
  'POST /api/admin/plan-configs/services/:id': { fields: ['name', 'integral', 'sort'] },
  'POST /api/admin/plan-configs/conditions': { fields: ['configId', 'label', 'sort'] },
  'POST /api/admin/plan-configs/conditions/:id': { fields: ['label', 'sort'] },
  'POST /api/admin/plan-configs/options': { fields: ['conditionId', 'label', 'integral', 'sort'] },
  'POST /api/admin/plan-configs/options/:id': { fields: ['label', 'integral', 'sort'] },
  'GET /api/admin/contacts': { fields: [] },
  'POST /api/admin/contacts': { fields: ['nickname', 'avatar', 'wechatQr', 'remark', 'enabled'] },
  'POST /api/admin/contacts/:id': { fields: ['nickname', 'avatar', 'wechatQr', 'remark', 'enabled'] },
  'POST /api/admin/collect-accounts/:id': { fields: ['alipayCollectQr', 'wxpayCollectQr', 'bankAccount'] },
  'POST /api/admin/files': { fields: [] },
  'GET /api/admin/announcements': { fields: [] },
  'POST /api/admin/announcements': { fields: ['content', 'enabled', 'startAt', 'endAt'] },
  'POST /api/admin/announcements/:id': { fields: ['content', 'enabled', 'startAt', 'endAt'] },
  'GET /api/admin/audit': { fields: ['actor', 'action', 'from', 'to', 'page', 'pageSize'] },
  'GET /api/admin/reconciliation': { fields: [] },
  'GET /api/admin/refunds': { fields: [] },
  'POST /api/admin/refunds/:orderNo/done': { fields: ['remark'] },
  'GET /api/admin/item-providers': { fields: [] },
};
const ALL_FIELDS = [...new Set(Object.values(INPUTS).flatMap((input) => input.fields))];

/** Logout with a token legitimately writes (it revokes the session the rest of the run uses). */
const SKIPPED = new Set(['POST /api/user/logout']);

/** No small positive integers here: those can be real ids, and a valid request may write. */
const hostileNumber = fc.constantFrom(
  2147483648,
  2147483647,
  4294967296,
  -2147483649,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1,
  0,
  -0,
  0.5,
  1.5,
  -7.25,
  1e-7,
);
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
/** NUL or half a surrogate pair, alone or inside ordinary text. */
const unsafeText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'), fc.string({ maxLength: 8 }))
  .map((parts) => parts.join(''));
const hostileString = fc.oneof(
  fc.constantFrom('2147483648', '99999999999999999999', '-1', '0', '1.5', '1e3', 'NaN', 'Infinity', '-0', '0x10'),
  fc.constantFrom('', ' ', 'null', 'true', '[]', '{}', '%00', '%ED%A0%80', "' OR 1=1 --", '../../etc/passwd', '<script>', 'all', 'tb'),
  fc.constantFrom('😀'.repeat(40), '中'.repeat(3000), 'x'.repeat(100_000)),
  fc.string({ unit: codeUnit, maxLength: 40 }),
);
// Equal weights, so each kind of trouble comes up in every few requests of a field.
const hostileScalar = fc.oneof(unsafeText, hostileNumber, hostileString, fc.constantFrom(true, false, null));
const hostileValue = fc.oneof(
  { weight: 5, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 120 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('id', 'name', '__proto__', 'constructor', '\u0000', '\ud800'), hostileScalar, { maxKeys: 4 }),
  },
);
/** Mostly none, so the field under test is often the only thing wrong. */
const hostileFields = (names: string[]) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...names), hostileValue, { minKeys: 1, maxKeys: 2 }) },
  );

/** UTF-8 percent-encoding that keeps a lone surrogate as its own three bytes (WTF-8), as a raw client could send. */
function percentEncode(text: string): string {
  let out = '';
  for (const unit of text.split('')) {
    const code = unit.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdfff) {
      // Pairs are re-joined below; a lone half is written as bytes no UTF-8 decoder accepts.
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(unit);
    }
  }
  return out;
}
const queryText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
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
const routeKey = (route: Route) => `${route.method} ${route.url}`;

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
  // Only the API: the rest is the built app's files and the invite redirects.
  return routes.filter((route) => route.url.startsWith('/api/') && !SKIPPED.has(routeKey(route)));
}

let env: TestEnv;
let user: TestUser;
beforeAll(async () => {
  env = await createTestEnv();
  user = await createTestUser(env, { integral: 5000 });
});
afterAll(async () => env?.close());

/** Requests for one field of a route: a hostile value in it, on top of the route's base input and up to two more hostile fields. */
interface Case {
  route: Route;
  field: string;
  value: unknown;
  extra: Record<string, unknown>;
  pathValue: unknown;
  wholeBody: boolean;
  loggedIn: boolean;
}
const requestCase = (route: Route, field: string, names: string[]): fc.Arbitrary<Case> =>
  fc
    .record({
      value: hostileValue,
      extra: hostileFields(names),
      pathValue: hostileValue,
      // Now and then the whole body is one hostile value (a string, a number, an array...).
      wholeBody: fc.oneof({ weight: 7, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      loggedIn: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    })
    .map((parts) => ({ route, field, ...parts }));

it('hostile values in every field of every route: no 5xx, nothing written', async () => {
  const routes = registeredRoutes(env.app.printRoutes({ commonPrefix: false }));
  expect(routes).toContainEqual({ method: 'POST', url: '/api/pay/sandbox/:orderNo/confirm' });
  expect(routes).toContainEqual({ method: 'GET', url: '/api/plan/config/full-data' });
  expect(
    routes.map(routeKey).filter((key) => !INPUTS[key]),
    'routes missing from INPUTS',
  ).toEqual([]);
  expect(
    Object.keys(INPUTS).filter((key) => !routes.some((route) => routeKey(route) === key)),
    'INPUTS of routes that are gone',
  ).toEqual([]);

  const before = await tableSnapshot(env);
  const statuses = new Map<number, number>();
  const hit = new Set<string>();
  let sent = 0;

  for (const route of routes) {
    const input = INPUTS[routeKey(route)]!;
    // A route without fields still gets hostile fields (and bodies) it must refuse or ignore.
    const targets = input.fields.length ? input.fields : [fc.sample(fc.constantFrom(...ALL_FIELDS), 1)[0]!];
    const names = input.fields.length ? input.fields : ALL_FIELDS;
    for (const target of targets) {
      await fc.assert(
        fc.asyncProperty(requestCase(route, target, names), async ({ field, value, extra, pathValue, wholeBody, loggedIn }) => {
          const fields = { ...input.base, ...extra, [field]: value };
          const url = route.url.replace(/:[A-Za-z]+/g, () => percentEncode(queryText(pathValue)) || 'x');
          const body = route.method === 'POST' ? JSON.stringify(wholeBody ? value : fields) : undefined;
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
          hit.add(routeKey(route));
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) throw new Error(`${route.method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
          // Every JSON answer is the envelope, but for the exports (files: an attachment, even when
          // JSON like the data copy) and the gateways' notifications, which answer in the form each
          // vendor requires (Alipay plain text, WeChat Pay {code, message}).
          const isFile = String(res.headers['content-disposition'] ?? '').startsWith('attachment');
          if (!route.url.startsWith('/api/pay/notify/') && !isFile && String(res.headers['content-type']).startsWith('application/json'))
            expect(JSON.parse(res.body).success).toBe(res.statusCode < 400);
        }),
        {
          numRuns: RUNS_PER_FIELD,
          endOnFailure: true,
          examples: KNOWN_TROUBLE.map((value): [Case] => [
            { route, field: target, value, extra: {}, pathValue: value, wholeBody: false, loggedIn: true },
          ]),
        },
      );
    }
  }

  const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((n, [, count]) => n + count, 0);
  console.log(
    `fuzz: ${sent} requests over ${hit.size}/${routes.length} routes, ${fiveHundreds} 5xx; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  expect(fiveHundreds).toBe(0);
  expect(hit.size).toBe(routes.length);
  // A lookup whose identifier has the right shape reaches the gateway, so it counts against the
  // lookup limit (item_lookup_attempts) even when the item is not found: bookkeeping, not data.
  const after = await tableSnapshot(env);
  expect(after['item_lookup_attempts']).toBeGreaterThanOrEqual(before['item_lookup_attempts']!);
  expect({ ...after, item_lookup_attempts: 0 }).toEqual({ ...before, item_lookup_attempts: 0 });
});
