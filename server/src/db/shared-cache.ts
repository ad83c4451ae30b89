/**
 * An in-process cache that stays right with several API processes: each cache has a version row
 * (table cache_versions); whoever changes the cached data bumps it in the same transaction, and
 * every process checks the version at most once per `checkEveryMs` (default 1 s), reloading when
 * it moved. A change made through one replica is therefore seen by all within about a second, at
 * the cost of one primary-key read per second per cache and process.
 * A version row rather than LISTEN/NOTIFY: it needs no session connection of its own, so it works
 * through PgBouncer in transaction mode and on PGlite alike.
 *
 * Between checks the value is answered from memory; when a check is due, the caller is answered
 * the value in hand while the check runs (nobody waits for it). A bump made by this process makes
 * its own caches of that name check before answering until they see the new version (or
 * `EXPECT_CHANGE_MS` passed, for a transaction that rolled back), so a change is visible at once
 * to the process that made it.
 */
import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { cacheVersions } from './tables.ts';

export interface SharedCache<T> {
  /** The cached value, reloaded when another process (or this one) bumped the version. */
  get(): Promise<T>;
}

export interface SharedCacheOptions {
  checkEveryMs?: number;
  /** Milliseconds clock (tests). */
  now?: () => number;
}

let cachesEnabled = true;

/** Off: every get() loads from the database (the benchmarks' baseline, REFERENCE_CACHE=off). */
export function useSharedCaches(enabled: boolean): void {
  cachesEnabled = enabled;
}

/** How long a local bump keeps its caches checking on every call while its transaction may still commit. */
const EXPECT_CHANGE_MS = 5_000;

/** This process's caches by name, so a bump here reaches them at once. */
const localCaches = new Map<string, Set<WeakRef<{ expectChange(): void }>>>();

function expectLocalChange(name: string) {
  const caches = localCaches.get(name);
  if (!caches) return;
  for (const ref of caches) {
    const cache = ref.deref();
    if (cache) cache.expectChange();
    else caches.delete(ref);
  }
}

/** Marks the cache `name` stale on every process; call it in the transaction that changes its data. */
export async function bumpCacheVersion(executor: Executor, name: string): Promise<void> {
  expectLocalChange(name);
  await executor
    .insert(cacheVersions)
    .values({ name, version: 1 })
    .onConflictDoUpdate({ target: cacheVersions.name, set: { version: sql`${cacheVersions.version} + 1` } });
  expectLocalChange(name);
}

async function currentVersion(executor: Executor, name: string): Promise<number> {
  const [row] = await executor.select({ version: cacheVersions.version }).from(cacheVersions).where(eq(cacheVersions.name, name));
  return row?.version ?? 0;
}

export function sharedCache<T>(executor: Executor, name: string, load: () => Promise<T>, opts: SharedCacheOptions = {}): SharedCache<T> {
  const checkEveryMs = opts.checkEveryMs ?? 1000;
  const now = opts.now ?? Date.now;
  let cached: { value: T; version: number; checkedAt: number } | null = null;
  /** Until when a local bump makes every call check the version first. */
  let expectChangeUntil = 0;
  /** Counts local bumps: a check begun before the latest one may have read the old version. */
  let bumps = 0;
  let refreshing: { promise: Promise<T>; afterBump: number } | null = null;

  const refresh = async (): Promise<T> => {
    const version = await currentVersion(executor, name);
    if (cached && cached.version === version) {
      cached.checkedAt = now();
      return cached.value;
    }
    // Version first, data second: a change between the two only causes one more reload.
    const value = await load();
    cached = { value, version, checkedAt: now() };
    expectChangeUntil = 0;
    return value;
  };
  /** Callers share the check in flight, unless it began before the latest local bump. */
  const check = (): Promise<T> => {
    if (refreshing && refreshing.afterBump === bumps) return refreshing.promise;
    const previous = refreshing?.promise.catch(() => undefined) ?? Promise.resolve();
    const promise: Promise<T> = previous.then(refresh).finally(() => {
      if (refreshing?.promise === promise) refreshing = null;
    });
    refreshing = { promise, afterBump: bumps };
    return promise;
  };

  const cache = {
    expectChange() {
      bumps++;
      expectChangeUntil = now() + EXPECT_CHANGE_MS;
    },
    get(): Promise<T> {
      if (!cachesEnabled) return load();
      const at = now();
      if (!cached || at < expectChangeUntil) return check();
      if (at - cached.checkedAt >= checkEveryMs) {
        // A failed background check is retried by the next call; the value in hand stays.
        check().catch(() => {});
      }
      return Promise.resolve(cached.value);
    },
  };
  let named = localCaches.get(name);
  if (!named) localCaches.set(name, (named = new Set()));
  // The registry holds it weakly: the caller's reference (this object itself) keeps it alive.
  named.add(new WeakRef(cache));
  return cache;
}

const perDatabase = new WeakMap<Executor, Map<string, SharedCache<unknown>>>();

/**
 * The value of the cache `name` of this database (one cache per database and process, made on
 * first use). Inside a transaction the data is read there, as the transaction sees it.
 */
export function cachedValue<T>(db: Executor, name: string, load: (db: Executor) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return load(db);
  let caches = perDatabase.get(db);
  if (!caches) perDatabase.set(db, (caches = new Map()));
  let cache = caches.get(name) as SharedCache<T> | undefined;
  if (!cache) caches.set(name, (cache = sharedCache(db, name, () => load(db))));
  return cache.get();
}
