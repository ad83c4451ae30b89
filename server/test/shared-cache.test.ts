/**
 * The version-row cache: two caches over one database stand for two API processes. A change made
 * through one (with its bump) is served by the other after at most one check interval.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { announcements } from '../src/db/schema.ts';
import { bumpCacheVersion, sharedCache } from '../src/db/shared-cache.ts';
import { createTestEnv, type TestEnv } from './support.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env?.close());

describe('sharedCache', () => {
  it('serves from memory between checks and reloads within one interval after a bump elsewhere', async () => {
    const { db } = env.ctx;
    let clock = 0;
    const loads = [0, 0];
    const topText = async () => (await db.select().from(announcements).where(eq(announcements.type, 'top')))[0]!.content;
    const replica = (i: number) =>
      sharedCache(db, 'announcement', async () => (loads[i]!++, topText()), { checkEveryMs: 1000, now: () => clock });
    const [a, b] = [replica(0), replica(1)];
    const before = await topText();
    expect([await a.get(), await b.get()]).toEqual([before, before]);
    expect(await Promise.all([a.get(), a.get(), a.get()])).toEqual([before, before, before]);
    expect(loads).toEqual([1, 1]);

    // a change through "replica a", bumped in the same transaction
    await db.transaction(async (tx) => {
      await tx.update(announcements).set({ content: '新的公告' }).where(eq(announcements.type, 'top'));
      await bumpCacheVersion(tx, 'announcement');
    });
    clock += 999;
    expect(await b.get()).toBe(before); // still within its check interval
    clock += 1;
    expect(await b.get()).toBe('新的公告');
    expect(await a.get()).toBe('新的公告');
    expect(loads).toEqual([2, 2]);

    // checks without a bump do not reload
    clock += 5000;
    expect(await b.get()).toBe('新的公告');
    expect(loads).toEqual([2, 2]);
  });
});
