/**
 * The API's own rate limits, so that a deployment without our nginx (or a path spelling nginx did
 * not catch) is limited too. Each limit counts requests per key (a client address, IPv6 per /64,
 * see client-address.ts; a phone; an account) in fixed windows of `windowSeconds`, in the
 * database (rate_limit_counters, one upsert per limit): every API process counts the same. A
 * request over any of its limits is refused with 429, the limit's Chinese message and
 * Retry-After (the seconds until its window ends); refused requests count too. A limit of 0 is off.
 * Counting happens before the work it protects (a password hash, a code check): that is the point.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rateLimitCounters } from '../db/tables.ts';
import { tooManyRequests } from './errors.ts';
import { fill } from './messages.ts';

export interface RateLimit {
  /** Which limit, e.g. `login:address`. */
  bucket: string;
  key: string;
  max: number;
  windowSeconds: number;
  /** The refusal, with `{{minutes}}` for the wait. */
  message: string;
}

/**
 * Counts one request against each limit; refuses (429) when any went over. All limits count in one
 * statement, whatever the outcome, so a client cannot learn which limit is nearly used up by
 * watching which requests were counted.
 */
export async function hitRateLimits(db: Executor, limits: RateLimit[], now: Date): Promise<void> {
  const active = limits.filter((limit) => limit.max > 0);
  if (active.length === 0) return;
  const rows = active.map((limit) => {
    const windowMs = limit.windowSeconds * 1000;
    return { bucket: limit.bucket, key: limit.key, windowStart: new Date(Math.floor(now.getTime() / windowMs) * windowMs), hits: 1 };
  });
  const counted = await db
    .insert(rateLimitCounters)
    .values(rows)
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ bucket: rateLimitCounters.bucket, key: rateLimitCounters.key, hits: rateLimitCounters.hits });
  for (const [i, limit] of active.entries()) {
    const hits = counted.find((c) => c.bucket === limit.bucket && c.key === limit.key)?.hits ?? 0;
    if (hits <= limit.max) continue;
    const waitMs = rows[i]!.windowStart.getTime() + limit.windowSeconds * 1000 - now.getTime();
    throw tooManyRequests(fill(limit.message, { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) }), waitMs / 1000);
  }
}

/** Removes the counters of windows that began before `before` (the retention sweep); answers how many. */
export async function removeOldRateLimitCounters(db: Executor, before: Date): Promise<number> {
  const removed = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowStart, before))
    .returning({ bucket: rateLimitCounters.bucket });
  return removed.length;
}

/** Removes every counter kept under `key` (a deleted account's phone: 注销 leaves no row naming it). */
export async function forgetRateLimitKey(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}
