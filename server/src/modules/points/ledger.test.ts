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

describe('ledger pages', () => {
  it('pages equal OFFSET paging: ties on created_at, last page, past the end, a date range', async () => {
    const { listLedger } = await import('./index.ts');
    const { pointsLedger } = await import('../../tables.ts');
    const { desc, and, eq, gte, lt } = await import('drizzle-orm');
    const u = await createTestUser(env, { integral: 0 });
    // 47 rows on 5 instants: ties on created_at fall across page boundaries
    const base = env.clock.now().getTime() - 10 * 86_400_000;
    let balance = 0;
    for (let i = 0; i < 47; i++) {
      balance += 1;
      await env.ctx.db.insert(pointsLedger).values({
        userId: u.id,
        delta: 1,
        balanceAfter: balance,
        kind: 'adjust',
        reference: null,
        remark: 'x',
        createdAt: new Date(base + (i % 5) * 86_400_000),
      });
    }
    const reference = async (page: number, pageSize: number, from?: Date, to?: Date) =>
      (
        await env.ctx.db
          .select({ id: pointsLedger.id })
          .from(pointsLedger)
          .where(
            and(
              eq(pointsLedger.userId, u.id),
              from ? gte(pointsLedger.createdAt, from) : undefined,
              to ? lt(pointsLedger.createdAt, to) : undefined,
            ),
          )
          .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize)
      ).map((r) => r.id);
    for (const pageSize of [1, 3, 10, 47, 100])
      for (let page = 1; page <= Math.ceil(47 / pageSize) + 1; page++) {
        const got = await listLedger(env.ctx.db, u.id, { page, pageSize });
        expect(
          got.list.map((r) => r.id),
          `${page}/${pageSize}`,
        ).toEqual(await reference(page, pageSize));
        expect(got.total).toBe(47);
      }
    const from = new Date(base + 86_400_000),
      to = new Date(base + 3 * 86_400_000);
    for (let page = 1; page <= 5; page++) {
      const got = await listLedger(env.ctx.db, u.id, { page, pageSize: 4, from, to });
      expect(got.list.map((r) => r.id)).toEqual(await reference(page, 4, from, to));
    }
  });
});
