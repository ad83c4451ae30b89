/** Orders and the reconciliation reports of the gateways' daily bills. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, createdAt } from '../../db/columns.ts';
import type { ReconciliationDifference } from '../../../../common/admin-types.ts';
// Foreign keys name the referenced tables (the one import of another module's tables allowed, eslint.config.js).
import { users } from '../user/tables.ts';
import { goods } from '../goods/tables.ts';

interface StoredPayment {
  provider: string;
  qrCode?: string;
}

export interface GoodsSnapshot {
  id: number;
  type: 'integral' | 'member';
  name: string;
  price: number;
  points?: number | null;
  level?: number | null;
  days?: number | null;
}

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    goodsSnapshot: jsonb('goods_snapshot').$type<GoodsSnapshot>().notNull(),
    type: text('type').notNull(),
    amount: integer('amount').notNull(),
    payType: integer('pay_type').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    /** What the gateway answered when the payment was created (the QR payload), kept so polls and resumes do not create it again. */
    payment: jsonb('payment').$type<StoredPayment>(),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    check('orders_status', sql`${t.status} in ('pending', 'paid', 'cancelled', 'expired')`),
    check('orders_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * One reconciliation (对账) of a gateway's daily bill against our orders: what it credited and the
 * differences it found. Each run adds a row; the console shows the latest per gateway and day.
 */
export const reconciliationReports = pgTable(
  'reconciliation_reports',
  {
    id: serial('id').primaryKey(),
    gateway: text('gateway').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    billPayments: integer('bill_payments').notNull(),
    credited: jsonb('credited').$type<string[]>().notNull(),
    differences: jsonb('differences').$type<ReconciliationDifference[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('reconciliation_reports_day_idx').on(t.day, t.gateway, t.createdAt)],
);
