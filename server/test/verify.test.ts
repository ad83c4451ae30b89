/**
 * `ops verify`: clean on a database with real activity (points and member orders paid through the
 * sandbox, a plan charged and stopped with a refund, a staff-set membership, a manual adjustment);
 * each finding it can make fires when the data is tampered the way the finding describes (and the
 * database is clean again once put back): a balance off its ledger or negative; a paid points order
 * not credited, credited twice or to another account; an unpaid one credited; a recharge without
 * its order; a plan not charged, charged twice, refunded twice, refunded other than its record
 * says or beyond its unspent part; a booking without its plan; a membership without backing or
 * other than its backing. Memberships are backed by account id: a phone registered again after a
 * deletion neither inherits nor is haunted by the deleted account's settings. The report lists at
 * most REPORT_LIMIT findings and counts the rest. Also as a real process on a PGlite folder (exit codes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { orders, planCounts, plans, pointsLedger, pointsLedgerCounts, users } from '../src/tables.ts';
import { runCommand } from '../src/ops/commands.ts';
import { REPORT_LIMIT } from '../src/ops/verify.ts';
import { DEMO_PHONE } from '../src/seed.ts';
import { validForm } from './support/plan-helpers.ts';
import { call, createTestEnv, createTestUser, nextPhone, opsCli, type TestEnv, type TestUser } from './support/support.ts';

let env: TestEnv;
beforeAll(async () => {
  // 08:30 in Shanghai: a plan for today is created before its 09:00 tasks.
  env = await createTestEnv({ now: '2026-12-01T00:30:00Z' });
});
afterAll(() => env?.close());

const ops = (...argv: string[]) => runCommand(env.ctx, argv);

async function buyAndPay(u: TestUser, type: 'integral' | 'member') {
  const goods = (await call(env, 'GET', '/api/god/get', { token: u.token, query: { type } })).body.data[0];
  const order = await call(env, 'POST', '/api/order/create', { token: u.token, body: { goodsId: goods.id, payType: 1 } });
  expect(order.status).toBe(200);
  const paid = await call(env, 'POST', `/api/pay/sandbox/${order.body.data.orderNo}/confirm`, { token: u.token });
  expect(paid.status).toBe(200);
  return order.body.data.orderNo as string;
}

describe('ops verify', () => {
  let buyer: TestUser;
  let planId: number;

  it('passes (exit 0) on a database with orders, memberships, plans and refunds', async () => {
    buyer = await createTestUser(env, { integral: 500 });
    await buyAndPay(buyer, 'integral');
    await buyAndPay(buyer, 'member');
    await buyAndPay(buyer, 'member'); // extends the same level
    await call(env, 'POST', '/api/order/create', {
      token: buyer.token,
      body: {
        goodsId: (await call(env, 'GET', '/api/god/get', { token: buyer.token, query: { type: 'integral' } })).body.data[1].id,
        payType: 1,
      },
    }); // left unpaid
    const plan = await call(env, 'POST', '/api/plan/create', {
      token: buyer.token,
      body: await validForm(env, { startDate: '2026-12-01' }),
    });
    expect(plan.status, plan.body.message).toBe(200);
    planId = plan.body.data.id;
    env.clock.advance(2.5 * 3600_000); // 11:00: the 09:00 tasks went out
    const stopped = await call(env, 'POST', '/api/plan/manage/stop', { token: buyer.token, body: { ids: [planId] } });
    expect(stopped.status).toBe(200);
    const [row] = await env.ctx.db.select().from(plans).where(eq(plans.id, planId));
    expect(row!.refunded).toBeGreaterThan(0);
    const staffSet = await createTestUser(env);
    expect((await ops('member:set', staffSet.phone, '7', '2027-01-31', '23:59:59')).code).toBe(0);
    expect((await ops('points:adjust', staffSet.phone, '+30', '补偿')).code).toBe(0);

    expect(await ops('verify')).toEqual({ code: 0, output: '核对通过：积分余额、积分明细、订单入账、计划扣费与退还、会员均一致' });
  });

  it('exits 1 naming the phone and the amounts when a balance is changed behind the ledger, and passes again once it is put back', async () => {
    await env.ctx.db.execute(sql`update users set integral = integral + 77 where id = ${buyer.id}`);
    try {
      const outcome = await ops('verify');
      expect(outcome.code).toBe(1);
      expect(outcome.output).toMatch(new RegExp(`${buyer.phone}：积分余额 (\\d+) 与积分明细合计 \\d+ 不符（差 77）`));
      expect(outcome.output.split('\n')).toHaveLength(2);
    } finally {
      await env.ctx.db.execute(sql`update users set integral = integral - 77 where id = ${buyer.id}`);
    }
    expect((await ops('verify')).code).toBe(0);
  });

  it('reports a refund beyond the unspent part and a membership nobody paid for or set', async () => {
    const [plan] = await env.ctx.db.select().from(plans).where(eq(plans.id, planId));
    const stranger = await createTestUser(env);
    // Behind the application's back: more refunded than the plan's record allows, a gold membership out of nowhere.
    await env.ctx.db.execute(sql`alter table plans drop constraint plans_refunded`);
    try {
      await env.ctx.db.update(plans).set({ refunded: plan!.totalCost }).where(eq(plans.id, planId));
      await env.ctx.db
        .update(users)
        .set({ memberLevel: 5, memberDeadline: new Date('2027-06-01T00:00:00Z') })
        .where(eq(users.id, stranger.id));
      const outcome = await ops('verify');
      expect(outcome.code).toBe(1);
      expect(outcome.output).toContain(
        `${buyer.phone}：计划 #${planId}：退还明细合计 ${plan!.refunded} 积分与计划记录的退还 ${plan!.totalCost} 积分不符`,
      );
      expect(outcome.output).toContain(`${stranger.phone}：会员 `);
      expect(outcome.output).toContain('没有已支付的会员订单或后台设置');
    } finally {
      await env.ctx.db.update(plans).set({ refunded: plan!.refunded }).where(eq(plans.id, planId));
      await env.ctx.db.execute(sql`alter table plans add constraint plans_refunded check (refunded >= 0 and refunded <= total_cost)`);
      await env.ctx.db.update(users).set({ memberLevel: 1, memberDeadline: null }).where(eq(users.id, stranger.id));
    }
    expect((await ops('verify')).code).toBe(0);
  });
});

describe('every finding fires when the data is tampered as it says', () => {
  let u: TestUser;
  let paidNo: string;
  let unpaidNo: string;
  let points: number;
  let stopped: typeof plans.$inferSelect;
  let running: typeof plans.$inferSelect;
  const db = () => env.ctx.db;
  const run = (statement: ReturnType<typeof sql>) => env.ctx.db.execute(statement);
  /** ops verify's output, which must name the account and say `line` (exit 1). */
  const expectFinding = async (line: string, phone = u.phone) => {
    const outcome = await ops('verify');
    expect(outcome.code, outcome.output).toBe(1);
    expect(outcome.output).toContain(`  ${phone}：${line}`);
    return outcome.output;
  };
  const expectClean = async () =>
    expect(await ops('verify')).toEqual({ code: 0, output: '核对通过：积分余额、积分明细、订单入账、计划扣费与退还、会员均一致' });
  /** A ledger row written behind the application's back, the balance kept equal to the ledger's sum. */
  const book = async (kind: string, reference: string, delta: number, userId = u.id) => {
    await run(sql`update users set integral = integral + ${delta} where id = ${userId}`);
    const [row] = await db()
      .insert(pointsLedger)
      .values({ userId, delta, balanceAfter: 0, kind, reference, remark: 'tampered', createdAt: env.clock.now() })
      .returning();
    return async () => {
      await db().delete(pointsLedger).where(eq(pointsLedger.id, row!.id));
      await run(sql`update users set integral = integral - ${delta} where id = ${userId}`);
    };
  };
  const withoutUniqueBookings = async (work: () => Promise<void>) => {
    await run(sql`drop index points_ledger_kind_reference_uq`);
    try {
      await work();
    } finally {
      await run(sql`create unique index points_ledger_kind_reference_uq on points_ledger (kind, reference)`);
    }
  };

  beforeAll(async () => {
    u = await createTestUser(env, { integral: 2000 });
    paidNo = await buyAndPay(u, 'integral');
    const goods = (await call(env, 'GET', '/api/god/get', { token: u.token, query: { type: 'integral' } })).body.data;
    points = goods[0].points;
    const unpaid = await call(env, 'POST', '/api/order/create', { token: u.token, body: { goodsId: goods[1].id, payType: 6 } });
    unpaidNo = unpaid.body.data.orderNo;
    const ids: number[] = [];
    for (const startDate of ['2026-12-10', '2026-12-20']) {
      const plan = await call(env, 'POST', '/api/plan/create', { token: u.token, body: await validForm(env, { startDate }) });
      expect(plan.status, plan.body.message).toBe(200);
      ids.push(plan.body.data.id);
    }
    expect((await call(env, 'POST', '/api/plan/manage/stop', { token: u.token, body: { ids: [ids[0]] } })).status).toBe(200);
    [stopped, running] = (await db()
      .select()
      .from(plans)
      .where(sql`${plans.id} in (${ids[0]}, ${ids[1]})`)
      .orderBy(plans.id)) as [typeof stopped, typeof running];
    await expectClean();
  });

  it('a negative balance', async () => {
    await run(sql`alter table users drop constraint users_integral_non_negative`);
    await run(sql`alter table points_ledger drop constraint points_ledger_balance`);
    const balance = (await db().select().from(users).where(eq(users.id, u.id)))[0]!.integral;
    const undo = await book('adjust', null as unknown as string, -(balance + 5));
    try {
      await expectFinding('积分余额为负：-5（积分明细合计 -5）');
    } finally {
      await undo();
      await run(sql`alter table users add constraint users_integral_non_negative check (integral >= 0)`);
      await run(sql`alter table points_ledger add constraint points_ledger_balance check (balance_after >= 0)`);
    }
    await expectClean();
  });

  it('a ledger row count other than the rows (the ledger list shows it as its total)', async () => {
    const [kept] = await db().select().from(pointsLedgerCounts).where(eq(pointsLedgerCounts.userId, u.id));
    // Rows written behind the application's back are counted too: the triggers keep the count.
    const undo = await book('adjust', null as unknown as string, 1);
    expect((await db().select().from(pointsLedgerCounts).where(eq(pointsLedgerCounts.userId, u.id)))[0]!.rows).toBe(kept!.rows + 1);
    await undo();
    await run(sql`update points_ledger_counts set rows = rows + 2 where user_id = ${u.id}`);
    try {
      await expectFinding(`积分明细条数记为 ${kept!.rows + 2}，实有 ${kept!.rows} 条`);
    } finally {
      await run(sql`update points_ledger_counts set rows = rows - 2 where user_id = ${u.id}`);
    }
    await expectClean();
  });

  it('a count of live plans other than the plans (the plan list shows it as its total)', async () => {
    const [kept] = await db().select().from(planCounts).where(eq(planCounts.userId, u.id));
    await run(sql`update plan_counts set live = live + 1 where user_id = ${u.id} and flow_type = ${kept!.flowType}`);
    try {
      await expectFinding(`${kept!.flowType} 平台的计划数记为 ${kept!.live + 1}，实有 ${kept!.live} 个`);
    } finally {
      await run(sql`update plan_counts set live = live - 1 where user_id = ${u.id} and flow_type = ${kept!.flowType}`);
    }
    await expectClean();
  });

  it('a count of stopped plans other than the plans (the plan screens count completed from it)', async () => {
    const [kept] = await db().select().from(planCounts).where(eq(planCounts.userId, u.id));
    await run(sql`update plan_counts set stopped = stopped + 1 where user_id = ${u.id} and flow_type = ${kept!.flowType}`);
    try {
      await expectFinding(`${kept!.flowType} 平台已停止的计划数记为 ${kept!.stopped + 1}，实有 ${kept!.stopped} 个`);
    } finally {
      await run(sql`update plan_counts set stopped = stopped - 1 where user_id = ${u.id} and flow_type = ${kept!.flowType}`);
    }
    await expectClean();
  });

  it('a paid points order never credited', async () => {
    await db().update(orders).set({ status: 'paid', paidAt: env.clock.now() }).where(eq(orders.orderNo, unpaidNo));
    const [order] = await db().select().from(orders).where(eq(orders.orderNo, unpaidNo));
    try {
      await expectFinding(`已支付的积分订单 ${unpaidNo} 未入账（应入 ${order!.goodsSnapshot.points} 积分）`);
    } finally {
      await db().update(orders).set({ status: 'pending', paidAt: null }).where(eq(orders.orderNo, unpaidNo));
    }
    await expectClean();
  });

  it('a paid points order credited twice, and one credited to another account', async () => {
    await withoutUniqueBookings(async () => {
      const undo = await book('recharge', `order:${paidNo}`, points);
      try {
        await expectFinding(`积分订单 ${paidNo} 入账 2 笔共 ${points * 2} 积分，应为 1 笔 ${points} 积分`);
      } finally {
        await undo();
      }
    });
    const other = await createTestUser(env);
    const [credit] = await db()
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.kind, 'recharge'), eq(pointsLedger.reference, `order:${paidNo}`)));
    await db().update(pointsLedger).set({ userId: other.id }).where(eq(pointsLedger.id, credit!.id));
    await run(sql`update users set integral = integral - ${points} where id = ${u.id}`);
    await run(sql`update users set integral = integral + ${points} where id = ${other.id}`);
    try {
      await expectFinding(`积分订单 ${paidNo} 入账 1 笔共 ${points} 积分，且记到了别的账户，应为 1 笔 ${points} 积分`);
    } finally {
      await db().update(pointsLedger).set({ userId: u.id }).where(eq(pointsLedger.id, credit!.id));
      await run(sql`update users set integral = integral + ${points} where id = ${u.id}`);
      await run(sql`update users set integral = integral - ${points} where id = ${other.id}`);
    }
    await expectClean();
  });

  it('an unpaid points order credited', async () => {
    await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNo, paidNo));
    try {
      await expectFinding(`未支付（cancelled）的积分订单 ${paidNo} 却入账 ${points} 积分`);
    } finally {
      await db().update(orders).set({ status: 'paid' }).where(eq(orders.orderNo, paidNo));
    }
    await expectClean();
  });

  it('a recharge without its order', async () => {
    const undo = await book('recharge', 'order:20260101000000999999', 10);
    try {
      await expectFinding('充值明细 order:20260101000000999999（10 积分）没有对应的积分订单');
    } finally {
      await undo();
    }
    await expectClean();
  });

  it('a plan never charged', async () => {
    const [charge] = await db()
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.kind, 'plan_charge'), eq(pointsLedger.reference, `plan:${running.id}`)));
    await db().delete(pointsLedger).where(eq(pointsLedger.id, charge!.id));
    await run(sql`update users set integral = integral - ${charge!.delta} where id = ${u.id}`);
    try {
      await expectFinding(`计划 #${running.id}：未扣费（应扣 ${running.totalCost} 积分）`);
    } finally {
      await db().insert(pointsLedger).values(charge!);
      await run(sql`update users set integral = integral + ${charge!.delta} where id = ${u.id}`);
    }
    await expectClean();
  });

  it('a plan charged twice', async () => {
    await withoutUniqueBookings(async () => {
      const undo = await book('plan_charge', `plan:${running.id}`, -running.totalCost);
      try {
        await expectFinding(`计划 #${running.id}：扣费 2 笔共 ${running.totalCost * 2} 积分，应为 1 笔 ${running.totalCost} 积分`);
      } finally {
        await undo();
      }
    });
    await expectClean();
  });

  it('a plan refunded twice, and beyond its unspent part', async () => {
    await withoutUniqueBookings(async () => {
      const undo = await book('plan_refund', `plan:${stopped.id}`, 1);
      await run(sql`alter table plans drop constraint plans_refunded`);
      await db()
        .update(plans)
        .set({ refunded: stopped.refunded + 1 })
        .where(eq(plans.id, stopped.id));
      try {
        const output = await expectFinding(`计划 #${stopped.id}：退还 2 笔，应至多 1 笔`);
        expect(output).toContain(`计划 #${stopped.id}：退还 ${stopped.refunded + 1} 积分，超过未花费部分 ${stopped.refunded} 积分`);
      } finally {
        await undo();
        await db().update(plans).set({ refunded: stopped.refunded }).where(eq(plans.id, stopped.id));
        await run(sql`alter table plans add constraint plans_refunded check (refunded >= 0 and refunded <= total_cost)`);
      }
    });
    await expectClean();
  });

  it('a plan refunded while still running', async () => {
    const undo = await book('plan_refund', `plan:${running.id}`, 5);
    await db().update(plans).set({ refunded: 5 }).where(eq(plans.id, running.id));
    try {
      await expectFinding(`计划 #${running.id}：退还 5 积分，超过未花费部分 0 积分（计划未停止）`);
    } finally {
      await undo();
      await db().update(plans).set({ refunded: 0 }).where(eq(plans.id, running.id));
    }
    await expectClean();
  });

  it('a plan booking without its plan', async () => {
    const undo = await book('plan_charge', 'plan:987654', -3);
    try {
      await expectFinding('积分明细 plan:987654（-3 积分）没有对应的计划');
    } finally {
      await undo();
    }
    await expectClean();
  });

  it('a membership other than its paid orders make of it', async () => {
    const member = await createTestUser(env);
    await buyAndPay(member, 'member');
    await expectClean();
    const [row] = await db().select().from(users).where(eq(users.id, member.id));
    await db()
      .update(users)
      .set({ memberDeadline: new Date(row!.memberDeadline!.getTime() + 3 * 86_400_000) })
      .where(eq(users.id, member.id));
    try {
      await expectFinding(
        `会员 黄金会员，到期 ${new Date(row!.memberDeadline!.getTime() + 3 * 86_400_000).toISOString()} 与记录不符：已支付的会员订单和后台设置合计应为：黄金会员，到期 ${row!.memberDeadline!.toISOString()}`,
        member.phone,
      );
    } finally {
      await db().update(users).set({ memberDeadline: row!.memberDeadline }).where(eq(users.id, member.id));
    }
    await expectClean();
  });

  it('memberships are backed by account id: a phone registered again neither inherits nor is haunted by the deleted account’s settings', async () => {
    // Staff gave account A a diamond membership; A was deleted (注销), and its phone registered again as B.
    const phone = nextPhone();
    const a = await createTestUser(env, { phone });
    expect((await ops('member:set', phone, '7', '2027-06-30', '23:59:59')).code).toBe(0);
    expect((await ops('user:delete', phone, '用户申请注销')).code).toBe(0);
    const b = await createTestUser(env, { phone });
    expect(b.id).not.toBe(a.id);
    // B buys gold: its own purchase is its backing, A's diamond setting is not (no false mismatch).
    await buyAndPay(b, 'member');
    await expectClean();
    // B given A's diamond behind the application's back: A's audited setting does not back it (no false backing).
    const [before] = await db().select().from(users).where(eq(users.id, b.id));
    await db()
      .update(users)
      .set({ memberLevel: 7, memberDeadline: new Date('2027-06-30T15:59:59Z') })
      .where(eq(users.id, b.id));
    try {
      await expectFinding('会员 钻石会员，到期 2027-06-30T15:59:59.000Z 与记录不符：已支付的会员订单和后台设置合计应为：黄金会员', phone);
    } finally {
      await db().update(users).set({ memberLevel: before!.memberLevel, memberDeadline: before!.memberDeadline }).where(eq(users.id, b.id));
    }
    await expectClean();
  });

  it(`lists at most ${REPORT_LIMIT} findings and counts the rest`, async () => {
    // Accounts whose balance no ledger row explains, written in bulk behind the application's back.
    const extra = REPORT_LIMIT + 5;
    await run(sql`insert into users (phone, password_hash, invite_code, integral)
      select 'verify-' || n, '', 'verify-' || n, 1 from generate_series(1, ${extra}) as n`);
    try {
      const outcome = await ops('verify');
      const lines = outcome.output.split('\n');
      expect(lines[0]).toBe(`错误：核对发现 ${extra} 处不一致：`);
      expect(lines).toHaveLength(1 + REPORT_LIMIT + 1);
      expect(lines.at(-1)).toBe(`  ……另有 5 处未列出`);
    } finally {
      await run(sql`delete from users where phone like 'verify-%'`);
    }
    await expectClean();
  });
});

describe('npm run ops -- verify (a real process on a PGlite folder)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-verify-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const cli = opsCli(dataDir);

  it('exit 0 on the seeded folder, exit 1 naming the demo account after its balance changed behind the ledger', async () => {
    const clean = cli('verify');
    expect([clean.status, clean.stdout.trim()]).toEqual([0, '核对通过：积分余额、积分明细、订单入账、计划扣费与退还、会员均一致']);
    const database = await openDatabase({ dataDir });
    await database.db.execute(sql`update users set integral = integral - 1 where phone = ${DEMO_PHONE}`);
    await database.close();
    const tampered = cli('verify');
    expect(tampered.status).toBe(1);
    expect(tampered.stderr).toContain(`${DEMO_PHONE}：积分余额 9999 与积分明细合计 10000 不符（差 -1）`);
  }, 240_000);
});
