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
    index('points_ledger_user_idx').on(t.userId, t.id),
    check('points_ledger_balance', sql`${t.balanceAfter} >= 0`),
    check('points_ledger_kind', sql`${t.kind} in ('recharge', 'plan_charge', 'plan_refund', 'adjust', 'forfeit')`),
  ],
);
