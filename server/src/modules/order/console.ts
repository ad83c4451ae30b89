/**
 * The console's view of orders: every user's orders with filters (the pending transfer queue is
 * status=pending with a collect or contact-staff pay type), cancelling a pending order, and the
 * paid orders per day for the stats.
 */
import { and, asc, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import { perDay, type DayRange } from '../../db/per-day.ts';
import { orders } from './tables.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { OrderRow, Page } from '../../../../common/api-types.ts';
import type { ConsoleOrder } from '../../../../common/admin-types.ts';
import { ORDER_STATUS_LABELS, type OrderStatus, type PayType } from '../../../../common/domain.ts';
import { phonesOf } from '../user/index.ts';
import { expireDueOrders } from './settlement.ts';
import { toOrderView } from './view.ts';

export interface ConsoleOrderQuery {
  status?: OrderStatus;
  payType?: PayType;
  userId?: number;
  orderNo?: string;
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
  // orderNo is validated as letters and digits only, so it carries no LIKE wildcards.
  if (q.orderNo) conditions.push(like(orders.orderNo, `%${q.orderNo}%`));
  if (q.from) conditions.push(gte(orders.createdAt, q.from));
  if (q.to) conditions.push(lt(orders.createdAt, q.to));
  const page = await paged(
    db,
    { from: orders, where: and(...conditions), orderBy: [desc(orders.createdAt), desc(orders.id)] },
    q,
    (r) => r,
  );
  const phones = await phonesOf(
    db,
    page.list.map((r) => r.userId),
  );
  return { ...page, list: page.list.map((r) => ({ ...toOrderView(r), userId: r.userId, phone: phones.get(r.userId) ?? '' })) };
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

/** Paid orders of one pay type per business day (by the day they were paid): count, and amount in fen. */
export async function paidOrdersPerDay(db: Executor, payType: PayType, range: DayRange, timeZone: string) {
  const query = { from: orders, at: orders.paidAt, where: and(eq(orders.status, 'paid'), eq(orders.payType, payType)) };
  const [count, amount] = await Promise.all([
    perDay(db, query, range, timeZone),
    perDay(db, { ...query, value: sql`sum(${orders.amount})` }, range, timeZone),
  ]);
  return { count, amount };
}

/** Every order of the user, oldest first (the data copy). */
export async function allOrdersOf(db: Executor, userId: number): Promise<OrderRow[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
  return rows.map(toOrderView);
}

/**
 * Cancels the user's pending orders (account deletion), so none is paid afterwards; answers their
 * numbers. A payment already made at a gateway is still settled by its notification, as for any
 * cancelled order.
 */
export async function cancelPendingOrdersOf(tx: Executor, userId: number): Promise<string[]> {
  const cancelled = await tx
    .update(orders)
    .set({ status: 'cancelled' })
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')))
    .returning({ orderNo: orders.orderNo });
  return cancelled.map((r) => r.orderNo);
}
