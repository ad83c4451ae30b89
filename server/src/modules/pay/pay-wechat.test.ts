/**
 * WeChat Pay v3 Native end to end through wechatpay-axios-plugin against a local fake of the API:
 * signed requests, signed answers, notifications verified on the raw body and decrypted with the
 * API v3 key (genuine, replayed, forged), query settling a missed notification, close on cancel
 * and on expiry.
 */
import { describe, expect, it } from 'vitest';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { MINUTE } from '../../lib/clock.ts';
import { createWechatPayProvider } from './wechatpay.ts';
import type { GatewayFailure } from './provider.ts';
import { readPaymentSettings } from './settings.ts';
import { FakeWechatPay } from '../../../test/support/fakes/wechatpay.ts';
import {
  balanceChecked,
  consoleOrdersByTradeNo,
  expectEachCallTimesOut,
  orderStatus,
  PUBLIC_BASE_URL,
  storedTradeNo,
  useGatewayEnv,
} from '../../../test/support/pay-support.ts';
import { call, createTestUser, type TestUser } from '../../../test/support/support.ts';

const t = useGatewayEnv(() => new FakeWechatPay().start());

const balance = (id: number) => balanceChecked(t.env, id);
const statusOf = (orderNo: string) => orderStatus(t.env, orderNo);
const buy = async (u: TestUser, g = t.goods[0]!) => {
  const res = await call(t.env, 'POST', '/api/order/create', { token: u.token, body: { goodsId: g.id, payType: 2 } });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
};
const notify = (n: { body: string; headers: Record<string, string> }) =>
  t.env.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers: n.headers, payload: n.body });

describe('WeChat Pay Native', () => {
  it('order/create places a signed Native order and answers its code_url; pay/types offers 2, not 1', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u);
    expect(order.pay).toEqual({ kind: 'online', provider: 'wechat', qrCode: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/) });
    const placed = t.fake.calls.find(
      (c) => c.path === '/v3/pay/transactions/native' && (c.body as { out_trade_no: string }).out_trade_no === order.orderNo,
    );
    expect(placed!.body).toMatchObject({
      appid: t.fake.appId,
      mchid: t.fake.mchId,
      description: t.goods[0]!.name,
      notify_url: `${PUBLIC_BASE_URL}/api/pay/notify/wechat`,
      amount: { total: t.goods[0]!.price, currency: 'CNY' },
    });
    expect(Date.parse((placed!.body as { time_expire: string }).time_expire)).toBe(Math.floor(Date.parse(order.expiresAt) / 1000) * 1000);
    expect(t.fake.refused).toEqual([]);
    const types = (await call(t.env, 'GET', '/api/pay/types', { token: u.token })).body.data.map((t: { payType: number }) => t.payType);
    expect(types).toEqual([2, 3, 4, 6, 9]);
  });

  it('a genuine notification pays once (204); replayed 20 times at once, credited once', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u);
    const paid = t.fake.pay(order.orderNo);
    const n = t.fake.notification({ out_trade_no: order.orderNo });
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(n)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(204));
    expect(await statusOf(order.orderNo)).toBe('paid');
    expect(await balance(u.id)).toBe(t.goods[0]!.points);
    // The transaction_id is kept and the console finds the order by it.
    expect(paid.transaction_id).toMatch(/^42000\d{23}$/);
    expect(await storedTradeNo(t.env, order.orderNo)).toBe(paid.transaction_id);
    expect((await consoleOrdersByTradeNo(t.env, paid.transaction_id)).map((o) => o.orderNo)).toEqual([order.orderNo]);
  });

  it('forged signature, altered body, wrong amount, unknown order, other merchant, wrong key, stale: 400 FAIL, nothing credited', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u);
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const genuine = t.fake.notification({ out_trade_no: order.orderNo });
    const forged = [
      t.fake.notification({ out_trade_no: order.orderNo }, { signWith: stranger }),
      { ...genuine, body: genuine.body.replace('"summary":"支付成功"', '"summary":"x"') },
      t.fake.notification({ out_trade_no: order.orderNo, amount: { total: order.amount - 1, currency: 'CNY' } }),
      t.fake.notification({ out_trade_no: '20990101000000999999' }),
      t.fake.notification({ out_trade_no: order.orderNo, mchid: '1900000000' }),
      t.fake.notification({ out_trade_no: order.orderNo, appid: 'wx0000000000000000' }),
      t.fake.notification({ out_trade_no: order.orderNo }, { apiV3Key: randomBytes(16).toString('hex') }),
      t.fake.notification({ out_trade_no: order.orderNo }, { at: new Date(Date.now() - 10 * MINUTE) }),
      { ...genuine, headers: { ...genuine.headers, 'Wechatpay-Serial': 'PUB_KEY_ID_OTHER' } },
    ];
    for (const n of forged) {
      const res = await notify(n);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'FAIL', message: '失败' });
    }
    expect(await statusOf(order.orderNo)).toBe('pending');
    expect(await balance(u.id)).toBe(0);
  });

  it('polling order/detail queries the transaction and books a payment whose notification never came', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u);
    t.fake.pay(order.orderNo);
    const detail = await call(t.env, 'GET', '/api/order/detail', { token: u.token, query: { orderNo: order.orderNo } });
    expect(detail.body.data.status).toBe('paid');
    expect(await storedTradeNo(t.env, order.orderNo)).toBe(t.fake.transactions.get(order.orderNo)!.transaction_id);
    expect(t.fake.calls.some((c) => c.method === 'GET' && c.path === `/v3/pay/transactions/out-trade-no/${order.orderNo}`)).toBe(true);
    expect(await balance(u.id)).toBe(t.goods[0]!.points);
  });

  it('cancel closes the transaction at WeChat Pay; expiry closes it too', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u);
    const res = await call(t.env, 'POST', '/api/order/cancel', { token: u.token, body: { orderNo: order.orderNo } });
    expect(res.body.data.status).toBe('cancelled');
    expect(t.fake.transactions.get(order.orderNo)!.trade_state).toBe('CLOSED');

    const late = await buy(u, t.goods[1]!);
    t.env.clock.advance(30 * MINUTE);
    expect((await call(t.env, 'GET', '/api/order/list', { token: u.token, query: { type: 'record' } })).body.data.list[0].status).toBe(
      'expired',
    );
    await expect.poll(() => t.fake.transactions.get(late.orderNo)!.trade_state, { timeout: 10_000 }).toBe('CLOSED');
  });
});

