import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { orders, pointsLedger, users } from '../../tables.ts';
import { DAY, MINUTE } from '../../lib/clock.ts';
import { ledgerSum } from '../points/index.ts';
import { confirmOrderCommand } from './index.ts';
import { expireDueOrders, payOrder, startExpirySweep } from './index.ts';
import { runCommand } from '../../ops/commands.ts';
import { call, createTestEnv, createTestUser, type TestEnv, type TestUser } from '../../../test/support/support.ts';

let env: TestEnv;
let integralGoods: Array<{ id: number; price: number; points: number; name: string }>;
let memberGoods: Array<{ id: number; price: number; level: number; days: number; name: string }>;

beforeAll(async () => {
  env = await createTestEnv({ now: '2026-03-01T02:00:00Z' });
  const owner = await createTestUser(env);
  integralGoods = (await call(env, 'GET', '/api/god/get', { token: owner.token, query: { type: 'integral' } })).body.data;
  memberGoods = (await call(env, 'GET', '/api/god/get', { token: owner.token, query: { type: 'member' } })).body.data;
});
afterAll(() => env?.close());

const userRow = async (id: number) => (await env.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
/** Balance and the invariant balance = sum of ledger deltas, checked together. */
const balanceChecked = async (id: number) => {
  const { integral } = await userRow(id);
  expect(await ledgerSum(env.ctx.db, id)).toBe(integral);
  return integral;
};
const orderCount = async () => Number((await env.ctx.db.select({ n: count() }).from(orders))[0]!.n);
const create = (u: TestUser, goodsId: number, payType: number) =>
  call(env, 'POST', '/api/order/create', { token: u.token, body: { goodsId, payType } });
const confirm = (u: TestUser, orderNo: string) => call(env, 'POST', `/api/pay/sandbox/${orderNo}/confirm`, { token: u.token });
const goldOf = (days: number) => memberGoods.find((g) => g.level === 3 && g.days === days)!;
const ofLevel = (level: number) => memberGoods.find((g) => g.level === level && g.days === 30)!;

describe('goods', () => {
  it('lists points packages and membership packages on sale, in display order, with their own fields', async () => {
    expect(integralGoods.length).toBeGreaterThanOrEqual(2);
    expect(integralGoods[0]).toEqual({ id: expect.any(Number), type: 'integral', name: '1000 积分', price: 10000, points: 1000 });
    expect(integralGoods.map((g) => g.price)).toEqual([...integralGoods.map((g) => g.price)].sort((a, b) => a - b));
    expect(memberGoods.every((g) => [3, 5, 7].includes(g.level) && g.days > 0 && !('points' in g))).toBe(true);
  });

  it('lists the member levels with their plan discount', async () => {
    const u = await createTestUser(env);
    const res = await call(env, 'GET', '/api/god/member-levels', { token: u.token });
    expect(res.body.data).toEqual([
      { level: 1, name: '普通会员', discount: 1 },
      { level: 3, name: '黄金会员', discount: 0.95 },
      { level: 5, name: '铂金会员', discount: 0.9 },
      { level: 7, name: '钻石会员', discount: 0.85 },
    ]);
  });

  it('refuses an unknown goods type with a Chinese message, and visitors with 401', async () => {
    const u = await createTestUser(env);
    const bad = await call(env, 'GET', '/api/god/get', { token: u.token, query: { type: 'vip' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('商品类型必须是 integral 或 member');
    expect((await call(env, 'GET', '/api/god/get', { query: { type: 'integral' } })).status).toBe(401);
  });
});

describe('order creation per pay type', () => {
  it('online (1, 2): amount from the goods price, a pending order and a sandbox payment', async () => {
    const u = await createTestUser(env);
    for (const payType of [1, 2]) {
      const res = await create(u, integralGoods[1]!.id, payType);
      expect(res.status).toBe(200);
      const o = res.body.data;
      expect(o).toMatchObject({
        status: 'pending',
        statusText: '待支付',
        amount: integralGoods[1]!.price,
        payType,
        goodsName: integralGoods[1]!.name,
        type: 'integral',
      });
      expect(o.payTypeText).toBe(payType === 1 ? '支付宝' : '微信支付');
      expect(o.orderNo).toMatch(/^20260301\d{6}\d{6}$/); // business date (Asia/Shanghai) + time + random
      const shanghaiCreatedAt = new Date(Date.parse(o.createdAt) + 8 * 3_600_000).toISOString(); // UTC+8, no DST
      expect(o.orderNo.slice(0, 14)).toBe(shanghaiCreatedAt.slice(0, 19).replace(/\D/g, ''));
      expect(o.pay).toMatchObject({ kind: 'online', provider: 'sandbox', sandboxUrl: `/api/pay/sandbox/${o.orderNo}/confirm` });
      expect(new Date(o.expiresAt).getTime() - new Date(o.createdAt).getTime()).toBe(30 * MINUTE);
    }
  });

  it('collect (3, 4, 6): the operator collect QR or bank account, the payee and the order number as transfer remark', async () => {
    const u = await createTestUser(env);
    const payee = '上海某某网络科技有限公司';
    const ali = (await create(u, integralGoods[0]!.id, 3)).body.data;
    expect(ali.pay).toEqual({ kind: 'collect', transferRemark: ali.orderNo, alipayCollectQr: '/service/alipay-collect-qr.svg', payee });
    const wx = (await create(u, integralGoods[0]!.id, 4)).body.data;
    expect(wx.pay).toEqual({ kind: 'collect', transferRemark: wx.orderNo, wxpayCollectQr: '/service/wxpay-collect-qr.svg', payee });
    const bank = (await create(u, integralGoods[0]!.id, 6)).body.data;
    expect(bank.pay.kind).toBe('collect');
    expect(bank.pay.transferRemark).toBe(bank.orderNo);
    expect(bank.pay.bankAccount).toContain('账号');
    expect(bank.pay.payee).toBe(payee);
    expect(bank.payTypeText).toBe('银行卡转账');
  });

  it('contact staff (9): the order waits for staff', async () => {
    const u = await createTestUser(env);
    const res = await create(u, integralGoods[0]!.id, 9);
    expect(res.body.data).toMatchObject({
      status: 'pending',
      payType: 9,
      payTypeText: '联系客服',
      pay: { kind: 'staff', transferRemark: res.body.data.orderNo },
    });
  });

  it('every order number is unique', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createTestUser(env)));
    const made = await Promise.all(users.map((u) => create(u, integralGoods[0]!.id, 9)));
    expect(new Set(made.map((r) => r.body.data.orderNo)).size).toBe(8);
  });

  it('the same goods with the same pay type resumes the pending order, also when asked 8 times at once', async () => {
    const u = await createTestUser(env);
    const made = await Promise.all(Array.from({ length: 8 }, () => create(u, integralGoods[2]!.id, 1)));
    expect(made.map((r) => r.status)).toEqual(Array(8).fill(200));
    const [first] = made;
    expect(new Set(made.map((r) => r.body.data.orderNo))).toEqual(new Set([first!.body.data.orderNo]));
    // Another pay type or other goods is another order; a paid, cancelled or expired one is never resumed.
    const other = (await create(u, integralGoods[2]!.id, 2)).body.data.orderNo;
    expect(other).not.toBe(first!.body.data.orderNo);
    expect((await create(u, integralGoods[1]!.id, 1)).body.data.orderNo).not.toBe(first!.body.data.orderNo);
    await confirm(u, first!.body.data.orderNo);
    expect((await create(u, integralGoods[2]!.id, 1)).body.data.orderNo).not.toBe(first!.body.data.orderNo);
    expect((await call(env, 'POST', '/api/order/cancel', { token: u.token, body: { orderNo: other } })).body.data.status).toBe('cancelled');
    expect((await create(u, integralGoods[2]!.id, 2)).body.data.orderNo).not.toBe(other);
    expect(await balanceChecked(u.id)).toBe(integralGoods[2]!.points);
  });

  it('bad input: 400 with a Chinese message and nothing written', async () => {
    const u = await createTestUser(env);
    const before = await orderCount();
    const cases: Array<[unknown, string]> = [
      [{ payType: 1 }, '请选择商品'],
      [{ goodsId: integralGoods[0]!.id }, '请选择支付方式'],
      [{ goodsId: integralGoods[0]!.id, payType: 5 }, '不支持的支付方式'],
      [{ goodsId: '1', payType: 1 }, '请选择商品'],
      [{ goodsId: -3, payType: 1 }, '请选择商品'],
      [{ goodsId: 1.5, payType: '1' }, '请选择商品'],
      [{ goodsId: integralGoods[0]!.id, payType: '1' }, '不支持的支付方式'],
      [{ goodsId: 999999, payType: 1 }, '商品不存在或已下架'],
      [{ goodsId: integralGoods[0]!.id, payType: 1, amount: 1 }, '不支持的参数：amount'],
    ];
    for (const [body, message] of cases) {
      const res = await call(env, 'POST', '/api/order/create', { token: u.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    }
    expect((await call(env, 'POST', '/api/order/create', { body: { goodsId: integralGoods[0]!.id, payType: 1 } })).status).toBe(401);
    expect(await orderCount()).toBe(before);
  });
});

describe('sandbox payment', () => {
  it('credits the points once, however often the confirm is replayed', async () => {
    const u = await createTestUser(env, { integral: 50 });
    const g = integralGoods[0]!;
    const { orderNo } = (await create(u, g.id, 1)).body.data;
    const first = await confirm(u, orderNo);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ orderNo, status: 'paid', statusText: '已支付', changed: true, integral: 50 + g.points });
    for (let i = 0; i < 3; i++) {
      const again = await confirm(u, orderNo);
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ status: 'paid', changed: false });
    }
    expect(await balanceChecked(u.id)).toBe(50 + g.points);
    const detail = await call(env, 'GET', '/api/order/detail', { token: u.token, query: { orderNo } });
    expect(detail.body.data).toMatchObject({ status: 'paid', paidAt: '2026-03-01T02:00:00.000Z' });
    expect(detail.body.data.pay).toBeUndefined();
  });

  it('credits once under 10 concurrent confirms', async () => {
    const u = await createTestUser(env);
    const g = integralGoods[2]!;
    const { orderNo } = (await create(u, g.id, 2)).body.data;
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(u, orderNo)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.body.data.changed)).toHaveLength(1);
    expect(await balanceChecked(u.id)).toBe(g.points);
    const rows = await env.ctx.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.reference, `order:${orderNo}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'recharge', delta: g.points, balanceAfter: g.points });
  });

  it('refuses transfer and contact-staff orders (3, 4, 6, 9): only staff confirm those', async () => {
    const u = await createTestUser(env);
    for (const payType of [3, 4, 6, 9]) {
      const { orderNo } = (await create(u, integralGoods[0]!.id, payType)).body.data;
      const res = await confirm(u, orderNo);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('转账和联系客服的订单由客服确认收款，不能在沙箱支付');
    }
    expect(await balanceChecked(u.id)).toBe(0);
  });

  it('a payment whose amount differs from the order is refused and credits nothing', async () => {
    const u = await createTestUser(env);
    const { orderNo, amount } = (await create(u, integralGoods[0]!.id, 1)).body.data;
    await expect(payOrder(env.ctx, orderNo, { paidAmount: amount - 1 })).rejects.toMatchObject({ statusCode: 409 });
    expect(await balanceChecked(u.id)).toBe(0);
    expect((await call(env, 'GET', '/api/order/detail', { token: u.token, query: { orderNo } })).body.data.status).toBe('pending');
  });
});

describe('other users', () => {
  it("cannot see, poll or pay someone else's order (404), nor find it in their lists", async () => {
    const owner = await createTestUser(env);
    const other = await createTestUser(env);
    const { orderNo } = (await create(owner, integralGoods[0]!.id, 1)).body.data;
    const detail = await call(env, 'GET', '/api/order/detail', { token: other.token, query: { orderNo } });
    expect(detail.status).toBe(404);
    expect(detail.body.message).toBe('订单不存在');
    expect((await confirm(other, orderNo)).status).toBe(404);
    const list = await call(env, 'GET', '/api/order/list', { token: other.token, query: { type: 'record', orderNo } });
    expect(list.body.data).toMatchObject({ list: [], total: 0 });
    expect(await balanceChecked(other.id)).toBe(0);
    expect(await balanceChecked(owner.id)).toBe(0);
    expect((await call(env, 'GET', '/api/order/detail', { token: owner.token, query: { orderNo } })).body.data.status).toBe('pending');
  });
});

describe('collect orders confirmed by staff (order:confirm)', () => {
  it('credits once; confirming again changes nothing', async () => {
    const u = await createTestUser(env, { integral: 7 });
    const g = integralGoods[1]!;
    for (const payType of [3, 4, 6, 9]) {
      const { orderNo } = (await create(u, g.id, payType)).body.data;
      const before = await balanceChecked(u.id);
      expect(await confirmOrderCommand(env.ctx, orderNo)).toContain(`积分 +${g.points}`);
      expect(await confirmOrderCommand(env.ctx, orderNo)).toContain('未做任何改动');
      expect(await balanceChecked(u.id)).toBe(before + g.points);
    }
  });

  it('through the ops command table: exit 0 with what changed, exit 1 with the reason; memberships too', async () => {
    const u = await createTestUser(env);
    const { orderNo } = (await create(u, ofLevel(5).id, 4)).body.data;
    const done = await runCommand(env.ctx, ['order:confirm', orderNo]);
    expect(done).toMatchObject({ code: 0 });
    expect(done.output).toContain(`订单 ${orderNo} 已确认收款 199.00 元（微信转账）：会员 铂金会员 30 天`);
    expect((await userRow(u.id)).memberLevel).toBe(5);
    const again = await runCommand(env.ctx, ['order:confirm', orderNo]);
    expect(again.code).toBe(0);
    expect(again.output).toMatch(/已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 支付，未做任何改动/);
    expect(await runCommand(env.ctx, ['order:confirm', '123'])).toEqual({ code: 1, output: '错误：订单不存在' });
    expect((await runCommand(env.ctx, ['order:confirm'])).code).toBe(1);
    expect(await balanceChecked(u.id)).toBe(0);
  });

  it('refuses a missing or malformed order number', async () => {
    await expect(confirmOrderCommand(env.ctx, '20990101000000000000')).rejects.toMatchObject({ statusCode: 404, message: '订单不存在' });
    await expect(confirmOrderCommand(env.ctx, 'x;drop')).rejects.toMatchObject({ statusCode: 400 });
    await expect(confirmOrderCommand(env.ctx, undefined)).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('membership', () => {
  const buyAndPay = async (u: TestUser, goodsId: number) => {
    const created = await create(u, goodsId, 1);
    expect(created.status, created.body.message).toBe(200);
    return confirm(u, created.body.data.orderNo);
  };

  it('a first purchase starts now; the same level extends from the current deadline', async () => {
    const u = await createTestUser(env);
    const now = env.clock.now().getTime();
    expect((await buyAndPay(u, goldOf(30).id)).body.data.changed).toBe(true);
    let row = await userRow(u.id);
    expect(row.memberLevel).toBe(3);
    expect(row.memberDeadline!.getTime()).toBe(now + 30 * DAY);
    await buyAndPay(u, goldOf(90).id);
    row = await userRow(u.id);
    expect(row.memberLevel).toBe(3);
    expect(row.memberDeadline!.getTime()).toBe(now + 120 * DAY);
    expect(await balanceChecked(u.id)).toBe(0); // memberships move no points
  });

  it('the same level after expiry starts from now, not from the old deadline', async () => {
    const u = await createTestUser(env, { memberLevel: 3, memberDeadline: new Date(env.clock.now().getTime() - 5 * DAY) });
    await buyAndPay(u, goldOf(30).id);
    expect((await userRow(u.id)).memberDeadline!.getTime()).toBe(env.clock.now().getTime() + 30 * DAY);
  });

  it('a higher level starts now, replacing the current deadline', async () => {
    const now = env.clock.now().getTime();
    const u = await createTestUser(env, { memberLevel: 3, memberDeadline: new Date(now + 60 * DAY) });
    await buyAndPay(u, ofLevel(7).id);
    const row = await userRow(u.id);
    expect(row.memberLevel).toBe(7);
    expect(row.memberDeadline!.getTime()).toBe(now + 30 * DAY);
  });

  it('a lower level than the active one is refused at creation (409), nothing written', async () => {
    const now = env.clock.now().getTime();
    const u = await createTestUser(env, { memberLevel: 5, memberDeadline: new Date(now + 10 * DAY) });
    const before = await orderCount();
    const res = await create(u, ofLevel(3).id, 1);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('您当前是铂金会员，有效期内不能购买较低等级的黄金会员');
    expect(await orderCount()).toBe(before);
    // an expired higher level counts as 1, so a lower level may be bought again
    const lapsed = await createTestUser(env, { memberLevel: 7, memberDeadline: new Date(now - DAY) });
    expect((await create(lapsed, ofLevel(3).id, 1)).status).toBe(200);
  });

  it('is re-checked at payment: an order that became a downgrade is not applied and stays pending', async () => {
    const u = await createTestUser(env);
    const gold = (await create(u, ofLevel(3).id, 1)).body.data;
    await buyAndPay(u, ofLevel(5).id);
    const late = await confirm(u, gold.orderNo);
    expect(late.status).toBe(409);
    const row = await userRow(u.id);
    expect(row.memberLevel).toBe(5);
    expect((await call(env, 'GET', '/api/order/detail', { token: u.token, query: { orderNo: gold.orderNo } })).body.data.status).toBe(
      'pending',
    );
  });
});

describe('expiry', () => {
  it('an online order unpaid after 30 minutes expires and can no longer be paid', async () => {
    const u = await createTestUser(env);
    const { orderNo } = (await create(u, integralGoods[0]!.id, 1)).body.data;
    env.clock.advance(29 * MINUTE);
    expect((await call(env, 'GET', '/api/order/detail', { token: u.token, query: { orderNo } })).body.data.status).toBe('pending');
    env.clock.advance(1 * MINUTE);
    const detail = await call(env, 'GET', '/api/order/detail', { token: u.token, query: { orderNo } });
    expect(detail.body.data).toMatchObject({ status: 'expired', statusText: '已过期' });
    const late = await confirm(u, orderNo);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('订单已过期，不能再支付，请重新下单');
    await expect(confirmOrderCommand(env.ctx, orderNo)).rejects.toMatchObject({ statusCode: 409 });
    expect(await balanceChecked(u.id)).toBe(0);
  });

  it('the owner cancels a pending transfer order; an expired or paid order cannot be cancelled (409), nothing changes', async () => {
    const u = await createTestUser(env);
    const cancel = (orderNo: string) => call(env, 'POST', '/api/order/cancel', { token: u.token, body: { orderNo } });
    const transfer = (await create(u, integralGoods[0]!.id, 6)).body.data.orderNo;
    expect((await cancel(transfer)).body.data).toMatchObject({ orderNo: transfer, status: 'cancelled', statusText: '已取消' });
    const paid = (await create(u, integralGoods[1]!.id, 1)).body.data.orderNo;
    expect((await confirm(u, paid)).status).toBe(200);
    const expired = (await create(u, integralGoods[0]!.id, 2)).body.data.orderNo;
    env.clock.advance(31 * MINUTE);
    for (const [orderNo, message] of [
      [expired, '订单已过期，不能取消'],
      [paid, '订单已支付，不能取消'],
    ]) {
      const res = await cancel(orderNo!);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ success: false, message });
    }
    const statuses = await env.ctx.db
      .select({ orderNo: orders.orderNo, status: orders.status })
      .from(orders)
      .where(eq(orders.userId, u.id));
    expect(Object.fromEntries(statuses.map((r) => [r.orderNo, r.status]))).toEqual({
      [transfer]: 'cancelled',
      [paid]: 'paid',
      [expired]: 'expired',
    });
    expect(await balanceChecked(u.id)).toBe(integralGoods[1]!.points);
  });

  it('expires even when the pay attempt is the first read after the deadline', async () => {
    const u = await createTestUser(env);
    const { orderNo } = (await create(u, integralGoods[0]!.id, 2)).body.data;
    env.clock.advance(31 * MINUTE);
    expect((await confirm(u, orderNo)).status).toBe(409);
    const [row] = await env.ctx.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(row!.status).toBe('expired');
  });

  it('the periodic sweep expires due orders nobody reads', async () => {
    const u = await createTestUser(env);
    const { orderNo } = (await create(u, integralGoods[0]!.id, 1)).body.data;
    env.clock.advance(30 * MINUTE);
    const stop = startExpirySweep(env.ctx, env.providers.payments.forPayType, env.app.log, 20);
    try {
      await expect
        .poll(async () => (await env.ctx.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status, { timeout: 5000 })
        .toBe('expired');
    } finally {
      await stop();
    }
    expect(await expireDueOrders(env.ctx.db, env.clock.now(), { orderNo })).toEqual([]);
  });

  it('collect orders leave staff a day to see the transfer, then expire', async () => {
    const u = await createTestUser(env);
    const { orderNo } = (await create(u, integralGoods[0]!.id, 6)).body.data;
    env.clock.advance(2 * 60 * MINUTE);
    expect(await confirmOrderCommand(env.ctx, orderNo)).toContain('已确认收款');
    const { orderNo: late } = (await create(u, integralGoods[0]!.id, 3)).body.data;
    env.clock.advance(24 * 60 * MINUTE);
    await expect(confirmOrderCommand(env.ctx, late)).rejects.toMatchObject({ statusCode: 409 });
    expect(await balanceChecked(u.id)).toBe(integralGoods[0]!.points);
  });
});

describe('order and ledger lists', () => {
  it('records: newest first, the fields of the wire shape, order number and date filters, paging', async () => {
    env.clock.set('2026-04-10T15:30:00Z'); // 2026-04-10 23:30 in Shanghai
    const u = await createTestUser(env);
    const a = (await create(u, integralGoods[0]!.id, 1)).body.data;
    await confirm(u, a.orderNo);
    env.clock.set('2026-04-10T16:30:00Z'); // 2026-04-11 00:30 in Shanghai
    const b = (await create(u, memberGoods[0]!.id, 9)).body.data;
    const all = (await call(env, 'GET', '/api/order/list', { token: u.token, query: { type: 'record' } })).body.data;
    expect(all).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(all.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([b.orderNo, a.orderNo]);
    expect(all.list[1]).toMatchObject({
      orderNo: a.orderNo,
      goodsName: '1000 积分',
      type: 'integral',
      status: 'paid',
      statusText: '已支付',
      amount: 10000,
      payType: 1,
      payTypeText: '支付宝',
      createdAt: '2026-04-10T15:30:00.000Z',
      paidAt: '2026-04-10T15:30:00.000Z',
    });
    const day10 = (
      await call(env, 'GET', '/api/order/list', {
        token: u.token,
        query: { type: 'record', startDate: '2026-04-10', endDate: '2026-04-10' },
      })
    ).body.data;
    expect(day10.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([a.orderNo]);
    const from11 = (await call(env, 'GET', '/api/order/list', { token: u.token, query: { type: 'record', startDate: '2026-04-11' } })).body
      .data;
    expect(from11.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([b.orderNo]);
    const byNo = (await call(env, 'GET', '/api/order/list', { token: u.token, query: { type: 'record', orderNo: b.orderNo.slice(-8) } }))
      .body.data;
    expect(byNo.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([b.orderNo]);
    const page2 = (await call(env, 'GET', '/api/order/list', { token: u.token, query: { type: 'record', page: 2, pageSize: 1 } })).body
      .data;
    expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1, list: [{ orderNo: a.orderNo }] });
  });

  it('integral-details: the ledger newest first with kind text, balance after and remark', async () => {
    env.clock.set('2026-05-01T01:00:00Z');
    const u = await createTestUser(env, { integral: 100 });
    env.clock.set('2026-05-02T01:00:00Z');
    const { orderNo } = (await create(u, integralGoods[0]!.id, 1)).body.data;
    await confirm(u, orderNo);
    const res = (await call(env, 'GET', '/api/order/list', { token: u.token, query: { type: 'integral-details' } })).body.data;
    expect(res.total).toBe(2);
    expect(res.list[0]).toEqual({
      id: expect.any(Number),
      delta: 1000,
      balanceAfter: 1100,
      kind: 'recharge',
      kindText: '充值',
      remark: `购买1,000 积分（订单 ${orderNo}）`,
      createdAt: '2026-05-02T01:00:00.000Z',
    });
    expect(res.list[1]).toMatchObject({ delta: 100, balanceAfter: 100, kind: 'adjust', kindText: '人工调整' });
    const onlyFirstDay = (
      await call(env, 'GET', '/api/order/list', { token: u.token, query: { type: 'integral-details', endDate: '2026-05-01' } })
    ).body.data;
    expect(onlyFirstDay.list.map((r: { delta: number }) => r.delta)).toEqual([100]);
  });

  it('bad list queries answer 400 in Chinese', async () => {
    const u = await createTestUser(env);
    const bad: Array<[Record<string, string | number>, string]> = [
      [{}, '列表类型必须是 record 或 integral-details'],
      [{ type: 'record', startDate: '2026/04/01' }, '开始日期格式应为 YYYY-MM-DD'],
      [{ type: 'record', endDate: '2026-02-30' }, '结束日期不是有效日期'],
      [{ type: 'record', startDate: '2026-04-02', endDate: '2026-04-01' }, '结束日期不能早于开始日期'],
      [{ type: 'record', pageSize: 101 }, '每页条数须在 1 到 100 之间'],
      [{ type: 'record', orderNo: "1' or '1'='1" }, '订单号只能包含字母和数字，最多 40 位'],
    ];
    for (const [query, message] of bad) {
      const res = await call(env, 'GET', '/api/order/list', { token: u.token, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      // (the shared paging fields prefix their field name)
      expect(res.body.message).toMatch(new RegExp(`^(每页条数：)?${message.replace(/[()]/g, '\\$&')}$`));
    }
    expect((await call(env, 'GET', '/api/order/detail', { token: u.token, query: {} })).body.message).toBe('请输入订单号');
  });
});
