/**
 * Reconciliation (对账) against the fake gateways' daily bills in the vendors' layouts, both gateways
 * configured at once: Alipay's zip of GBK CSVs and WeChat Pay's backtick CSV. A payment whose
 * notification never came is credited once (the reconciliation run twice), with its audit row and
 * its trade number; a payment we booked that the bill lacks, and a bill amount that differs from the
 * order, are reported and stored; goods names with commas are read right; refunds and revoked
 * payments are reported and credit nothing; a day without trades is a reconciled day with an empty
 * report; the console lists the last report per gateway and day. The daily job waits for the bills'
 * publication (RECONCILE_AT), retries with backoff, asks a gateway once per attempt whatever the
 * number of processes, and says what is overdue in its gauge. And an expiring online order is first
 * asked about at its gateway: paid there, it is booked instead of expired.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, goods as goodsTable, orders, reconciliationAttempts, reconciliationReports } from '../../tables.ts';
import { HOUR, MINUTE } from '../../lib/clock.ts';
import { auditReconciledPayment } from '../admin/index.ts';
import { createLogger } from '../../lib/logger.ts';
import { reconcileDueDays, retryDelay, startDailyReconciliation } from './index.ts';
import { runCommand } from '../../ops/commands.ts';
import { createProviders } from '../index.ts';
import { FakeAlipay } from '../../../test/support/fakes/alipay.ts';
import { billDay } from '../../../test/support/fakes/bills.ts';
import { FakeWechatPay } from '../../../test/support/fakes/wechatpay.ts';
import { balanceChecked, gatewayTestEnv, orderStatus, type IntegralGoods } from '../../../test/support/pay-support.ts';
import { grantRole, call, createTestUser, type TestEnv, type TestUser } from '../../../test/support/support.ts';

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
/** The instant of a Beijing wall-clock time on `day`. */
const beijingTime = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`);
const reportOf = async (gateway: string, day: string) =>
  (
    await env.ctx.db
      .select()
      .from(reconciliationReports)
      .where(and(eq(reconciliationReports.gateway, gateway), eq(reconciliationReports.day, day)))
      .orderBy(reconciliationReports.id)
  ).at(-1);
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
    const operator = await grantRole(env, await createTestUser(env), 'operator');
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
    // 10:30 Beijing time today: yesterday's bills are published.
    env.clock.set(beijingTime(billDay(new Date()), '10:30'));
    const stop = startDailyReconciliation(
      env.ctx,
      env.providers.payments.forPayType,
      { onCredited: auditReconciledPayment(env.clock), log: createLogger('silent') },
      30,
    );
    try {
      await expect.poll(reportsOf, { timeout: 10_000 }).toBe(2);
      await new Promise((r) => setTimeout(r, 200)); // several more ticks
      expect(await reportsOf()).toBe(2);
    } finally {
      await stop();
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

describe('bills as the vendors write them', () => {
  it('a goods name with commas (unquoted in both bills): the payment is credited, not reported 金额不符', async () => {
    const u = await createTestUser(env);
    // Staff named the package with commas; the gateways put that name in the bill's 商品名称.
    const [named] = await env.ctx.db
      .update(goodsTable)
      .set({ name: '积分包,限时特惠,3000 积分' })
      .where(eq(goodsTable.id, goods[0]!.id))
      .returning();
    const aliOrder = (await buy(u, 1, { ...goods[0]!, name: named!.name })).orderNo;
    const wxOrder = (await buy(u, 2, { ...goods[0]!, name: named!.name })).orderNo;
    const aliTrade = alipay.pay(aliOrder);
    const wxTrade = wechat.pay(wxOrder);
    expect([aliTrade.subject, wxTrade.description]).toEqual(['积分包,限时特惠,3000 积分', '积分包,限时特惠,3000 积分']);
    const outcome = await reconcile(today);
    expect(outcome.output).not.toContain(`金额不符：订单 ${aliOrder}`);
    expect(outcome.output).not.toContain(`金额不符：订单 ${wxOrder}`);
    expect(outcome.output).not.toContain('账单行无法读取');
    expect([await statusOf(aliOrder), await statusOf(wxOrder)]).toEqual(['paid', 'paid']);
    expect(await balanceChecked(env, u.id)).toBe(goods[0]!.points * 2);
    // The trade numbers come from the bill too.
    const [aliRow] = await env.ctx.db.select().from(orders).where(eq(orders.orderNo, aliOrder));
    const [wxRow] = await env.ctx.db.select().from(orders).where(eq(orders.orderNo, wxOrder));
    expect([aliRow!.providerTradeNo, wxRow!.providerTradeNo]).toEqual([aliTrade.tradeNo, wxTrade.transaction_id]);
  });

  it('a refund and a revoked payment at the gateway are reported; the refund row credits nothing, the revoked payment is not booked', async () => {
    const u = await createTestUser(env);
    // Paid and booked by its notification, then refunded in Alipay's console.
    const refunded = (await buy(u, 1, goods[1])).orderNo;
    const paid = alipay.pay(refunded);
    const notified = await env.app.inject({
      method: 'POST',
      url: '/api/pay/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: new URLSearchParams(alipay.notification({ out_trade_no: refunded, total_amount: paid.totalAmount })).toString(),
    });
    expect(notified.body).toBe('success');
    const refund = alipay.refund(refunded);
    // Paid at WeChat Pay and reversed there before any notification.
    const revoked = (await buy(u, 2, goods[1])).orderNo;
    wechat.revoke(revoked);
    const before = await balanceChecked(env, u.id);
    const outcome = await reconcile(today);
    expect(outcome.code).toBe(1);
    expect(outcome.output).toContain(
      `平台已退款（本地仍已入账）：订单 ${refunded}，本地 ${goods[1]!.price} 分，平台 ${goods[1]!.price} 分，${refund.refundNo}`,
    );
    expect(outcome.output).toContain(
      `平台已撤销付款（本地仍已入账）：订单 ${revoked}，本地 ${goods[1]!.price} 分，平台 ${goods[1]!.price} 分`,
    );
    expect(await statusOf(revoked)).toBe('pending');
    expect(await balanceChecked(env, u.id)).toBe(before);
    const report = await reportOf('alipay', today);
    expect(report!.differences).toContainEqual({
      kind: 'refunded_at_gateway',
      orderNo: refunded,
      ours: goods[1]!.price,
      theirs: goods[1]!.price,
      note: refund.refundNo,
    });
  });

  it('a day without trades (WeChat Pay: NO_STATEMENT_EXIST) is a reconciled day with an empty report', async () => {
    const quiet = '2026-01-05';
    const outcome = await reconcile(quiet);
    expect(outcome).toEqual({
      code: 0,
      output: `alipay ${quiet}：账单 0 笔，补入账 0 笔，差异 0 处\nwechat ${quiet}：账单 0 笔，补入账 0 笔，差异 0 处`,
    });
    expect(await reportOf('wechat', quiet)).toMatchObject({ billPayments: 0, credited: [], differences: [] });
  });
});

describe('the daily job', () => {
  // A week of its own, far from the other tests' days: D is the bill day under test.
  const D = '2027-03-01';
  const billRequestsFor = (day: string) => ({
    alipay: alipay.callsOf('alipay.data.dataservice.bill.downloadurl.query').filter((c) => c.biz.bill_date === day).length,
    wechat: wechat.billRequests.filter((d) => d === day).length,
  });
  // Two API processes on one database, each with its own gateway clients, ticking in turn (the
  // advisory lock lets one run at a time): all they share is the database.
  let processes: Array<ReturnType<typeof createProviders>['payments']> = [];
  const tick = (process: number) => {
    if (processes.length === 0) processes = [env.providers.payments, createProviders(env.ctx.config, env.ctx.db, () => {}).payments];
    return reconcileDueDays({ ...env.ctx }, processes[process]!.forPayType, { onCredited: auditReconciledPayment(env.clock) });
  };
  const overdue = async () => {
    const metrics = (await env.app.inject({ method: 'GET', url: '/metrics' })).body;
    const of = (gateway: string) =>
      Number(new RegExp(`^reconciliation_overdue_days\\{gateway="${gateway}"\\} (\\d+)$`, 'm').exec(metrics)?.[1]);
    return { alipay: of('alipay'), wechat: of('wechat') };
  };
  const attemptOf = async (day: string) =>
    (await env.ctx.db.select().from(reconciliationAttempts).where(eq(reconciliationAttempts.day, day)))[0];

  it('waits for the bills of D until 10:00 the next day, then reconciles; a bill not out yet is retried with backoff, once per attempt across processes', async () => {
    env.clock.set(beijingTime(D, '11:55'));
    const u = await createTestUser(env);
    const missed = (await buy(u, 1, goods[0])).orderNo;
    alipay.pay(missed, beijingTime(D, '12:00')); // paid at Alipay on D, its notification lost
    wechat.unpublished.add(D);

    // 09:59 the day after: the week before D is caught up (empty bills), D itself is not asked for.
    env.clock.set(beijingTime('2027-03-02', '09:59'));
    await tick(0);
    await tick(1);
    expect(billRequestsFor(D)).toEqual({ alipay: 0, wechat: 0 });
    expect(await env.ctx.db.$count(reconciliationReports, eq(reconciliationReports.day, '2027-02-28'))).toBe(2);
    expect(await overdue()).toEqual({ alipay: 0, wechat: 0 });

    // 10:00: Alipay's bill is out and credits the missed payment; WeChat Pay's is still being generated.
    env.clock.set(beijingTime('2027-03-02', '10:00'));
    await tick(0);
    expect(billRequestsFor(D)).toEqual({ alipay: 1, wechat: 1 });
    expect(await statusOf(missed)).toBe('paid');
    expect(await reportOf('alipay', D)).toMatchObject({ billPayments: 1, credited: [missed], differences: [] });
    expect(await overdue()).toEqual({ alipay: 0, wechat: 1 });
    expect(await attemptOf(D)).toMatchObject({ gateway: 'wechat', attempts: 1, nextAttemptAt: beijingTime('2027-03-02', '10:05') });
    expect((await attemptOf(D))!.lastError).toContain('STATEMENT_CREATING');

    // Both processes tick every minute; the gateway is asked again only as the backoff allows: 10:05, 10:15.
    const askedAt: number[] = [];
    for (let minute = 1; minute <= 30; minute++) {
      env.clock.set(new Date(beijingTime('2027-03-02', '10:00').getTime() + minute * MINUTE));
      const before = billRequestsFor(D).wechat;
      await tick(minute % 2);
      if (billRequestsFor(D).wechat > before) askedAt.push(minute);
    }
    expect(askedAt).toEqual([5, 15]);
    expect(billRequestsFor(D).alipay).toBe(1);
    expect(await attemptOf(D)).toMatchObject({ attempts: 3, nextAttemptAt: beijingTime('2027-03-02', '10:35') });
    expect([retryDelay(1), retryDelay(2), retryDelay(3), retryDelay(10)]).toEqual([5 * MINUTE, 10 * MINUTE, 20 * MINUTE, 2 * HOUR]);
    expect(await overdue()).toEqual({ alipay: 0, wechat: 1 });

    // Out at last; D had no WeChat Pay trade: NO_STATEMENT_EXIST, a reconciled day with an empty report.
    wechat.unpublished.delete(D);
    env.clock.set(beijingTime('2027-03-02', '10:35'));
    await tick(1);
    expect(await reportOf('wechat', D)).toMatchObject({ billPayments: 0, credited: [], differences: [] });
    expect(await attemptOf(D)).toBeUndefined();
    expect(await overdue()).toEqual({ alipay: 0, wechat: 0 });
    // Nothing is asked for again, however often either process ticks.
    const asked = billRequestsFor(D);
    env.clock.advance(3 * HOUR);
    await tick(0);
    await tick(1);
    expect(billRequestsFor(D)).toEqual(asked);
    expect(await env.ctx.db.$count(reconciliationReports, eq(reconciliationReports.day, D))).toBe(2);
  });
});