describe('an order whose Native order WeChat Pay did not make', () => {
  it('refused (HTTP 500 SYSTEM_ERROR): 503 in Chinese, cancelled with its reason, nothing payable listed', async () => {
    const u = await createTestUser(t.env);
    t.fake.failWith = 500;
    let res;
    try {
      res = await call(t.env, 'POST', '/api/order/create', { token: u.token, body: { goodsId: t.goods[1]!.id, payType: 2 } });
    } finally {
      t.fake.failWith = null;
    }
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('微信支付暂时无法处理，请稍后再试或选择其他支付方式');
    const listed = (await call(t.env, 'GET', '/api/order/list', { token: u.token, query: { type: 'record', page: 1, pageSize: 10 } })).body
      .data;
    expect(listed.list).toEqual([expect.objectContaining({ status: 'cancelled', cancelReason: 'gateway_failed' })]);
    // Even if a payment came for it after all, it would be booked, not lost (payOrder takes a gateway's payment of a cancelled order).
    expect(await balance(u.id)).toBe(0);
  });

  it('an order that already has its QR code stays pending (and payable) when making it again fails', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u, t.goods[2]!);
    t.fake.failWith = 500;
    try {
      // The phone scene asks WeChat Pay again (a desktop resume reuses the stored code without a call).
      const again = await call(t.env, 'POST', '/api/order/create', {
        token: u.token,
        body: { goodsId: t.goods[2]!.id, payType: 2, scene: 'wap' },
      });
      expect(again.status).toBe(503);
    } finally {
      t.fake.failWith = null;
    }
    expect(await statusOf(order.orderNo)).toBe('pending');
    const resumed = await buy(u, t.goods[2]!);
    expect(resumed.orderNo).toBe(order.orderNo);
    expect(resumed.pay.qrCode).toBe(order.pay.qrCode);
  });
});

describe('a gateway that never answers', () => {
  it('create, query and close are each answered 503 in Chinese once the timeout passes', async () => {
    const { settings } = readPaymentSettings({ ...t.fake.env, PUBLIC_BASE_URL });
    const logged: GatewayFailure[] = [];
    const provider = createWechatPayProvider(settings.wechatPay!, {
      notifyUrl: 'https://a.test/n',
      log: (m) => logged.push(m),
      timeoutMs: 300,
    });
    await expectEachCallTimesOut(provider, t.fake, logged, '微信支付暂时无法处理，请稍后再试或选择其他支付方式');
  });
});
