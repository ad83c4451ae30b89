/**
 * Reconciliation (对账) against the fake gateways' daily bills, both gateways configured at once:
 * Alipay's zip of GBK CSVs and WeChat Pay's backtick CSV. A payment whose notification never came
 * is credited once (the reconciliation run twice), with its audit row; a payment we booked that
 * the bill lacks, and a bill amount that differs from the order, are reported and stored; the
 * console lists the last report per gateway and day. And an expiring online order is first asked
 * about at its gateway: paid there, it is booked instead of expired.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, orders, reconciliationReports } from '../../tables.ts';
import { MINUTE } from '../../lib/clock.ts';
import { auditReconciledPayment } from '../admin/index.ts';
import { startDailyReconciliation } from './index.ts';
import { runCommand } from '../../ops/commands.ts';
import { FakeAlipay } from '../../../test/support/fakes/alipay.ts';
import { billDay } from '../../../test/support/fakes/bills.ts';
import { FakeWechatPay } from '../../../test/support/fakes/wechatpay.ts';
import { balanceChecked, gatewayTestEnv, orderStatus, type IntegralGoods } from '../../../test/support/pay-support.ts';
import { call, createTestUser, type TestEnv, type TestUser } from '../../../test/support/support.ts';

let env: TestEnv;
let goods: IntegralGoods[];
let alipay: FakeAlipay;
let wechat: FakeWechatPay;
beforeAll(async () => {
  [alipay, wechat] = await Promise.all([new FakeAlipay().start(), new FakeWechatPay().start()]);
  ({ env, goods } = await gatewayTestEnv({ ...alipay.env, ...wechat.env }));
});
afterAll(async () => {
  await env?.close(); // and ops verify on what the reconciliation booked
  await Promise.all([alipay?.stop(), wechat?.stop()]);
});

const buy = async (u: TestUser, payType: 1 | 2, g = goods[0]!) => {
  const res = await call(env, 'POST', '/api/order/create', { token: u.token, body: { goodsId: g.id, payType } });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { orderNo: string; amount: number };
};
const reconcile = (day: string) => runCommand(env.ctx, ['reconcile', day]);
const auditRowsOf = async (orderNo: string) =>
  (
    await env.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.reconcile'), eq(auditLog.target, `order:${orderNo}`)))
  ).length;

const today = billDay(new Date());
const yesterday = new Date(Date.now() - 24 * 60 * MINUTE);

describe('ops reconcile <day> against both gateways', () => {
  let buyer: TestUser;
  const orderNos = {} as Record<'aliMissed' | 'aliGone' | 'aliWrong' | 'wxMissed' | 'wxGone' | 'wxWrong', string>;

  it('credits a payment whose notification never came, once; reports the one missing from the bill and the wrong amount', async () => {
    buyer = await createTestUser(env);
    const start = await balanceChecked(env, buyer.id);
    // Alipay: paid at the gateway, never notified.
    orderNos.aliMissed = (await buy(buyer, 1, goods[0])).orderNo;
    alipay.pay(orderNos.aliMissed);
    // Alipay: paid and booked here through its notification, but the bill lists it on another day.
    orderNos.aliGone = (await buy(buyer, 1, goods[1])).orderNo;
    const gone = alipay.pay(orderNos.aliGone);
    const notified = await env.app.inject({
      method: 'POST',
      url: '/api/pay/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: new URLSearchParams(alipay.notification({ out_trade_no: orderNos.aliGone, total_amount: gone.totalAmount })).toString(),
    });
    expect(notified.body).toBe('success');
    gone.paidAt = yesterday;
    // Alipay: the bill says another amount than the order's.
    orderNos.aliWrong = (await buy(buyer, 1, goods[2])).orderNo;
    alipay.pay(orderNos.aliWrong).billedAmount = '0.01';

    orderNos.wxMissed = (await buy(buyer, 2, goods[0])).orderNo;
    wechat.pay(orderNos.wxMissed);
    orderNos.wxGone = (await buy(buyer, 2, goods[1])).orderNo;
    const wxGone = wechat.pay(orderNos.wxGone);
    const n = wechat.notification({ out_trade_no: orderNos.wxGone });
    expect((await env.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers: n.headers, payload: n.body })).statusCode).toBe(
      204,
    );
    wxGone.paidAt = yesterday;
    orderNos.wxWrong = (await buy(buyer, 2, goods[2])).orderNo;
    wechat.pay(orderNos.wxWrong).billedTotal = 1;

    const afterNotified = await balanceChecked(env, buyer.id);
    expect(afterNotified).toBe(start + goods[1]!.points * 2);

    const first = await reconcile(today);
    expect(first.code).toBe(1); // differences found
    expect(first.output).toContain(`alipay ${today}：账单 2 笔，补入账 1 笔（${orderNos.aliMissed}），差异 2 处`);
    expect(first.output).toContain(`wechat ${today}：账单 2 笔，补入账 1 笔（${orderNos.wxMissed}），差异 2 处`);
    expect(first.output).toContain(`本地已支付、账单中没有：订单 ${orderNos.aliGone}，本地 ${goods[1]!.price} 分，平台 -- 分`);
    expect(first.output).toContain(`金额不符：订单 ${orderNos.aliWrong}，本地 ${goods[2]!.price} 分，平台 1 分`);
    expect(first.output).toContain(`本地已支付、账单中没有：订单 ${orderNos.wxGone}`);
    expect(first.output).toContain(`金额不符：订单 ${orderNos.wxWrong}，本地 ${goods[2]!.price} 分，平台 1 分`);
    expect(await statusOf(orderNos.aliMissed)).toBe('paid');
    expect(await statusOf(orderNos.wxMissed)).toBe('paid');
    expect([await statusOf(orderNos.aliWrong), await statusOf(orderNos.wxWrong)]).toEqual(['pending', 'pending']); // a wrong amount is never credited
    expect(await balanceChecked(env, buyer.id)).toBe(afterNotified + goods[0]!.points * 2);
    expect([await auditRowsOf(orderNos.aliMissed), await auditRowsOf(orderNos.wxMissed)]).toEqual([1, 1]);

    const second = await reconcile(today);
    expect(second.output).toContain(`alipay ${today}：账单 2 笔，补入账 0 笔，差异 2 处`);
    expect(second.output).toContain(`wechat ${today}：账单 2 笔，补入账 0 笔，差异 2 处`);
    expect(await balanceChecked(env, buyer.id)).toBe(afterNotified + goods[0]!.points * 2);
    expect([await auditRowsOf(orderNos.aliMissed), await auditRowsOf(orderNos.wxMissed)]).toEqual([1, 1]);
    expect(alipay.refused).toEqual([]);
    expect(wechat.refused).toEqual([]);
    // What the ReconciliationDifferences alert reads.
    const metrics = (await env.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^reconciliation_differences\{gateway="alipay"\} 2$/m);
    expect(metrics).toMatch(/^reconciliation_differences\{gateway="wechat"\} 2$/m);
    expect(metrics).toMatch(/^reconciliation_runs_total\{gateway="alipay",result="done"\} [1-9]/m);
  });

  it('stores every run; the console shows the last report per gateway and day', async () => {
    expect(await env.ctx.db.$count(reconciliationReports, eq(reconciliationReports.day, today))).toBe(4);
    const operator = await createTestUser(env);
    expect((await runCommand(env.ctx, ['admin:grant', operator.phone, 'operator'])).code).toBe(0);
    const listed = await call(env, 'GET', '/api/admin/reconciliation', { token: operator.token });
    expect(listed.status).toBe(200);
    const ofToday = listed.body.data.filter((r: { day: string }) => r.day === today);
    expect(ofToday.map((r: { gateway: string }) => r.gateway)).toEqual(['alipay', 'wechat']);
    for (const report of ofToday) {
      expect(report).toMatchObject({ billPayments: 2, credited: [] }); // the second run's
      expect(report.differences).toHaveLength(2);
    }
    expect((await call(env, 'GET', '/api/admin/reconciliation', { token: buyer.token })).status).toBe(403);
  });

  it("the server's daily job reconciles yesterday's bills once per gateway, however often it ticks", async () => {
    const day = billDay(yesterday);
    const reportsOf = () => env.ctx.db.$count(reconciliationReports, eq(reconciliationReports.day, day));
    expect(await reportsOf()).toBe(0);
    const stop = startDailyReconciliation(
      env.ctx,
      env.providers.payments.forPayType,
      { onCredited: auditReconciledPayment(env.clock), log: { error: () => {} } },
      30,
    );
    try {
      await expect.poll(reportsOf, { timeout: 10_000 }).toBe(2);
      await new Promise((r) => setTimeout(r, 200)); // several more ticks
      expect(await reportsOf()).toBe(2);
    } finally {
      stop();
    }
    // Yesterday's bills list the two payments booked here by notification (paid at the gateway then).
    const [report] = await env.ctx.db
      .select()
      .from(reconciliationReports)
      .where(and(eq(reconciliationReports.day, day), eq(reconciliationReports.gateway, 'alipay')));
    expect(report).toMatchObject({ billPayments: 1, credited: [], differences: [] });
  });

  it('refuses a malformed day (exit 1, Chinese) and changes nothing', async () => {
    expect(await reconcile('2026-13-01')).toEqual({ code: 1, output: '错误：日期格式不正确：「2026-13-01」，请使用 YYYY-MM-DD' });
    expect((await reconcile('')).code).toBe(1);
  });
});

const statusOf = (orderNo: string) => orderStatus(env, orderNo);

describe('expiring an online order', () => {
  it('asks its gateway first: paid there, it is booked (not expired); unpaid, it expires and is closed', async () => {
    const u = await createTestUser(env);
    const paidThere = await buy(u, 1, goods[0]);
    const unpaid = await buy(u, 2, goods[1]);
    alipay.pay(paidThere.orderNo);
    env.clock.advance(31 * MINUTE);
    // Any order of the user's triggers the expiry of its due ones (as the sweep does for everyone).
    await buy(u, 1, goods[2]);
    expect(await statusOf(paidThere.orderNo)).toBe('paid');
    expect(await statusOf(unpaid.orderNo)).toBe('expired');
    expect(await balanceChecked(env, u.id)).toBe(goods[0]!.points);
    const [row] = await env.ctx.db.select().from(orders).where(eq(orders.orderNo, paidThere.orderNo));
    expect(row!.paidAt).not.toBeNull();
  });
});
