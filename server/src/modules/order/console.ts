/**
 * The console's view of orders: every user's orders with filters (the pending transfer queue is
 * status=pending with a collect or contact-staff pay type), cancelling a pending order, and the
 * paid orders per day for the stats.
 */
import { and, asc, desc, eq, gte, isNotNull, isNull, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { inBatches, paged } from '../../db/paged.ts';
import type { DayRange } from '../../db/per-day.ts';
import { heldPayments, orders } from './tables.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { OrderRow, Page } from '../../../../common/api-types.ts';
import { CONSOLE_MAX_PAGE, type ConsoleHeldPayment, type ConsoleOrder } from '../../../../common/admin-types.ts';
import { ORDER_STATUS_LABELS, PAY_TYPE_LABELS, type OrderStatus, type PayType } from '../../../../common/domain.ts';
import { ownersOf } from '../user/index.ts';
import { expireDueOrders } from './settlement.ts';
import { toOrderView } from './view.ts';

export interface ConsoleOrderQuery {
  status?: OrderStatus;
  payType?: PayType;
  userId?: number;
  orderNo?: string;
  /** The gateway's trade number, whole. */
  tradeNo?: string;
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
}

export async function listOrdersForConsole(db: Executor, q: ConsoleOrderQuery, now: Date): Promise<Page<ConsoleOrder>> {
  await expireDueOrders(db, now);
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(orders.status, q.status));
  if (q.payType) conditions.push(eq(orders.payType, q.payType));
  if (q.userId !== undefined) conditions.push(eq(orders.userId, q.userId));
  // By its start (orders_order_no_prefix_idx), not anywhere in it (every order read). orderNo is
  // validated as letters and digits only, so it carries no LIKE wildcards.
  if (q.orderNo) conditions.push(like(orders.orderNo, `${q.orderNo}%`));
  if (q.tradeNo) conditions.push(eq(orders.providerTradeNo, q.tradeNo));
  if (q.from) conditions.push(gte(orders.createdAt, q.from));
  if (q.to) conditions.push(lt(orders.createdAt, q.to));
  const page = await paged(
    db,
    { from: orders, where: and(...conditions), orderBy: [desc(orders.createdAt), desc(orders.id)], maxPage: CONSOLE_MAX_PAGE },
    q,
    (r) => r,
  );
  const owners = await ownersOf(
    db,
    page.list.map((r) => r.userId),
  );
  return {
    ...page,
    list: page.list.map((r) => {
      const owner = owners.get(r.userId);
      return {
        ...toOrderView(r),
        userId: r.userId,
        phone: owner?.phone ?? '',
        ownerRole: owner?.role ?? null,
        providerTradeNo: r.providerTradeNo,
      };
    }),
  };
}

/** Whose order it is (the console checks it may act on that account), or null for an unknown order. */
export async function orderOwnerId(db: Executor, orderNo: string): Promise<number | null> {
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.orderNo, orderNo));
  return row?.userId ?? null;
}

/** A user's latest orders (the console's user page). */
export async function recentOrdersOf(db: Executor, userId: number, limit = 20): Promise<OrderRow[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map(toOrderView);
}

/** Cancels a pending order in `tx`; answers it before and after. 404 unknown, 409 not pending. */
export async function cancelPendingOrder(tx: Executor, orderNo: string, now: Date): Promise<{ before: OrderRow; after: OrderRow }> {
  await expireDueOrders(tx, now, { orderNo });
  const [before] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
  if (!before) throw notFound('订单不存在');
  if (before.status !== 'pending') throw conflict(`订单${ORDER_STATUS_LABELS[before.status as OrderStatus]}，不能取消`);
  const [after] = await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, before.id)).returning();
  return { before: toOrderView(before), after: toOrderView(after!) };
}

/**
 * Paid orders per business day (the day they were paid) and pay type: count and amount in fen, in
 * one query read from the paid-orders index alone (orders_paid_idx covers pay type and amount).
 */
