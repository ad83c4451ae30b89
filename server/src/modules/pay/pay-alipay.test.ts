/**
 * Alipay end to end through the official SDK against a local fake of the open platform gateway:
 * precreate (QR), the phone cashier link, signed notifications (genuine, replayed, forged), the
 * query that settles a missed notification, and close on cancel and on expiry.
 */
import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { orders, users } from '../../tables.ts';
import { MINUTE } from '../../lib/clock.ts';
import { createAlipayProvider } from './alipay.ts';
import type { GatewayFailure } from './provider.ts';
import { cancelPendingOrder } from '../order/index.ts';
import { readPaymentSettings } from './settings.ts';
import { FakeAlipay } from '../../../test/support/fakes/alipay.ts';
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

const t = useGatewayEnv(() => new FakeAlipay().start());

const balance = (id: number) => balanceChecked(t.env, id);
const statusOf = (orderNo: string) => orderStatus(t.env, orderNo);
const buy = async (u: TestUser, g = t.goods[0]!, body: Record<string, unknown> = {}) => {
  const res = await call(t.env, 'POST', '/api/order/create', { token: u.token, body: { goodsId: g.id, payType: 1, ...body } });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
};
const notify = (form: Record<string, string>) =>
  t.env.app.inject({
    method: 'POST',
    url: '/api/pay/notify/alipay',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: new URLSearchParams(form).toString(),
  });
const yuan = (fen: number) => (fen / 100).toFixed(2);

