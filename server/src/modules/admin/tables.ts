/** The audit log of console and ops-CLI writes. */
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
// A foreign key names the referenced table (the one import of another module's tables allowed, eslint.config.js).
import { users } from '../user/tables.ts';

/** Every console and ops-CLI write: who, what, on what, the state before and after, from where. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** The acting user, null for the ops command line. */
    actorId: integer('actor_id').references(() => users.id),
    /** The actor's phone, or `cli`. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
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
  ],
);
