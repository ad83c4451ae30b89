/**
 * The version-row cache: a change made by another process (its bump arrives only through the
 * version row) is served after at most one check interval, without anyone waiting for the check;
 * a change made by this process is served at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { announcements, cacheVersions } from '../src/tables.ts';
import { bumpCacheVersion, sharedCache, useSharedCaches } from '../src/db/shared-cache.ts';
import { loadConfig } from '../src/config.ts';
import { createTestEnv, usingPostgres, type TestEnv } from './support/support.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env?.close());

/** Lets a check started in the background finish (polls: the machine may be slow). */
async function settle(done: () => boolean = () => false) {
  for (let i = 0; i < 40 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
}

describe('sharedCache', () => {
  it('another process: served from memory between checks, the new value after one interval', async () => {
    const { db } = env.ctx;
    let clock = 0;
    let loads = 0;
    const topText = async () => (await db.select().from(announcements).where(eq(announcements.type, 'top')))[0]!.content;
    const load = async () => {
      const text = await topText();
      loads++; // counted once loaded
      return text;
    };
    const cache = sharedCache(db, 'test-elsewhere', load, { checkEveryMs: 1000, now: () => clock });
    const before = await topText();
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual([before, before, before]);
    expect(loads).toBe(1);

    // Another process changes the data and bumps the version row (not through this process's registry).
    await db.transaction(async (tx) => {
      await tx.update(announcements).set({ content: '别处的公告' }).where(eq(announcements.type, 'top'));
      await tx
        .insert(cacheVersions)
        .values({ name: 'test-elsewhere', version: 1 })
        .onConflictDoUpdate({ target: cacheVersions.name, set: { version: sql`${cacheVersions.version} + 1` } });
    });
    clock += 999;
    expect(await cache.get()).toBe(before); // within its check interval
    clock += 1;
    expect(await cache.get()).toBe(before); // the check runs in the background; nobody waits for it
    await settle(() => loads === 2);
    expect(await cache.get()).toBe('别处的公告');
    expect(loads).toBe(2);

    // checks without a bump do not reload
    clock += 5000;
    await cache.get();
    await settle();
    expect(await cache.get()).toBe('别处的公告');
    expect(loads).toBe(2);
  });

  it('this process: a bump is served at once, even by a read racing its transaction', async () => {
    const { db } = env.ctx;
    const clock = 0; // no time passes: only the local bump can make it reload
    const topText = async () => (await db.select().from(announcements).where(eq(announcements.type, 'top')))[0]!.content;
    const cache = sharedCache(db, 'test-local', topText, { checkEveryMs: 1000, now: () => clock });
    const before = await cache.get();
    await db.transaction(async (tx) => {
      await tx.update(announcements).set({ content: '本进程的公告' }).where(eq(announcements.type, 'top'));
      await bumpCacheVersion(tx, 'test-local');
      // Not committed yet: a read now still sees the old value, and must not settle on it.
      // (PGlite has one connection, which the transaction holds: the racing read needs PostgreSQL.)
      if (usingPostgres) expect(await cache.get()).toBe(before);
    });
    expect(await cache.get()).toBe('本进程的公告');
  });

  it("REFERENCE_CACHE=off: every get() reads the database (the benchmarks' baseline); on or unset: memory", async () => {
    expect([undefined, 'on', 'off'].map((value) => loadConfig({ NODE_ENV: 'test', REFERENCE_CACHE: value }).referenceCache)).toEqual([
      true,
      true,
      false,
    ]);
    const { db } = env.ctx;
    let loads = 0;
    const cache = sharedCache(db, 'test-off', async () => ++loads, { checkEveryMs: 1000, now: () => 0 });
    useSharedCaches(false);
    try {
      expect([await cache.get(), await cache.get(), await cache.get()]).toEqual([1, 2, 3]);
    } finally {
      useSharedCaches(true);
    }
    expect([await cache.get(), await cache.get()]).toEqual([4, 4]);
  });
});