describe('creating a payment', () => {
  it('desktop: alipay.trade.precreate, signed by the app key, answers the QR code; a resume reuses it', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u);
    expect(order.pay).toEqual({ kind: 'online', provider: 'alipay', qrCode: expect.stringMatching(/^https:\/\/qr\.alipay\.com\/fake/) });
    const [precreate] = t.fake.callsOf('alipay.trade.precreate').filter((c) => c.biz.out_trade_no === order.orderNo);
    expect(precreate!.biz).toMatchObject({ out_trade_no: order.orderNo, total_amount: yuan(t.goods[0]!.price), subject: t.goods[0]!.name });
    expect(precreate!.biz.time_expire).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(precreate!.params.notify_url).toBe(`${PUBLIC_BASE_URL}/api/pay/notify/alipay`);
    expect(t.fake.refused).toEqual([]);
    const again = await buy(u);
    expect(again.orderNo).toBe(order.orderNo);
    expect(again.pay.qrCode).toBe(order.pay.qrCode);
    expect(t.fake.callsOf('alipay.trade.precreate').filter((c) => c.biz.out_trade_no === order.orderNo)).toHaveLength(1);
  });

  it('phone: a signed alipay.trade.wap.pay link to the gateway, returning to the site', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u, t.goods[1]!, { scene: 'wap' });
    expect(order.pay.provider).toBe('alipay');
    expect(order.pay.payUrl.startsWith(t.fake.gateway)).toBe(true);
    const opened = t.fake.openPayUrl(order.pay.payUrl);
    expect(opened.refused).toBeNull();
    expect(opened.params).toMatchObject({
      method: 'alipay.trade.wap.pay',
      notify_url: `${PUBLIC_BASE_URL}/api/pay/notify/alipay`,
      return_url: `${PUBLIC_BASE_URL}/recharge/record`,
    });
    expect(opened.biz).toMatchObject({ out_trade_no: order.orderNo, total_amount: yuan(t.goods[1]!.price), product_code: 'QUICK_WAP_WAY' });
  });

  it('pay/types offers Alipay, not WeChat Pay (not configured) nor the sandbox', async () => {
    const u = await createTestUser(t.env);
    const types = (await call(t.env, 'GET', '/api/pay/types', { token: u.token })).body.data;
    expect(types.map((t: { payType: number }) => t.payType)).toEqual([1, 3, 4, 6, 9]);
    expect(types[0]).toEqual({ payType: 1, payTypeText: '支付宝' });
    const wx = await call(t.env, 'POST', '/api/order/create', { token: u.token, body: { goodsId: t.goods[0]!.id, payType: 2 } });
    expect(wx.status).toBe(400);
    expect(wx.body).toMatchObject({ success: false, message: '微信支付暂未开通，请选择其他支付方式' });
  });

  /** order/create while the fake fails the way `fail` sets it: 503 in Chinese, and no payable-looking order left behind. */
  async function expectFailedCreationCancelled(fail: () => void, label: string) {
    const u = await createTestUser(t.env);
    fail();
    let first;
    try {
      first = await call(t.env, 'POST', '/api/order/create', { token: u.token, body: { goodsId: t.goods[2]!.id, payType: 1 } });
    } finally {
      t.fake.failWith = null;
      t.fake.hang = false;
      t.fake.refuseWith = null;
    }
    expect(first.status, label).toBe(503);
    expect(first.body).toMatchObject({ success: false, message: '支付宝暂时无法处理，请稍后再试或选择其他支付方式' });
    // The user's list and the console's queue: the order is cancelled with its reason, not 待支付.
    const listed = (await call(t.env, 'GET', '/api/order/list', { token: u.token, query: { type: 'record', page: 1, pageSize: 10 } })).body
      .data;
    expect(listed.list, label).toEqual([
      expect.objectContaining({
        status: 'cancelled',
        statusText: '已取消',
        cancelReason: 'gateway_failed',
        cancelReasonText: '支付渠道未能创建付款，订单已自动取消',
      }),
    ]);
    const staff = await createTestUser(t.env);
    await t.env.ctx.db.update(users).set({ role: 'operator' }).where(eq(users.id, staff.id));
    const queue = (
      await call(t.env, 'GET', '/api/admin/orders', { token: staff.token, query: { status: 'pending', page: 1, pageSize: 100 } })
    ).body.data;
    expect(
      queue.list.map((o: { orderNo: string }) => o.orderNo),
      label,
    ).not.toContain(listed.list[0].orderNo);
    // Buying again makes a new order, payable at once.
    const retry = await buy(u, t.goods[2]!);
    expect(retry.pay.qrCode).toMatch(/^https:\/\/qr\.alipay\.com\/fake/);
    const mine = await t.env.ctx.db.select().from(orders).where(eq(orders.userId, u.id)).orderBy(orders.id);
    expect(mine.map((o) => [o.status, o.cancelReason])).toEqual([
      ['cancelled', 'gateway_failed'],
      ['pending', null],
    ]);
  }

  it('the gateway down (HTTP 502): 503 in Chinese, the order cancelled with its reason; buying again gets a new QR code', async () => {
    await expectFailedCreationCancelled(() => (t.fake.failWith = 502), 'HTTP 502');
  });

  it('the gateway refusing (40004 ACQ.SYSTEM_ERROR): the same', async () => {
    await expectFailedCreationCancelled(() => (t.fake.refuseWith = { subCode: 'ACQ.SYSTEM_ERROR', subMsg: '系统错误' }), 'refused');
  });

  it('the gateway never answering (past the 10 s timeout): the same', async () => {
    await expectFailedCreationCancelled(() => (t.fake.hang = true), 'no answer');
  }, 60_000);
});

