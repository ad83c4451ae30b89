/** Signed-in devices (one row per token). */
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, createdAt } from '../../db/columns.ts';
// A foreign key names the referenced table (the one import of another module's tables allowed, eslint.config.js).
import { users } from '../user/tables.ts';

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    // The device list: what signed in, from where, and when it was last used.
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    lastSeenAt: ts('last_seen_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    // The retention sweep removes sessions that ended long ago.
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);