export async function paidOrdersPerDay(
  db: Executor,
  range: DayRange,
  timeZone: string,
): Promise<Map<string, Partial<Record<number, { orders: number; amount: number }>>>> {
  const rows = await db
    .select({
      day: sql<string>`to_char(${orders.paidAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
      payType: orders.payType,
      orders: sql<string>`count(*)`,
      amount: sql<string>`sum(${orders.amount})`,
    })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, range.from), lt(orders.paidAt, range.to)))
    // By position: the zone is a bound parameter, so a repeated expression would not match the select's.
    .groupBy(sql`1`, sql`2`);
  const days = new Map<string, Partial<Record<number, { orders: number; amount: number }>>>();
  for (const row of rows) {
    const day = days.get(row.day) ?? {};
    day[row.payType] = { orders: Number(row.orders), amount: Number(row.amount) };
    days.set(row.day, day);
  }
  return days;
}

/** Every order of the user, oldest first, in batches (the data copy: bounded memory). */
export async function* ordersOf(db: Executor, userId: number): AsyncGenerator<OrderRow[]> {
  for await (const rows of inBatches(db, orders, eq(orders.userId, userId), [orders.createdAt, orders.id])) yield rows.map(toOrderView);
}

/**
 * Cancels the user's pending orders (account deletion), so none is paid afterwards; answers them.
 * The online ones are then closed at their gateways (closeAtGateways, after the deletion commits);
 * a payment that still arrives for one is held as a refund to make (settlement.ts payOrder).
 */
export async function cancelPendingOrdersOf(tx: Executor, userId: number): Promise<Array<{ orderNo: string; payType: number }>> {
  return tx
    .update(orders)
    .set({ status: 'cancelled' })
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')))
    .returning({ orderNo: orders.orderNo, payType: orders.payType });
}

const toHeldView = (row: typeof heldPayments.$inferSelect): ConsoleHeldPayment => ({
  orderNo: row.orderNo,
  userId: row.userId,
  amount: row.amount,
  payType: row.payType,
  payTypeText: PAY_TYPE_LABELS[row.payType as PayType],
  providerTradeNo: row.providerTradeNo,
  receivedAt: row.receivedAt.toISOString(),
  refundedAt: row.refundedAt?.toISOString() ?? null,
  refundedBy: row.refundedBy,
  refundRemark: row.refundRemark,
});

/** Payments held for deleted accounts: the ones still to refund first (oldest first), then the latest refunded. */
export async function listHeldPayments(db: Executor, refundedShown = 50): Promise<ConsoleHeldPayment[]> {
  const open = await db.select().from(heldPayments).where(isNull(heldPayments.refundedAt)).orderBy(asc(heldPayments.receivedAt));
  const done = await db
    .select()
    .from(heldPayments)
    .where(isNotNull(heldPayments.refundedAt))
    .orderBy(desc(heldPayments.refundedAt))
    .limit(refundedShown);
  return [...open, ...done].map(toHeldView);
}

/**
 * Marks a held payment refunded (staff refunded it at the gateway's merchant platform), in `tx`;
 * answers it before and after. 404 when there is no such held payment, 409 when already marked.
 */
export async function markHeldPaymentRefunded(
  tx: Executor,
  orderNo: string,
  mark: { by: string; remark: string; at: Date },
  messages: { unknown: string; done: string },
): Promise<{ before: ConsoleHeldPayment; after: ConsoleHeldPayment }> {
  const [before] = await tx.select().from(heldPayments).where(eq(heldPayments.orderNo, orderNo)).for('update');
  if (!before) throw notFound(messages.unknown);
  if (before.refundedAt) throw conflict(messages.done);
  const [after] = await tx
    .update(heldPayments)
    .set({ refundedAt: mark.at, refundedBy: mark.by, refundRemark: mark.remark })
    .where(eq(heldPayments.id, before.id))
    .returning();
  return { before: toHeldView(before), after: toHeldView(after!) };
}

/** Whether the order's payment is held for refund (the 对账 report names it). */
export async function heldPaymentOf(db: Executor, orderNo: string): Promise<ConsoleHeldPayment | null> {
  const [row] = await db.select().from(heldPayments).where(eq(heldPayments.orderNo, orderNo));
  return row ? toHeldView(row) : null;
}
