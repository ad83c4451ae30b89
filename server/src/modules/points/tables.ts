/** The points ledger: every change of a balance, booked once per reference. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
// A foreign key names the referenced table (the one import of another module's tables allowed, eslint.config.js).
import { users } from '../user/tables.ts';

export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    kind: text('kind').notNull(),
    /** e.g. "order:<orderNo>", "plan:<id>"; unique per kind so nothing is booked twice. */
    reference: text('reference'),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('points_ledger_kind_reference_uq').on(t.kind, t.reference),
    /** A user's ledger newest first (the list, the console's user page, the data copy): walked, not sorted. */
    index('points_ledger_user_time_idx').on(t.userId, t.createdAt, t.id),
    /**
     * The console's stats: points spent on plans per day, from the index alone. The migration (0015)
     * also INCLUDEs delta, which Drizzle's index builder cannot say.
     */
    index('points_ledger_plan_spend_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} in ('plan_charge', 'plan_refund')`),
    check('points_ledger_balance', sql`${t.balanceAfter} >= 0`),
    check('points_ledger_kind', sql`${t.kind} in ('recharge', 'plan_charge', 'plan_refund', 'adjust', 'forfeit')`),
  ],
);

/**
 * How many ledger rows each user has (none: no row), kept by statement triggers on points_ledger
 * (migration 0018: every insert, delete or change of user_id, whoever writes it), so the ledger
 * list's total is one row read, not a count of a seller's 60 000 rows on every page; `ops verify`
 * checks it against the rows.
 */
export const pointsLedgerCounts = pgTable('points_ledger_counts', {
  userId: integer('user_id').primaryKey(),
  rows: integer('rows').notNull(),
});
