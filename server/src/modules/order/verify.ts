/**
 * The order invariants `ops verify` checks: each paid points order credited exactly once with its
 * points to its buyer, each unpaid one not at all; and the paid member orders the user module
 * checks memberships against.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from './tables.ts';
import { bookedByReference, type MoneyFinding } from '../points/index.ts';

const ORDER_REFERENCE = 'order:';

export async function orderCreditFindings(db: Executor): Promise<MoneyFinding[]> {
  const credits = await bookedByReference(db, 'recharge', ORDER_REFERENCE);
  const rows = await db
    .select({ orderNo: orders.orderNo, userId: orders.userId, status: orders.status, snapshot: orders.goodsSnapshot })
    .from(orders)
    .where(eq(orders.type, 'integral'))
    .orderBy(asc(orders.id));
  const findings: MoneyFinding[] = [];
  for (const order of rows) {
    const reference = `${ORDER_REFERENCE}${order.orderNo}`;
    const credit = credits.get(reference);
    credits.delete(reference);
    const points = order.snapshot.points ?? 0;
    if (order.status === 'paid') {
      if (!credit) findings.push({ userId: order.userId, message: `已支付的积分订单 ${order.orderNo} 未入账（应入 ${points} 积分）` });
      else if (credit.rows !== 1 || credit.delta !== points || credit.userId !== order.userId) {
        findings.push({
          userId: order.userId,
          message: `积分订单 ${order.orderNo} 入账 ${credit.rows} 笔共 ${credit.delta} 积分，应为 1 笔 ${points} 积分`,
        });
      }
    } else if (credit) {
      findings.push({ userId: order.userId, message: `未支付（${order.status}）的积分订单 ${order.orderNo} 却入账 ${credit.delta} 积分` });
    }
  }
  for (const [reference, credit] of credits) {
    findings.push({ userId: credit.userId, message: `充值明细 ${reference}（${credit.delta} 积分）没有对应的积分订单` });
  }
  return findings;
}

/** Paid member orders, oldest payment first: what a membership is bought with. */
export async function paidMemberPurchases(
  db: Executor,
): Promise<Array<{ userId: number; orderNo: string; level: number; days: number; at: Date }>> {
  const rows = await db
    .select({ userId: orders.userId, orderNo: orders.orderNo, snapshot: orders.goodsSnapshot, paidAt: orders.paidAt })
    .from(orders)
    .where(and(eq(orders.type, 'member'), eq(orders.status, 'paid')))
    .orderBy(asc(orders.paidAt), asc(orders.id));
  return rows.map((r) => ({
    userId: r.userId,
    orderNo: r.orderNo,
    level: r.snapshot.level ?? 1,
    days: r.snapshot.days ?? 0,
    at: r.paidAt!,
  }));
}
