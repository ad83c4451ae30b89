/** The audit log of console and ops-CLI writes, and the daily rollup of the console's stats. */
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../../db/columns.ts';
// A foreign key names the referenced table (the one import of another module's tables allowed, eslint.config.js).
import { users } from '../user/tables.ts';

/** Every console and ops-CLI write: who, what, on what, the state before and after, from where. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** The acting user, null for the ops command line. */
    actorId: integer('actor_id').references(() => users.id),
    /** The acting staff member's masked phone (`#<id>` once that account is deleted), or `cli` / `reconcile`. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** What was changed: `user:#<id>` (never a phone), `order:<no>`, `goods:<id>`, ... */
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    clientAddress: text('client_address'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actor, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_actor_id_idx').on(t.actorId, t.createdAt),
    /** Rows about one thing (`user:#<id>`, `order:<no>`): membership backing, and 注销 rewriting an account's rows. */
    index('audit_log_target_idx').on(t.target, t.createdAt),
  ],
);

/** Paid orders of one day by pay type: count and amount in fen. */
export type PaidByType = Partial<Record<number, { orders: number; amount: number }>>;

/**
 * The console's stats of one business day in one time zone, kept once the day is over (stats.ts):
 * a year of stats reads 365 rows instead of every user, plan, order and ledger row of the year.
 * The rows of a day do not change once it is over (they are the day's creations and payments).
 */
export const statsDays = pgTable(
  'stats_days',
  {
    timeZone: text('time_zone').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    newUsers: integer('new_users').notNull(),
    plansCreated: integer('plans_created').notNull(),
    pointsSpent: bigint('points_spent', { mode: 'number' }).notNull(),
    paid: jsonb('paid').$type<PaidByType>().notNull(),
    computedAt: ts('computed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'stats_days_pk', columns: [t.timeZone, t.day] })],
);
