/** Announcements (notice bar, pop-up). */
import { boolean, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts, createdAt } from '../../db/columns.ts';

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    content: text('content').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    createdAt: createdAt(),
  },
  (t) => [index('announcements_type_idx').on(t.type, t.id)],
);