describe('notifications (POST /api/pay/notify/alipay)', () => {
  it('a genuine one pays the order once: success, the points credited, balance = ledger, the trade number kept and searchable', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u);
    const trade = t.fake.pay(order.orderNo);
    const res = await notify(t.fake.notification({ out_trade_no: order.orderNo, total_amount: yuan(order.amount) }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('success');
    expect(await balance(u.id)).toBe(t.goods[0]!.points);
    expect(await statusOf(order.orderNo)).toBe('paid');
    expect(trade.tradeNo).toMatch(/^\d{28}$/);
    expect(await storedTradeNo(t.env, order.orderNo)).toBe(trade.tradeNo);
    expect(await consoleOrdersByTradeNo(t.env, trade.tradeNo)).toEqual([
      expect.objectContaining({ orderNo: order.orderNo, providerTradeNo: trade.tradeNo, status: 'paid' }),
    ]);
    expect(await consoleOrdersByTradeNo(t.env, trade.tradeNo.slice(0, -1))).toEqual([]);
  });

  it('replayed 20 times at once: every answer is success, credited once', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u);
    t.fake.pay(order.orderNo);
    const form = t.fake.notification({ out_trade_no: order.orderNo, total_amount: yuan(order.amount) });
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(form)));
    expect(answers.map((a) => a.body)).toEqual(Array(20).fill('success'));
    expect(await balance(u.id)).toBe(t.goods[0]!.points);
  });

  it('forged signature, wrong amount, unknown order, wrong app id, not a trade status that pays: nothing credited', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u);
    const amount = yuan(order.amount);
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const genuine = t.fake.notification({ out_trade_no: order.orderNo, total_amount: amount });
    const refused = [
      t.fake.notification({ out_trade_no: order.orderNo, total_amount: amount }, stranger),
      { ...genuine, total_amount: yuan(order.amount - 1) }, // altered after signing
      t.fake.notification({ out_trade_no: order.orderNo, total_amount: yuan(order.amount - 1) }),
      t.fake.notification({ out_trade_no: '20990101000000999999', total_amount: amount }),
      t.fake.notification({ out_trade_no: order.orderNo, total_amount: amount, app_id: '2021000000000000' }),
      { ...genuine, sign: '' },
    ];
    for (const form of refused) {
      const res = await notify(form);
      expect(res.statusCode).toBe(200);
      expect(res.body, JSON.stringify(form)).toBe('fail');
    }
    // Genuine but only "waiting for payment": acknowledged, nothing booked.
    expect(
      (await notify(t.fake.notification({ out_trade_no: order.orderNo, total_amount: amount, trade_status: 'WAIT_BUYER_PAY' }))).body,
    ).toBe('success');
    expect(await balance(u.id)).toBe(0);
    expect(await statusOf(order.orderNo)).toBe('pending');
  });
});

describe('orders whose notification never came', () => {
  it('polling order/detail asks alipay.trade.query and books the payment once', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u);
    const detail = () => call(t.env, 'GET', '/api/order/detail', { token: u.token, query: { orderNo: order.orderNo } });
    expect((await detail()).body.data).toMatchObject({ status: 'pending', pay: { qrCode: order.pay.qrCode } });
    t.fake.pay(order.orderNo);
    await new Promise((r) => setTimeout(r, 5_100)); // queries are spaced 5 seconds apart per order
    expect((await detail()).body.data.status).toBe('paid');
    expect(await balance(u.id)).toBe(t.goods[0]!.points);
    expect(await storedTradeNo(t.env, order.orderNo)).toMatch(/^\d{28}$/);
    expect(t.fake.callsOf('alipay.trade.query').filter((c) => c.biz.out_trade_no === order.orderNo).length).toBeGreaterThanOrEqual(2);
    // The late notification changes nothing.
    expect((await notify(t.fake.notification({ out_trade_no: order.orderNo, total_amount: yuan(order.amount) }))).body).toBe('success');
    expect(await balance(u.id)).toBe(t.goods[0]!.points);
  });

  it('a payment made before expiry whose notification is late: the gateway is asked before the order would expire, so it is booked; the late notification books nothing more', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u);
    t.fake.pay(order.orderNo);
    t.env.clock.advance(31 * MINUTE);
    expect((await call(t.env, 'GET', '/api/order/list', { token: u.token, query: { type: 'record' } })).body.data.list[0].status).toBe(
      'paid',
    );
    expect(t.fake.callsOf('alipay.trade.query').some((c) => c.biz.out_trade_no === order.orderNo)).toBe(true);
    expect((await notify(t.fake.notification({ out_trade_no: order.orderNo, total_amount: yuan(order.amount) }))).body).toBe('success');
    expect(await statusOf(order.orderNo)).toBe('paid');
    expect(await balance(u.id)).toBe(t.goods[0]!.points);
  });
});

