/**
 * Reconciliation (对账) with the gateways' daily bills: each configured gateway's bill of a Beijing
 * day is compared with our orders of its pay type. A payment in the bill whose order is not paid
 * here is credited through payOrder, the one paying path (once: a second run finds it paid), and
 * the caller's onCredited writes its audit row in the paying transaction. Paid here and absent
 * from the bill, amounts that differ, or an order number we do not know are reported. Each run
 * stores a report per gateway and day; the console shows the latest. A daily job reconciles
 * yesterday on one process at a time, once per gateway and day, retrying hourly until the bill is
 * published (the gateways publish it in the morning).
 */
import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { PAY_TYPES } from '../../../../common/domain.ts';
import { addDays, localDate, zonedInstant } from '../../../../common/zoned-time.ts';
import type { ReconciliationDifference, ReconciliationReport } from '../../../../common/admin-types.ts';
import type { Tx } from '../../db/client.ts';
import { startPeriodicJob } from '../../db/exclusive.ts';
import { orders, reconciliationReports } from './tables.ts';
import type { AppContext } from '../../http/context.ts';
import type { OrderCtx } from './view.ts';
import { badRequest } from '../../http/errors.ts';
import { reconciliationRuns } from '../../http/metrics.ts';
import { HOUR } from '../../lib/clock.ts';
import type { Logger } from '../../lib/logger.ts';
import { payOrder, type PayResult } from './settlement.ts';
import type { BillPayment, OnlinePayType, OrderPayments } from './payment.ts';

/** The gateways' bills are cut at Beijing midnight, whatever the business time zone. */
const BILL_TIME_ZONE = 'Asia/Shanghai';
const GATEWAYS: Array<{ gateway: ReconciliationReport['gateway']; payType: OnlinePayType }> = [
  { gateway: 'alipay', payType: PAY_TYPES.ALI_PAY },
  { gateway: 'wechat', payType: PAY_TYPES.WX_PAY },
];

/** Writes the audit row of a payment credited by reconciliation, in its paying transaction. */
export type OnReconciledPayment = (tx: Tx, change: { gateway: string; day: string; result: PayResult }) => Promise<void>;

function checkedDay(day: string | undefined): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day) || localDate(zonedInstant(day, 0, 12, 'UTC'), 'UTC') !== day) {
    throw badRequest(`日期格式不正确：「${day ?? ''}」，请使用 YYYY-MM-DD`);
  }
  return day;
}

/** Reconciles one gateway's bill of `day`: credits what is missing here, stores and answers the report. */
async function reconcileGateway(
  ctx: OrderCtx,
  target: (typeof GATEWAYS)[number],
  bill: BillPayment[],
  day: string,
  onCredited: OnReconciledPayment,
): Promise<ReconciliationReport> {
  const from = zonedInstant(day, 0, 0, BILL_TIME_ZONE);
  const to = zonedInstant(day, 1, 0, BILL_TIME_ZONE);
  const billed = new Map(bill.map((p) => [p.orderNo, p]));
  const ours = await ctx.db
    .select({ orderNo: orders.orderNo, amount: orders.amount, status: orders.status, payType: orders.payType })
    .from(orders)
    .where(
      or(
        and(eq(orders.payType, target.payType), eq(orders.status, 'paid'), gte(orders.paidAt, from), lt(orders.paidAt, to)),
        billed.size > 0 ? inArray(orders.orderNo, [...billed.keys()]) : sql`false`,
      ),
    );
  const byNo = new Map(ours.map((o) => [o.orderNo, o]));
  const differences: ReconciliationDifference[] = [];
  const credited: string[] = [];
  for (const payment of bill) {
    const order = byNo.get(payment.orderNo);
    if (!order || order.payType !== target.payType) {
      differences.push({ kind: 'unknown_order', orderNo: payment.orderNo, ours: null, theirs: payment.amount });
    } else if (order.amount !== payment.amount) {
      differences.push({ kind: 'amount_differs', orderNo: payment.orderNo, ours: order.amount, theirs: payment.amount });
    } else if (order.status !== 'paid') {
      const result = await payOrder(
        ctx,
        payment.orderNo,
        { paidAmount: payment.amount, providerTradeNo: payment.providerTradeNo, confirmedByGateway: true },
        (tx, paid) => onCredited(tx, { gateway: target.gateway, day, result: paid }),
      );
      if (result.changed) credited.push(payment.orderNo);
    }
  }
  for (const order of ours) {
    if (order.payType === target.payType && order.status === 'paid' && !billed.has(order.orderNo)) {
      differences.push({ kind: 'missing_at_gateway', orderNo: order.orderNo, ours: order.amount, theirs: null });
    }
  }
  const [row] = await ctx.db
    .insert(reconciliationReports)
    .values({ gateway: target.gateway, day, billPayments: bill.length, credited, differences, createdAt: ctx.clock.now() })
    .returning();
  return toReport(row!);
}

