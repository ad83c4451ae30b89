/**
 * The API's log as a JSON pipeline reads it: every line is JSON; a payment gateway's failure is a
 * line of its own with the request id of the request that met it (gateway, call, outcome, the
 * vendor's code and message, never a signed parameter); the probes that call every few seconds
 * (healthz, readyz, /metrics) log at debug, so LOG_LEVEL=info leaves them out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/lib/logger.ts';
import { readPaymentSettings } from '../src/modules/pay/index.ts';
import { FakeAlipay } from './support/fakes/alipay.ts';
import { PUBLIC_BASE_URL } from './support/pay-support.ts';
import { call, createTestEnv, createTestUser, type TestEnv } from './support/support.ts';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

/** An app logging at `level` into a list, with Alipay on a fake gateway (production: no sandbox). */
async function loggedEnv(level: string, fake: FakeAlipay) {
  const raw: string[] = [];
  const { settings } = readPaymentSettings({ ...fake.env, PUBLIC_BASE_URL });
  const env = await createTestEnv({
    config: { nodeEnv: 'production', payments: settings },
    logger: createLogger(level, { write: (line: string) => void raw.push(line) }),
  });
  // Every line JSON, or JSON.parse throws here.
  const lines = () => raw.map((line) => JSON.parse(line) as Line);
  return { env, raw, lines };
}

let fake: FakeAlipay;
beforeAll(async () => {
  fake = await new FakeAlipay().start();
});
afterAll(() => fake?.stop());

describe('payment gateway failures', () => {
  let t: Awaited<ReturnType<typeof loggedEnv>>;
  beforeAll(async () => {
    t = await loggedEnv('info', fake);
  });
  afterAll(() => t?.env.close());

  const createOrder = async (env: TestEnv, requestId: string) => {
    const u = await createTestUser(env);
    const goods = (await call(env, 'GET', '/api/god/get', { token: u.token, query: { type: 'integral' } })).body.data;
    return env.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: { 't-token': u.token, 'x-request-id': requestId, 'content-type': 'application/json' },
      payload: { goodsId: goods[0].id, payType: 1 },
    });
  };

  it('an unreachable gateway: one JSON warn line with the request id, the call and the HTTP status', async () => {
    fake.failWith = 502;
    let answer;
    try {
      answer = await createOrder(t.env, 'req-gateway-down-0001');
    } finally {
      fake.failWith = null;
    }
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['x-request-id']).toBe('req-gateway-down-0001');
    const failures = t.lines().filter((l) => l.gatewayFailure);
    expect(failures).toEqual([
      expect.objectContaining({
        level: 40,
        reqId: 'req-gateway-down-0001',
        msg: 'payment gateway alipay alipay.trade.precreate unreachable',
        gatewayFailure: expect.objectContaining({ gateway: 'alipay', call: 'alipay.trade.precreate', outcome: 'unreachable', status: 502 }),
      }),
    ]);
    // The 503 itself is logged with the same id; nothing is plain text.
    expect(
      t
        .lines()
        .filter((l) => l.reqId === 'req-gateway-down-0001')
        .map((l) => l.msg),
    ).toEqual(expect.arrayContaining(['incoming request', 'request completed', 'request answered 503']));
  });

  it('a refusal: the vendor code and message; no signature, key or signed parameter anywhere in the log', async () => {
    fake.refuseWith = { subCode: 'ACQ.SYSTEM_ERROR', subMsg: '系统错误' };
    try {
      expect((await createOrder(t.env, 'req-gateway-refused-01')).statusCode).toBe(503);
    } finally {
      fake.refuseWith = null;
    }
    const failure = t.lines().find((l) => l.reqId === 'req-gateway-refused-01' && l.gatewayFailure);
    expect(failure?.gatewayFailure).toEqual({
      gateway: 'alipay',
      call: 'alipay.trade.precreate',
      outcome: 'refused',
      code: '40004 ACQ.SYSTEM_ERROR',
      message: 'Business Failed 系统错误',
    });
    const all = t.raw.join('\n');
    for (const secret of ['sign=', 'biz_content', 'BEGIN PRIVATE KEY', fake.env.ALIPAY_PRIVATE_KEY!.split('\n')[1]!])
      expect(all).not.toContain(secret);
  });

  it('a vendor message quoting a phone number: the line keeps its request id, the number is masked', async () => {
    fake.refuseWith = { subCode: 'ACQ.BUYER_ERROR', subMsg: '买家 +8613912345678 状态异常' };
    try {
      expect((await createOrder(t.env, 'req-gateway-phone-01')).statusCode).toBe(503);
    } finally {
      fake.refuseWith = null;
    }
    const failure = t.lines().find((l) => l.reqId === 'req-gateway-phone-01' && l.gatewayFailure);
    expect(failure?.gatewayFailure).toMatchObject({ outcome: 'refused', message: 'Business Failed 买家 +86139****5678 状态异常' });
    expect(t.raw.join('\n')).not.toContain('13912345678');
  });
});

describe('health probes', () => {
  const probe = async (env: TestEnv, url: string, requestId: string) => {
    const answer = await env.app.inject({ method: 'GET', url, headers: { 'x-request-id': requestId } });
    expect(answer.statusCode, url).toBe(200);
  };

  it('at LOG_LEVEL=info: healthz, readyz and /metrics write nothing; an ordinary request still writes its two lines', async () => {
    const t = await loggedEnv('info', fake);
    try {
      await probe(t.env, '/api/healthz', 'probe-healthz-0001');
      await probe(t.env, '/api/readyz', 'probe-readyz-00001');
      await probe(t.env, '/metrics', 'probe-metrics-0001');
      await probe(t.env, '/api/readyz?from=balancer', 'probe-readyz-query');
      await probe(t.env, '/api/Announcement/get?type=top', 'ordinary-request-1');
      expect(t.lines().filter((l) => l.reqId?.startsWith('probe-'))).toEqual([]);
      expect(t.lines().filter((l) => l.reqId === 'ordinary-request-1')).toEqual([
        expect.objectContaining({ level: 30, msg: 'incoming request' }),
        expect.objectContaining({ level: 30, msg: 'request completed' }),
      ]);
    } finally {
      await t.env.close();
    }
  });

  it('at LOG_LEVEL=debug they are there, at debug (20)', async () => {
    const t = await loggedEnv('debug', fake);
    try {
      await probe(t.env, '/api/healthz', 'probe-healthz-0002');
      const lines = t.lines().filter((l) => l.reqId === 'probe-healthz-0002');
      expect(lines.map((l) => [l.level, l.msg])).toEqual([
        [20, 'incoming request'],
        [20, 'request completed'],
      ]);
    } finally {
      await t.env.close();
    }
  });
});
