/**
 * The plan invariants `ops verify` checks: each plan charged once (its total cost, to its owner),
 * refunded only when stopped, at most its unspent part, and exactly what its ledger says; no charge
 * or refund without its plan; the kept count of each user's live plans (the list's total) is theirs.
 * Read in keyset batches (bounded memory).
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { planCounts, plans } from './tables.ts';
import { bookingPages, bookingsOf, VERIFY_BATCH, type MoneyFinding } from '../points/index.ts';
import { stopRefund } from '../../../../common/plan-cost.ts';

const PLAN_REFERENCE = 'plan:';

export async function* planChargeFindings(db: Executor, batchSize = VERIFY_BATCH): AsyncGenerator<MoneyFinding> {
  let after = 0;
  for (;;) {
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
      .where(gt(plans.id, after))
      .orderBy(asc(plans.id))
      .limit(batchSize);
    if (rows.length === 0) break;
    const references = rows.map((p) => `${PLAN_REFERENCE}${p.id}`);
    const [charges, refunds] = await Promise.all([bookingsOf(db, 'plan_charge', references), bookingsOf(db, 'plan_refund', references)]);
    for (const plan of rows) {
      const reference = `${PLAN_REFERENCE}${plan.id}`;
      const charge = charges.get(reference);
      const refund = refunds.get(reference);
      const say = (message: string) => ({ userId: plan.userId, message: `计划 #${plan.id}：${message}` });
      if (plan.totalCost > 0 && !charge) yield say(`未扣费（应扣 ${plan.totalCost} 积分）`);
      else if (charge && (charge.rows !== 1 || charge.delta !== -plan.totalCost || charge.users !== 1 || charge.userId !== plan.userId)) {
        yield say(`扣费 ${charge.rows} 笔共 ${-charge.delta} 积分，应为 1 笔 ${plan.totalCost} 积分`);
      }
      const booked = refund?.delta ?? 0;
      if (refund && (refund.rows !== 1 || refund.users !== 1 || refund.userId !== plan.userId))
        yield say(`退还 ${refund.rows} 笔，应至多 1 笔`);
      if (booked !== plan.refunded) yield say(`退还明细合计 ${booked} 积分与计划记录的退还 ${plan.refunded} 积分不符`);
      const unspent = plan.stoppedAt ? stopRefund(plan.totalCost, plan.dispatchedAtStop ?? 0, plan.unitCost, plan.discountPercent) : 0;
      if (booked > unspent) yield say(`退还 ${booked} 积分，超过未花费部分 ${unspent} 积分${plan.stoppedAt ? '' : '（计划未停止）'}`);
    }
    after = rows.at(-1)!.id;
  }
  // Charges and refunds whose plan does not exist.
  for (const kind of ['plan_charge', 'plan_refund'] as const) {
    for await (const page of bookingPages(db, kind, PLAN_REFERENCE, batchSize)) {
      const ids = page
        .map((b) => Number(b.reference.slice(PLAN_REFERENCE.length)))
        .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
      const known = new Set(
        ids.length === 0 ? [] : (await db.select({ id: plans.id }).from(plans).where(inArray(plans.id, ids))).map((p) => p.id),
      );
      for (const booking of page) {
        if (!known.has(Number(booking.reference.slice(PLAN_REFERENCE.length)))) {
          yield { userId: booking.userId, message: `积分明细 ${booking.reference}（${booking.delta} 积分）没有对应的计划` };
        }
      }
    }
  }
}

/**
 * Kept counts of live and of stopped plans (plan_counts: the plan list's total, the plan screens'
 * counts) other than the plans, by owner and platform, a window of owners at a time (bounded memory).
 */
export async function* planCountFindings(db: Executor, batchSize = VERIFY_BATCH): AsyncGenerator<MoneyFinding> {
  let after = 0;
  for (;;) {
    const owners = await db
      .selectDistinct({ userId: plans.userId })
      .from(plans)
      .where(gt(plans.userId, after))
      .orderBy(asc(plans.userId))
      .limit(batchSize);
    // Past the last owner of a plan, any count left must be 0.
    const last = owners.at(-1)?.userId ?? 2_147_483_647;
    const inWindow = (column: typeof plans.userId | typeof planCounts.userId) => and(gt(column, after), lte(column, last));
    const actual = db
      .select({
        userId: plans.userId,
        flowType: plans.flowType,
        n: sql<number>`count(*)::int`.as('n'),
        // Not `stopped`: the alias is written unqualified, and plan_counts has a column of that name.
        nStopped: sql<number>`(count(*) filter (where ${isNotNull(plans.stoppedAt)}))::int`.as('n_stopped'),
      })
      .from(plans)
      .where(and(inWindow(plans.userId), isNull(plans.deletedAt)))
      .groupBy(plans.userId, plans.flowType)
      .as('actual');
    const kept = db
      .select({ userId: planCounts.userId, flowType: planCounts.flowType, live: planCounts.live, stopped: planCounts.stopped })
      .from(planCounts)
      .where(inWindow(planCounts.userId))
      .as('kept');
    const rows = await db
      .select({
        userId: sql<number>`coalesce(${actual.userId}, ${kept.userId})`,
        flowType: sql<string>`coalesce(${actual.flowType}, ${kept.flowType})`,
        plans: sql<number>`coalesce(${actual.n}, 0)`,
        kept: sql<number>`coalesce(${kept.live}, 0)`,
        stopped: sql<number>`coalesce(${actual.nStopped}, 0)`,
        keptStopped: sql<number>`coalesce(${kept.stopped}, 0)`,
      })
      .from(actual)
      .fullJoin(kept, and(eq(kept.userId, actual.userId), eq(kept.flowType, actual.flowType)))
      .where(sql`coalesce(${actual.n}, 0) <> coalesce(${kept.live}, 0) or coalesce(${actual.nStopped}, 0) <> coalesce(${kept.stopped}, 0)`);
    for (const row of rows) {
      const userId = Number(row.userId);
      if (Number(row.plans) !== Number(row.kept))
        yield { userId, message: `${row.flowType} 平台的计划数记为 ${Number(row.kept)}，实有 ${Number(row.plans)} 个` };
      if (Number(row.stopped) !== Number(row.keptStopped))
        yield { userId, message: `${row.flowType} 平台已停止的计划数记为 ${Number(row.keptStopped)}，实有 ${Number(row.stopped)} 个` };
    }
    if (owners.length === 0) return;
    after = last;
  }
}
