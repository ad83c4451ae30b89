/** Infrastructure tables, owned by no module: kept answers of keyed requests, the shared cache versions and the rate limits' counters. */
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';
// A foreign key names the referenced table (the one import of another module's tables allowed, eslint.config.js).
import { users } from '../modules/user/tables.ts';

/**
 * The kept answer to a request sent with an Idempotency-Key, per user and key: a repeat gets the
 * same answer instead of a second plan or charge. The row is written in the request's own
 * transaction, with its effect (http/idempotency.ts); a row without a status is left by an older
 * version and counts as absent. The account module's retention sweep removes rows by created_at
 * (RETENTION_DAYS.idempotency) and a deleted account's at once (http/idempotency-retention.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** sha256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** A version per named in-process cache; a change anywhere bumps it and every process reloads. */
export const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull().default(1),
});

/**
 * The API's own rate limits (http/rate-limit.ts): how many requests a key (a client address, IPv6
 * per /64; a phone; an account) made in one fixed window of a limit, counted in the database so
 * every API process counts the same. The retention sweep removes windows that have ended.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** Which limit: e.g. `login:address`, `verify:phone`, `data-export:account`. */
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] }), index('rate_limit_counters_window_idx').on(t.windowStart)],
);
