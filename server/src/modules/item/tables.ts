/**
 * The item lookup's shared state (every replica reads and writes the same rows): the platforms'
 * answers per platform and item, the lookups counted for the per-user and per-address limits,
 * and each provider's latest success and failure (the console, the failing-provider alert).
 */
import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../../db/columns.ts';

/** A platform's answer for one item: found (with what it said) or unknown (the platform does not know it). */
export const itemLookupCache = pgTable(
  'item_lookup_cache',
  {
    flowType: text('flow_type').notNull(),
    itemId: text('item_id').notNull(),
    status: text('status').notNull(),
    info: jsonb('info').notNull(),
    fetchedAt: ts('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.flowType, t.itemId] }), index('item_lookup_cache_fetched_idx').on(t.fetchedAt)],
);

/** One row per lookup asked (after its input was valid), by user and client address; older than the window are removed. */
export const itemLookupAttempts = pgTable(
  'item_lookup_attempts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    requesterIp: text('requester_ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('item_lookup_attempts_user_idx').on(t.userId, t.createdAt),
    index('item_lookup_attempts_ip_idx').on(t.requesterIp, t.createdAt),
    index('item_lookup_attempts_created_idx').on(t.createdAt),
  ],
);

/** Per provider: the latest success, the latest failure and its cause, and since when it has failed without a success. */
export const itemProviderStatus = pgTable('item_provider_status', {
  platform: text('platform').primaryKey(),
  lastSuccessAt: ts('last_success_at'),
  lastFailureAt: ts('last_failure_at'),
  lastFailureCause: text('last_failure_cause'),
  lastFailure: text('last_failure'),
  failingSince: ts('failing_since'),
});
