/**
 * The console's stats keep a business day (Beijing time) in stats_days once it is over: what is
 * written after that belongs to a later day, and a row stamped just before midnight by a transaction
 * that commits after it must still be counted, so a day is kept only after a margin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../tables.ts';
import { statsDays } from './tables.ts';
import { runCommand } from '../../ops/commands.ts';
import { createSession } from '../session/index.ts';
import { hashPassword, newInviteCode } from '../../lib/crypto.ts';
import { sh, validForm } from '../../../test/support/plan-helpers.ts';
import { call, createTestEnv, createTestUser, grantRole, type TestEnv, type TestUser } from '../../../test/support/support.ts';
import type { DayStats } from '../../../../common/admin-types.ts';

let env: TestEnv;
let operator: TestUser;

beforeAll(async () => {
  // 23:40 in Beijing is 15:40 UTC: a day in UTC would not end at the business day's midnight.
  env = await createTestEnv({ now: sh('2026-03-10T23:40:00') });
  operator = await grantRole(env, await createTestUser(env), 'operator');
});
afterAll(() => env?.close());

async function stats(from: string, to: string): Promise<DayStats[]> {
  // the test moves the clock by hours: a console session would end (idle timeout), so each read signs in afresh
  const token = await createSession(env.ctx.db, operator.id, env.clock);
  const answer = await call(env, 'GET', '/api/admin/stats', { token, query: { from, to } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const keptDays = async () => (await env.ctx.db.select({ day: statsDays.day }).from(statsDays)).map((r) => r.day).sort();

describe('stats kept per business day', () => {
  it('a day is kept once it is over; late commits and later payments and refunds count where they happened', async () => {
    const seller = await createTestUser(env, { integral: 5000 });
    const plan = await call(env, 'POST', '/api/plan/create', { token: seller.token, body: await validForm(env) });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const created = await call(env, 'POST', '/api/order/create', { token: seller.token, body: { goodsId: 1, payType: 6 } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const before = await stats('2026-03-10', '2026-03-10');
    expect(before[0]).toMatchObject({ day: '2026-03-10', newUsers: 2, paidOrders: 0, plansCreated: 1 });
    const charged = before[0]!.pointsSpent;
    expect(charged).toBeGreaterThan(0);

    // 00:10 the next day: the order of yesterday evening is confirmed today, and a sign-up whose
    // transaction stamped 23:59:50 commits only now.
    env.clock.set(sh('2026-03-11T00:10:00'));
    expect((await runCommand(env.ctx, ['order:confirm', created.body.data.orderNo])).code).toBe(0);
    await env.ctx.db.insert(users).values({
      phone: '13900000001',
      passwordHash: await hashPassword('late-commit-1'),
      inviteCode: newInviteCode(8),
      createdAt: sh('2026-03-10T23:59:50'),
    });
    const early = await stats('2026-03-10', '2026-03-11');
    expect(early[0]).toMatchObject({ day: '2026-03-10', newUsers: 3, paidOrders: 0, paidAmount: 0 });
    expect(early[1]).toMatchObject({ day: '2026-03-11', newUsers: 0, paidOrders: 1 });
    // Within the margin after midnight yesterday is still read from the tables, not kept.
    expect(await keptDays()).toEqual([]);

    // 02:00: yesterday is over and kept, with the late commit in it.
    env.clock.set(sh('2026-03-11T02:00:00'));
    const settled = await stats('2026-03-10', '2026-03-11');
    expect(settled).toEqual(early);
    expect(await keptDays()).toEqual(['2026-03-10']);

    // Yesterday's plan stopped today (before its start: all refunded): the refund shows today, the
    // kept day still shows the charge.
    const stop = await call(env, 'POST', '/api/plan/manage/stop', { token: seller.token, body: { ids: [plan.body.data.id] } });
    expect(stop.body.data.results).toEqual([{ id: plan.body.data.id, ok: true, refund: charged }]);
    const after = await stats('2026-03-10', '2026-03-11');
    expect(after[0]).toEqual(settled[0]);
    expect(after[0]!.pointsSpent).toBe(charged);
    expect(after[1]!.pointsSpent).toBe(settled[1]!.pointsSpent - charged);
    // And a range that ends yesterday is read from what was kept.
    expect(await stats('2026-03-10', '2026-03-10')).toEqual([settled[0]]);
  });
});
