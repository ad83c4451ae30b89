import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../tables.ts';
import { changePoints, ledgerSum, InsufficientPointsError } from './index.ts';
import { createTestEnv, createTestUser, type TestEnv } from '../../../test/support/support.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ verifyMoney: false }); // synthetic ledger references (order:T1, plan:c3-0)
});
afterAll(() => env?.close());

const balance = async (id: number) =>
  (await env.ctx.db.select({ integral: users.integral }).from(users).where(eq(users.id, id)))[0]!.integral;

describe('points ledger', () => {
  it('refuses a debit larger than the balance with needed and available, and changes nothing', async () => {
    const u = await createTestUser(env, { integral: 100 });
    const attempt = env.ctx.db.transaction((tx) =>
      changePoints(tx, { userId: u.id, delta: -101, kind: 'plan_charge', reference: 'plan:x1', at: env.clock.now() }),
    );
    await expect(attempt).rejects.toBeInstanceOf(InsufficientPointsError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, data: { needed: 101, available: 100 } });
    expect(await balance(u.id)).toBe(100);
    expect(await ledgerSum(env.ctx.db, u.id)).toBe(100);
  });

  it('books a reference once: a replay fails and leaves the balance as it was', async () => {
    const u = await createTestUser(env, { integral: 10 });
    const credit = () =>
      env.ctx.db.transaction((tx) =>
        changePoints(tx, { userId: u.id, delta: 50, kind: 'recharge', reference: 'order:T1', at: env.clock.now() }),
      );
    await expect(credit()).resolves.toMatchObject({ balanceAfter: 60 });
    await expect(credit()).rejects.toMatchObject({ statusCode: 409 });
    expect(await balance(u.id)).toBe(60);
    expect(await ledgerSum(env.ctx.db, u.id)).toBe(60);
  });

  it('never goes negative under concurrent debits; successes are exactly what the balance allows', async () => {
    const u = await createTestUser(env, { integral: 100 });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        env.ctx.db.transaction((tx) =>
          changePoints(tx, { userId: u.id, delta: -30, kind: 'plan_charge', reference: `plan:c${u.id}-${i}`, at: env.clock.now() }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await balance(u.id)).toBe(10);
    expect(await ledgerSum(env.ctx.db, u.id)).toBe(10);
  });
});
