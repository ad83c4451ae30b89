/** Plans: what a user published, with its prices snapshotted. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts, createdAt } from '../../db/columns.ts';
import type { PlanOptionSnapshot } from '../plan-config/index.ts';
// A foreign key names the referenced table (the one import of another module's tables allowed, eslint.config.js).
import { users } from '../user/tables.ts';

export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    flowType: text('flow_type').notNull(),
    itemUrl: text('item_url').notNull(),
    itemId: text('item_id').notNull(),
    title: text('title').notNull(),
    image: text('image'),
    shopName: text('shop_name'),
    /** The price (fen) the item card showed at publish time. */
    itemPrice: integer('item_price'),
    keywords: jsonb('keywords').$type<string[]>().notNull(),
    configId: integer('config_id').notNull(),
    configName: text('config_name').notNull(),
    baseIntegral: integer('base_integral').notNull(),
    options: jsonb('options').$type<PlanOptionSnapshot[]>().notNull(),
    dailyCount: integer('daily_count').notNull(),
    days: integer('days').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    distribution: jsonb('distribution').$type<number[]>().notNull(),
    /**
     * The first-day cut (common/distribution.ts): a plan published for today gives the hours already
     * begun no task on its first day only; 0 for a later start and for plans made before the cut
     * (whose stored distribution already held 0 in those hours, every day).
     */
    firstDayFromHour: integer('first_day_from_hour').notNull().default(0),
    /** When the first scheduled hour begins / the last one ends (computed at creation, plan/schedule.ts). */
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    unitCost: integer('unit_cost').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    totalCount: integer('total_count').notNull(),
    totalCost: integer('total_cost').notNull(),
    /** Only stops are stored; pending/running/completed are derived from the clock. */
    stoppedAt: ts('stopped_at'),
    /** Tasks dispatched when stopped (frozen progress). */
    dispatchedAtStop: integer('dispatched_at_stop'),
    refunded: integer('refunded').notNull().default(0),
    createdAt: createdAt(),
    deletedAt: ts('deleted_at'),
    /**
     * What the plan list's keyword search reads (title, item id and keywords, lower-cased, one per
     * line): kept by PostgreSQL, stored in plans_user_list_idx after the list's order, so a search
     * through a seller's 20 000 plans is an index-only LIKE over this one column, not ILIKE over three
     * columns of every row. `lower(x) LIKE lower(p)` is what ILIKE does in a UTF-8 database.
     */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(title || chr(10) || item_id || chr(10) || keywords::text)`),
  },
  (t) => [
    index('plans_user_created_idx').on(t.userId, t.createdAt),
    /** The console's stats: plans created per day. */
    index('plans_created_idx').on(t.createdAt),
    index('plans_user_flow_idx').on(t.userId, t.flowType),
    /**
     * The plan lists: a user's live plans, newest first (keyset export too). Ascending, read
     * backwards: that is `created_at desc, id desc` as the queries write it (nulls first); a `desc`
     * index (nulls last) is not, and the planner sorted the rows of another index instead. After
     * the order, every column a list filter reads (platform, the status's start_at / end_at /
     * stopped_at, start_date, the keyword's searchText): a page's ids are found from the index
     * alone, whatever the filter (a keyword found in one plan of 20 000 read all the rows before it),
     * and the prepared (generic) plan of a status tab walks it rather than reading and sorting all
     * of a seller's completed plans by another index.
     */
    index('plans_user_list_idx')
      .on(t.userId, t.createdAt, t.id, t.flowType, t.startAt, t.endAt, t.stoppedAt, t.startDate, t.searchText)
      .where(sql`${t.deletedAt} is null`),
    /**
     * The keyword search of a seller with thousands of plans (migration 0022): every two-character
     * piece of searchText, prefixed with the owner's id (plan_search_grams), so a keyword of two or
     * more characters finds the plans holding all of its pieces without walking the seller's list.
     * Built by the API after the migrations, not by them (db/deferred-indexes.ts, the same definition).
     */
    index('plans_search_grams_idx')
      .using('gin', sql`plan_search_grams(${t.userId}, ${t.searchText})`)
      // Entries go into the index at once, not into a pending list every search would read through until a vacuum.
      .with({ fastupdate: false })
      .where(sql`${t.deletedAt} is null`),
    /** Status filters and counts (derived from start_at / end_at / stopped_at) read from the index alone. */
    index('plans_user_schedule_idx')
      .on(t.userId, t.startAt, t.endAt, t.stoppedAt, t.flowType)
      .where(sql`${t.deletedAt} is null`),
    /**
     * The plans not ended yet (the counts, the pending and running tabs, today's dispatched), from
     * the index alone: by end first, a seller's 20 000 plans are a range of a few hundred keys, not
     * all of them with start_at <= now; with the list's order after, a tab's page sorts those keys
     * rather than walking all 20 000 entries of plans_user_list_idx.
     */
    index('plans_user_end_idx')
      .on(t.userId, t.endAt, t.startAt, t.stoppedAt, t.flowType, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    check('plans_total_cost', sql`${t.totalCost} >= 0`),
    check('plans_item_price_check', sql`${t.itemPrice} IS NULL OR ${t.itemPrice} >= 0`),
    check('plans_first_day_from_hour', sql`${t.firstDayFromHour} between 0 and 24`),
    check('plans_refunded', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.totalCost}`),
  ],
);

/**
 * How many live (not deleted) plans each user has per platform, and how many of them are stopped,
 * kept by statement triggers on plans (migrations 0019 and 0021: every insert, delete, or update
 * that stops, deletes or moves a plan), so the plan list's total without a status, keyword or date
 * filter and the plan screens' counts are a row or three read, not a count of a seller's 20 000
 * plans on every call; `ops verify` checks them against the plans.
 */
export const planCounts = pgTable(
  'plan_counts',
  {
    userId: integer('user_id').notNull(),
    flowType: text('flow_type').notNull(),
    live: integer('live').notNull(),
    /** Of those, the stopped ones (the plan screens' counts: pending and running are read, completed follows). */
    stopped: integer('stopped').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'plan_counts_pk', columns: [t.userId, t.flowType] })],
);
