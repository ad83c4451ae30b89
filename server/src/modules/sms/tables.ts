/** Verification codes, the per-address send limit and the console outbox. */
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts, createdAt } from '../../db/columns.ts';

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    type: integer('type').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
    requesterIp: text('requester_ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt), index('sms_codes_created_idx').on(t.createdAt)],
);

/**
 * Every SMS send attempt per requester address, hit or miss (refused phone, gateway failure), so
 * the per-IP limit also bounds probing which phones are registered. Rows older than the window
 * are removed as new attempts come.
 */
export const smsSendAttempts = pgTable(
  'sms_send_attempts',
  {
    id: serial('id').primaryKey(),
    requesterIp: text('requester_ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_send_attempts_ip_idx').on(t.requesterIp, t.createdAt), index('sms_send_attempts_created_idx').on(t.createdAt)],
);

/** What the console SMS provider "sent": read back by GET /api/dev/sms-outbox outside production. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    type: integer('type').notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.id), index('sms_outbox_created_idx').on(t.createdAt)],
);
