/**
 * The plan invariants `ops verify` checks: each plan charged once (its total cost, to its owner),
 * refunded only when stopped, at most its unspent part, and exactly what its ledger says.
 */
import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { plans } from './tables.ts';
import { bookedByReference, type MoneyFinding } from '../points/index.ts';
import { stopRefund } from '../../../../common/plan-cost.ts';

const PLAN_REFERENCE = 'plan:';

export async function planChargeFindings(db: Executor): Promise<MoneyFinding[]> {
  const [charges, refunds] = await Promise.all([
    bookedByReference(db, 'plan_charge', PLAN_REFERENCE),
    bookedByReference(db, 'plan_refund', PLAN_REFERENCE),
  ]);
  const rows = await db
    .select({
      id: plans.id,
      userId: plans.userId,
      totalCost: plans.totalCost,
      totalCount: plans.totalCount,
      unitCost: plans.unitCost,
      discountPercent: plans.discountPercent,
      stoppedAt: plans.stoppedAt,
      dispatchedAtStop: plans.dispatchedAtStop,
      refunded: plans.refunded,
    })
    .from(plans)
    .orderBy(asc(plans.id));
  const findings: MoneyFinding[] = [];
  for (const plan of rows) {
    const reference = `${PLAN_REFERENCE}${plan.id}`;
    const charge = charges.get(reference);
    const refund = refunds.get(reference);
    charges.delete(reference);
    refunds.delete(reference);
    const say = (message: string) => findings.push({ userId: plan.userId, message: `计划 #${plan.id}：${message}` });
    if (plan.totalCost > 0 && !charge) say(`未扣费（应扣 ${plan.totalCost} 积分）`);
    else if (charge && (charge.rows !== 1 || charge.delta !== -plan.totalCost || charge.userId !== plan.userId)) {
      say(`扣费 ${charge.rows} 笔共 ${-charge.delta} 积分，应为 1 笔 ${plan.totalCost} 积分`);
    }
    const booked = refund?.delta ?? 0;
    if (refund && (refund.rows !== 1 || refund.userId !== plan.userId)) say(`退还 ${refund.rows} 笔，应至多 1 笔`);
    if (booked !== plan.refunded) say(`退还明细合计 ${booked} 积分与计划记录的退还 ${plan.refunded} 积分不符`);
    const unspent = plan.stoppedAt ? stopRefund(plan.totalCount, plan.dispatchedAtStop ?? 0, plan.unitCost, plan.discountPercent) : 0;
    if (booked > unspent) say(`退还 ${booked} 积分，超过未花费部分 ${unspent} 积分${plan.stoppedAt ? '' : '（计划未停止）'}`);
  }
  for (const [reference, booking] of [...charges, ...refunds]) {
    findings.push({ userId: booking.userId, message: `积分明细 ${reference}（${booking.delta} 积分）没有对应的计划` });
  }
  return findings;
}