describe('cancel and expiry close the trade at the gateway', () => {
  it('POST /api/order/cancel: queried, closed at the gateway, cancelled; again is harmless; others get 404', async () => {
    const u = await createTestUser(t.env);
    const other = await createTestUser(t.env);
    const order = await buy(u);
    const cancel = (who: TestUser) => call(t.env, 'POST', '/api/order/cancel', { token: who.token, body: { orderNo: order.orderNo } });
    expect((await cancel(other)).status).toBe(404);
    const res = await cancel(u);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ orderNo: order.orderNo, status: 'cancelled', statusText: '已取消' });
    expect(t.fake.callsOf('alipay.trade.close').some((c) => c.biz.out_trade_no === order.orderNo)).toBe(true);
    expect(t.fake.trades.get(order.orderNo)!.status).toBe('TRADE_CLOSED');
    expect((await cancel(u)).body.data.status).toBe('cancelled');
    // A new purchase of the same t.goods is a new order.
    expect((await buy(u)).orderNo).not.toBe(order.orderNo);
  });

  it('an order paid at the gateway cannot be cancelled: it is booked instead (409)', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u, t.goods[1]!);
    t.fake.pay(order.orderNo);
    const res = await call(t.env, 'POST', '/api/order/cancel', { token: u.token, body: { orderNo: order.orderNo } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('订单已支付，不能取消');
    expect(await balance(u.id)).toBe(t.goods[1]!.points);
  });

  it('when the gateway cannot be reached the order stays pending (503)', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u);
    t.fake.failWith = 500;
    try {
      const res = await call(t.env, 'POST', '/api/order/cancel', { token: u.token, body: { orderNo: order.orderNo } });
      expect(res.status).toBe(503);
    } finally {
      t.fake.failWith = null;
    }
    expect(await statusOf(order.orderNo)).toBe('pending');
  });

  it('a payment the gateway took for an order staff cancelled meanwhile is booked, not lost', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u, t.goods[1]!);
    // The staff cancel does not close the trade: the payer can still pay the QR code they hold.
    await cancelPendingOrder(t.env.ctx.db, order.orderNo, t.env.clock.now());
    expect(await statusOf(order.orderNo)).toBe('cancelled');
    t.fake.pay(order.orderNo);
    expect((await notify(t.fake.notification({ out_trade_no: order.orderNo, total_amount: yuan(order.amount) }))).body).toBe('success');
    expect(await statusOf(order.orderNo)).toBe('paid');
    expect(await balance(u.id)).toBe(t.goods[1]!.points);
    // A replay of the notification changes nothing.
    expect((await notify(t.fake.notification({ out_trade_no: order.orderNo, total_amount: yuan(order.amount) }))).body).toBe('success');
    expect(await balance(u.id)).toBe(t.goods[1]!.points);
  });

  it('bad input: 400 in Chinese', async () => {
    const u = await createTestUser(t.env);
    for (const [body, message] of [
      [{}, '请输入订单号'],
      [{ orderNo: 'a-b' }, '订单号只能包含字母和数字，最多 40 位'],
      [{ orderNo: '1', extra: 1 }, '不支持的参数：extra'],
    ] as const) {
      const res = await call(t.env, 'POST', '/api/order/cancel', { token: u.token, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    }
  });

  it('an order that expires is closed at the gateway', async () => {
    const u = await createTestUser(t.env);
    const order = await buy(u, t.goods[3]!);
    t.env.clock.advance(30 * MINUTE);
    expect((await call(t.env, 'GET', '/api/order/detail', { token: u.token, query: { orderNo: order.orderNo } })).body.data.status).toBe(
      'expired',
    );
    await expect.poll(() => t.fake.trades.get(order.orderNo)!.status, { timeout: 10_000 }).toBe('TRADE_CLOSED');
  });
});

describe('a gateway that never answers', () => {
  it('create, query and close are each answered 503 in Chinese once the timeout passes', async () => {
    const { settings } = readPaymentSettings({ ...t.fake.env, PUBLIC_BASE_URL });
    const logged: GatewayFailure[] = [];
    const provider = createAlipayProvider(settings.alipay!, {
      notifyUrl: 'https://a.test/n',
      returnUrl: 'https://a.test/r',
      log: (m) => logged.push(m),
      timeoutMs: 300,
    });
    await expectEachCallTimesOut(provider, t.fake, logged, '支付宝暂时无法处理，请稍后再试或选择其他支付方式');
  });
});