const toReport = (row: typeof reconciliationReports.$inferSelect): ReconciliationReport => ({
  gateway: row.gateway as ReconciliationReport['gateway'],
  day: row.day,
  billPayments: row.billPayments,
  credited: row.credited,
  differences: row.differences,
  createdAt: row.createdAt.toISOString(),
});

export interface ReconcileOptions {
  onCredited: OnReconciledPayment;
  /** Only gateways without a report for the day yet (the daily job). */
  skipReconciled?: boolean;
  log?: Pick<Logger, 'error'>;
}

/**
 * Reconciles `day` (YYYY-MM-DD) with every configured real gateway (the sandbox has no bill).
 * A gateway whose bill cannot be had is skipped (logged, counted) and the others still run;
 * answers the reports made and the gateways that failed.
 */
export async function reconcileDay(ctx: OrderCtx, payments: OrderPayments, dayText: string | undefined, opts: ReconcileOptions) {
  const day = checkedDay(dayText);
  const reports: ReconciliationReport[] = [];
  const failed: Array<{ gateway: string; reason: string }> = [];
  for (const target of GATEWAYS) {
    const provider = payments(target.payType);
    if (!provider || provider.simulated || !provider.downloadBill) continue;
    if (opts.skipReconciled) {
      const [done] = await ctx.db
        .select({ id: reconciliationReports.id })
        .from(reconciliationReports)
        .where(and(eq(reconciliationReports.gateway, target.gateway), eq(reconciliationReports.day, day)))
        .limit(1);
      if (done) continue;
    }
    try {
      const bill = await provider.downloadBill(day);
      reports.push(await reconcileGateway(ctx, target, bill, day, opts.onCredited));
      reconciliationRuns.inc({ gateway: target.gateway, result: 'done' });
    } catch (err) {
      reconciliationRuns.inc({ gateway: target.gateway, result: 'failed' });
      opts.log?.error({ err, gateway: target.gateway, day }, 'reconciliation failed');
      failed.push({ gateway: target.gateway, reason: (err as Error).message });
    }
  }
  return { reports, failed };
}

/** The latest report of each gateway and day, newest day first (the console's list). */
export async function latestReconciliationReports(db: OrderCtx['db'], limit = 60): Promise<ReconciliationReport[]> {
  const rows = await db
    .selectDistinctOn([reconciliationReports.day, reconciliationReports.gateway])
    .from(reconciliationReports)
    .orderBy(
      desc(reconciliationReports.day),
      reconciliationReports.gateway,
      desc(reconciliationReports.createdAt),
      desc(reconciliationReports.id),
    )
    .limit(limit);
  return rows.map(toReport);
}

/** The differences of each gateway's latest report (latest bill day, latest run): what reconciliation_differences shows. */
export async function latestDifferencesPerGateway(db: OrderCtx['db']): Promise<Array<{ gateway: string; differences: number }>> {
  const rows = await db
    .selectDistinctOn([reconciliationReports.gateway], {
      gateway: reconciliationReports.gateway,
      differences: sql<number>`jsonb_array_length(${reconciliationReports.differences})`,
    })
    .from(reconciliationReports)
    .orderBy(
      reconciliationReports.gateway,
      desc(reconciliationReports.day),
      desc(reconciliationReports.createdAt),
      desc(reconciliationReports.id),
    );
  return rows.map((r) => ({ gateway: r.gateway, differences: Number(r.differences) }));
}

/** Every hour, on one process at a time: yesterday's bills of the gateways not yet reconciled for it. */
export function startDailyReconciliation(
  ctx: OrderCtx & Pick<AppContext, 'exclusive'>,
  payments: OrderPayments,
  opts: ReconcileOptions & { log: Pick<Logger, 'error'> },
  everyMs = HOUR,
): () => void {
  const run = () => reconcileDay(ctx, payments, addDays(localDate(ctx.clock.now(), BILL_TIME_ZONE), -1), { ...opts, skipReconciled: true });
  return startPeriodicJob(ctx.exclusive, { name: 'reconciliation', everyMs, run }, opts.log);
}
