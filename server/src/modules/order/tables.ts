/** Orders and the reconciliation reports of the gateways' daily bills. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** Why a cancelled order was cancelled when the system did it (ORDER_CANCEL_REASONS); null for the owner's or staff's cancel. */
    cancelReason: text('cancel_reason'),
    /**
     * The gateway's number of the trade that paid an online order (Alipay trade_no, WeChat Pay
     * transaction_id), from its notification, a query or the daily bill: what support quotes to the
     * gateway and what a refund names.
     */
    providerTradeNo: text('provider_trade_no'),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_provider_trade_no_idx')
      .on(t.providerTradeNo)
      .where(sql`${t.providerTradeNo} is not null`),
    /** The console's queue without a status: newest first. */
    index('orders_created_idx').on(t.createdAt, t.id),
    /** The console's stats: paid orders per day (0015 also INCLUDEs pay_type and amount: read from the index alone). */
    index('orders_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'paid'`),
    /** The console's search by the start of an order number, whatever the database's collation. */
    index('orders_order_no_prefix_idx').on(t.orderNo.op('text_pattern_ops')),
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

/**
 * The daily job's failed attempts at a gateway's bill of one day (not published yet, gateway
 * down): when to try next, so every API process backs off alike. Removed once the day is reconciled.
 */
export const reconciliationAttempts = pgTable(
  'reconciliation_attempts',
  {
    gateway: text('gateway').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    attempts: integer('attempts').notNull(),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lastError: text('last_error').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.day] })],
);

/**
 * A gateway payment that arrived for an order of a deleted account (注销): the money was taken,
 * but nothing is credited to the closed account. It waits here as a refund to make (the console's
 * 待退款, the 对账 report's refund_due) until staff mark it refunded. One row per order.
 */
export const heldPayments = pgTable(
  'held_payments',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    payType: integer('pay_type').notNull(),
    /** Fen the gateway says were paid. */
    amount: integer('amount').notNull(),
    providerTradeNo: text('provider_trade_no'),
    receivedAt: ts('received_at').notNull(),
    refundedAt: ts('refunded_at'),
    /** Who marked it refunded (the console user's masked phone, or `cli`). */
    refundedBy: text('refunded_by'),
    refundRemark: text('refund_remark'),
  },
  (t) => [uniqueIndex('held_payments_order_no_uq').on(t.orderNo), index('held_payments_refunded_idx').on(t.refundedAt, t.receivedAt)],
);
