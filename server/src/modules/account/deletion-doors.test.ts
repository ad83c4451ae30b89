/**
 * 注销 closes its doors. A pending online order is closed at its gateway (the fake Alipay open
 * platform); when the gateway cannot be reached, a payment that still arrives for the deleted
 * account is not credited but held as a refund to make: listed in the console, named by the 对账
 * report until an admin marks it refunded. And a sign-in racing a deletion never leaves a session
 * on the deleted account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { auditLog, heldPayments, orders, sessions, smsOutbox, users } from '../../tables.ts';
import { ledgerSum } from '../points/index.ts';
import { maskPhone } from '../user/index.ts';
import { runCommand } from '../../ops/commands.ts';
import { FakeAlipay } from '../../../test/support/fakes/alipay.ts';
import { billDay } from '../../../test/support/fakes/bills.ts';
import { balanceChecked, gatewayTestEnv, orderStatus, type IntegralGoods } from '../../../test/support/pay-support.ts';
import { call, createTestEnv, createTestUser, grantRole, smsCodeFor, type TestEnv, type TestUser } from '../../../test/support/support.ts';

describe('deletion with a pending online order', () => {
  let env: TestEnv;
  let goods: IntegralGoods[];
  let alipay: FakeAlipay;
  let admin: TestUser;
  let operator: TestUser;
  beforeAll(async () => {
    alipay = await new FakeAlipay().start();
    ({ env, goods } = await gatewayTestEnv(alipay.env));
    admin = await grantRole(env, await createTestUser(env), 'admin');
    operator = await grantRole(env, await createTestUser(env), 'operator');
  });
  afterAll(async () => {
    await env?.close(); // and ops verify: nothing credited twice, nothing credited to the deleted account
    await alipay?.stop();
  });

  /** A deletion code (type 4): production has no dev outbox, the console provider's table holds it. */
  async function deletionCode(phone: string): Promise<string> {
    const sent = await call(env, 'POST', '/api/user/send-sms-code', { body: { phone, type: 4 } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [row] = await env.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
    return row!.code;
  }

  async function userWithPendingOrder(): Promise<{ user: TestUser; orderNo: string; amount: number }> {
    const user = await createTestUser(env);
    const created = await call(env, 'POST', '/api/order/create', { token: user.token, body: { goodsId: goods[0]!.id, payType: 1 } });
    expect(created.status, created.body.message).toBe(200);
    expect(alipay.trades.get(created.body.data.orderNo)?.status).toBe('WAIT_BUYER_PAY');
    return { user, orderNo: created.body.data.orderNo, amount: created.body.data.amount };
  }

  const notify = (orderNo: string, amount: number) =>
    env.app.inject({
      method: 'POST',
      url: '/api/pay/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: new URLSearchParams(alipay.notification({ out_trade_no: orderNo, total_amount: (amount / 100).toFixed(2) })).toString(),
    });

  it('the deletion closes the order at its gateway: the QR code the user holds can no longer be paid', async () => {
    const { user, orderNo } = await userWithPendingOrder();
    const deleted = await call(env, 'POST', '/api/user/delete-account', {
      token: user.token,
      body: { verifyCode: await deletionCode(user.phone) },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await orderStatus(env, orderNo)).toBe('cancelled');
    expect(alipay.callsOf('alipay.trade.close').map((c) => c.biz.out_trade_no)).toContain(orderNo);
    expect(alipay.trades.get(orderNo)?.status).toBe('TRADE_CLOSED');
  });

  it('an admin deleting through the console closes it too', async () => {
    const { user, orderNo } = await userWithPendingOrder();
    const deleted = await call(env, 'POST', `/api/admin/users/${user.phone}/delete`, { token: admin.token, body: { remark: '来电注销' } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(alipay.trades.get(orderNo)?.status).toBe('TRADE_CLOSED');
  });

  it('a gateway down at deletion, then a late payment: not credited, held as a refund to make, in the console and the 对账 report', async () => {
    const { user, orderNo, amount } = await userWithPendingOrder();
    const code = await deletionCode(user.phone);
    alipay.failWith = 502;
    try {
      const deleted = await call(env, 'POST', '/api/user/delete-account', { token: user.token, body: { verifyCode: code } });
      // The deletion the user asked for happens; the gateway's failure is logged.
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    } finally {
      alipay.failWith = null;
    }
    expect(alipay.trades.get(orderNo)?.status).toBe('WAIT_BUYER_PAY');

    // The payer scans the old QR code; Alipay notifies.
    alipay.pay(orderNo);
    const answered = await notify(orderNo, amount);
    expect(answered.body).toBe('success'); // acknowledged: Alipay stops retrying
    expect(await notify(orderNo, amount).then((r) => r.body)).toBe('success'); // a repeat holds nothing twice

    // Nothing credited to the deleted account: balance and ledger stay at 0, the order stays cancelled.
    expect(await balanceChecked(env, user.id)).toBe(0);
    expect(await ledgerSum(env.ctx.db, user.id)).toBe(0);
    expect(await orderStatus(env, orderNo)).toBe('cancelled');
    const held = await env.ctx.db.select().from(heldPayments).where(eq(heldPayments.orderNo, orderNo));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ userId: user.id, amount, payType: 1, refundedAt: null });
    expect(held[0]!.providerTradeNo).toBe(alipay.trades.get(orderNo)!.tradeNo);
    const metrics = (await env.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^payments_total\{provider="alipay",result="held"\} [1-9]/m);

    // The console lists it (operators see it, only admins mark it refunded).
    for (const token of [operator.token, admin.token]) {
      const listed = await call(env, 'GET', '/api/admin/refunds', { token });
      expect(listed.status).toBe(200);
      expect(listed.body.data.find((r: { orderNo: string }) => r.orderNo === orderNo)).toMatchObject({
        userId: user.id,
        amount,
        payTypeText: '支付宝',
        refundedAt: null,
      });
    }

    // The 对账 report names it; a second run names it again (nothing credited either time).
    const day = billDay(new Date());
    const report = await runCommand(env.ctx, ['reconcile', day]);
    expect(report.output).toContain(`已注销账号的到账，待退款：订单 ${orderNo}`);
    expect((await runCommand(env.ctx, ['reconcile', day])).output).toContain(`已注销账号的到账，待退款：订单 ${orderNo}`);
    const reports = await call(env, 'GET', '/api/admin/reconciliation', { token: operator.token });
    const todays = reports.body.data.find((r: { day: string; gateway: string }) => r.day === day && r.gateway === 'alipay');
    expect(todays.differences).toContainEqual({ kind: 'refund_due', orderNo, ours: amount, theirs: amount });
    expect(await balanceChecked(env, user.id)).toBe(0);

    // Marked refunded: an operator may not, an admin may (audited); the report stops naming it.
    expect(
      (await call(env, 'POST', `/api/admin/refunds/${orderNo}/done`, { token: operator.token, body: { remark: '已退' } })).status,
    ).toBe(403);
    const done = await call(env, 'POST', `/api/admin/refunds/${orderNo}/done`, { token: admin.token, body: { remark: '已原路退回' } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // Staff are named by their masked phone, never a whole one (docs/privacy.md).
    expect(done.body.data).toMatchObject({ orderNo, refundedBy: maskPhone(admin.phone), refundRemark: '已原路退回' });
    expect((await call(env, 'POST', `/api/admin/refunds/${orderNo}/done`, { token: admin.token, body: {} })).status).toBe(409);
    expect((await call(env, 'POST', `/api/admin/refunds/00000000000000000000/done`, { token: admin.token, body: {} })).status).toBe(404);
    const [audit] = await env.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refund.done'), eq(auditLog.target, `order:${orderNo}`)));
    expect(audit).toMatchObject({ actorId: admin.id, actor: maskPhone(admin.phone), after: { refunded: true, remark: '已原路退回' } });
    expect((await runCommand(env.ctx, ['reconcile', day])).output).not.toContain(orderNo);
  });

  it('a payment that lands between the deletion and the close is held the same way', async () => {
    const { user, orderNo, amount } = await userWithPendingOrder();
    alipay.pay(orderNo); // paid at the gateway, its notification not yet delivered
    const deleted = await call(env, 'POST', `/api/admin/users/${user.phone}/delete`, { token: admin.token, body: { remark: '并发' } });
    expect(deleted.status).toBe(200);
    expect((await notify(orderNo, amount)).body).toBe('success');
    expect(await balanceChecked(env, user.id)).toBe(0);
    expect(await env.ctx.db.$count(heldPayments, eq(heldPayments.orderNo, orderNo))).toBe(1);
  });
});

describe('a sign-in racing a deletion', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv({ config: { smsIpLimit: 100_000 } });
  });
  afterAll(() => env?.close());

  /** A user who deleted their own account (注销), with the token and password they had. */
  async function deletedUser(): Promise<TestUser> {
    const user = await createTestUser(env);
    const code = await smsCodeFor(env, user.phone, 4);
    const deleted = await call(env, 'POST', '/api/user/delete-account', { token: user.token, body: { verifyCode: code } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    return user;
  }

  // The sign-in reads the account, then spends its scrypt (tens of milliseconds) on the password:
  // the deletion is sent while that runs, at several offsets, on the real database (PostgreSQL's
  // own connections under npm run test:pg).
  it.each([0, 5, 15, 30, 60, 100])('deletion sent %i ms after the sign-in: no live session on the deleted account', async (offsetMs) => {
    const user = await createTestUser(env);
    const code = await smsCodeFor(env, user.phone, 4);
    const signIn = call(env, 'POST', '/api/user/pwd-login', { body: { phone: user.phone, password: user.password } });
    await new Promise((r) => setTimeout(r, offsetMs));
    const deletion = call(env, 'POST', '/api/user/delete-account', { token: user.token, body: { verifyCode: code } });
    const [signedIn, deleted] = await Promise.all([signIn, deletion]);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    // Either the sign-in lost (refused as a wrong password) or it won and the deletion ended its session.
    expect([200, 400]).toContain(signedIn.status);
    if (signedIn.status === 200) {
      expect((await call(env, 'GET', '/api/user/user-data', { token: signedIn.body.data.token })).status).toBe(401);
    }
    const [row] = await env.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(await env.ctx.db.$count(sessions, and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))).toBe(0);
  });

  it('a session made for a deleted account some other way is refused by the session check', async () => {
    const user = await deletedUser();
    const { createSession } = await import('../session/index.ts');
    const token = await createSession(env.ctx.db, user.id, env.clock);
    expect((await call(env, 'GET', '/api/user/user-data', { token })).status).toBe(401);
    expect((await call(env, 'GET', '/api/plan/count-data', { token })).status).toBe(401);
  });

  it('the deleted phone signs in as nothing, even with the old password', async () => {
    const user = await deletedUser();
    expect((await call(env, 'POST', '/api/user/pwd-login', { body: { phone: user.phone, password: user.password } })).status).toBe(400);
    const [order] = await env.ctx.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order).toBeUndefined();
  });
});
