/**
 * The order invariants `ops verify` checks: each paid points order credited exactly once with its
 * points to its buyer, each unpaid one not at all, no recharge without its order; and the paid
 * member orders the user module checks memberships against. Read in keyset batches (bounded memory).
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from './tables.ts';
import { bookingPages, bookingsOf, VERIFY_BATCH, type MoneyFinding } from '../points/index.ts';

const ORDER_REFERENCE = 'order:';

export async function* orderCreditFindings(db: Executor, batchSize = VERIFY_BATCH): AsyncGenerator<MoneyFinding> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: orders.id, orderNo: orders.orderNo, userId: orders.userId, status: orders.status, snapshot: orders.goodsSnapshot })
      .from(orders)
      .where(and(eq(orders.type, 'integral'), gt(orders.id, after)))
      .orderBy(asc(orders.id))
      .limit(batchSize);
    if (rows.length === 0) break;
    const credits = await bookingsOf(
      db,
      'recharge',
      rows.map((o) => `${ORDER_REFERENCE}${o.orderNo}`),
    );
    for (const order of rows) {
      const credit = credits.get(`${ORDER_REFERENCE}${order.orderNo}`);
      const points = order.snapshot.points ?? 0;
      if (order.status === 'paid') {
        if (!credit) yield { userId: order.userId, message: `已支付的积分订单 ${order.orderNo} 未入账（应入 ${points} 积分）` };
        else if (credit.rows !== 1 || credit.delta !== points || credit.users !== 1 || credit.userId !== order.userId) {
          const elsewhere = credit.users !== 1 || credit.userId !== order.userId ? '，且记到了别的账户' : '';
          yield {
            userId: order.userId,
            message: `积分订单 ${order.orderNo} 入账 ${credit.rows} 笔共 ${credit.delta} 积分${elsewhere}，应为 1 笔 ${points} 积分`,
          };
        }
      } else if (credit) {
        yield { userId: order.userId, message: `未支付（${order.status}）的积分订单 ${order.orderNo} 却入账 ${credit.delta} 积分` };
      }
    }
    after = rows.at(-1)!.id;
  }
  // Recharges whose order does not exist (or is no points order).
  for await (const page of bookingPages(db, 'recharge', ORDER_REFERENCE, batchSize)) {
    const nos = page.map((b) => b.reference.slice(ORDER_REFERENCE.length));
    const known = new Set(
      (
        await db
          .select({ orderNo: orders.orderNo })
          .from(orders)
          .where(and(eq(orders.type, 'integral'), inArray(orders.orderNo, nos)))
      ).map((o) => o.orderNo),
    );
    for (const booking of page) {
      if (!known.has(booking.reference.slice(ORDER_REFERENCE.length))) {
        yield { userId: booking.userId, message: `充值明细 ${booking.reference}（${booking.delta} 积分）没有对应的积分订单` };
      }
    }
  }
}

/** The paid member orders of these accounts, oldest payment first: what their memberships were bought with. */
export async function paidMemberPurchasesOf(
  db: Executor,
  userIds: number[],
): Promise<Array<{ userId: number; orderNo: string; level: number; days: number; at: Date }>> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: orders.userId, orderNo: orders.orderNo, snapshot: orders.goodsSnapshot, paidAt: orders.paidAt })
    .from(orders)
    .where(and(eq(orders.type, 'member'), eq(orders.status, 'paid'), inArray(orders.userId, userIds)))
    .orderBy(asc(orders.paidAt), asc(orders.id));
  return rows.map((r) => ({
    userId: r.userId,
    orderNo: r.orderNo,
    level: r.snapshot.level ?? 1,
    days: r.snapshot.days ?? 0,
    at: r.paidAt!,
  }));
}
