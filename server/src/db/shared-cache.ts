/**
 * An in-process cache that stays right with several API processes: each cache has a version row
 * (table cache_versions); whoever changes the cached data bumps it in the same transaction, and
 * every process checks the version at most once per `checkEveryMs` (default 1 s) before answering
 * from memory, reloading when it moved. A change made through one replica is therefore seen by all
 * within about a second, at the cost of one primary-key read per second per cache and process.
 * A version row rather than LISTEN/NOTIFY: it needs no session connection of its own, so it works
 * through PgBouncer in transaction mode and on PGlite alike.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { cacheVersions } from './schema.ts';

export interface SharedCache<T> {
  /** The cached value, reloaded when another process (or this one) bumped the version. */
  get(): Promise<T>;
}

export interface SharedCacheOptions {
  checkEveryMs?: number;
  /** Milliseconds clock (tests). */
  now?: () => number;
}

/** Marks the cache `name` stale on every process; call it in the transaction that changes its data. */
export async function bumpCacheVersion(executor: Executor, name: string): Promise<void> {
  await executor
    .insert(cacheVersions)
    .values({ name, version: 1 })
    .onConflictDoUpdate({ target: cacheVersions.name, set: { version: sql`${cacheVersions.version} + 1` } });
}

async function currentVersion(executor: Executor, name: string): Promise<number> {
  const [row] = await executor.select({ version: cacheVersions.version }).from(cacheVersions).where(eq(cacheVersions.name, name));
  return row?.version ?? 0;
}

export function sharedCache<T>(executor: Executor, name: string, load: () => Promise<T>, opts: SharedCacheOptions = {}): SharedCache<T> {
  const checkEveryMs = opts.checkEveryMs ?? 1000;
  const now = opts.now ?? Date.now;
  let cached: { value: T; version: number; checkedAt: number } | null = null;
  let refreshing: Promise<T> | null = null;

  const refresh = async (): Promise<T> => {
    const version = await currentVersion(executor, name);
    if (cached && cached.version === version) {
      cached.checkedAt = now();
      return cached.value;
    }
    // Version first, data second: a change between the two only causes one more reload.
    const value = await load();
    cached = { value, version, checkedAt: now() };
    return value;
  };

  return {
    get() {
      if (cached && now() - cached.checkedAt < checkEveryMs) return Promise.resolve(cached.value);
      // Callers arriving during a check share it.
      refreshing ??= refresh().finally(() => (refreshing = null));
      return refreshing;
    },
  };
}
