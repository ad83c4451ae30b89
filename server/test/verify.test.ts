/**
 * `ops verify`: clean on a database with real activity (points and member orders paid through the
 * sandbox, a plan charged and stopped with a refund, a staff-set membership, a manual adjustment);
 * exit 1 naming the account's phone and the amounts after a balance is changed behind the ledger,
 * a plan refunded beyond its unspent part, or a membership set without an order or audit row.
 * Also as a real process on a PGlite folder (exit codes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { plans, users } from '../src/tables.ts';
import { runCommand } from '../src/ops/commands.ts';
import { DEMO_PHONE } from '../src/seed.ts';
import { validForm } from './support/plan-helpers.ts';
import { call, createTestEnv, createTestUser, opsCli, type TestEnv, type TestUser } from './support/support.ts';

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
