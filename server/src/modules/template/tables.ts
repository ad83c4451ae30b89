/** Saved plan forms. */
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts, createdAt } from '../../db/columns.ts';
// A foreign key names the referenced table (the one import of another module's tables allowed, eslint.config.js).
import { users } from '../user/tables.ts';

export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** The plan form without dates (TemplateForm in common/api-types.ts). */
    form: jsonb('form').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('templates_user_idx').on(t.userId, t.updatedAt)],
);
