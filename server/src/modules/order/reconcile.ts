/**
 * Reconciliation (对账) with the gateways' daily bills: each configured gateway's bill of a Beijing
 * day is compared with our orders of its pay type. A payment in the bill whose order is not paid
 * here is credited through payOrder, the one paying path (once: a second run finds it paid), and
 * the caller's onCredited writes its audit row in the paying transaction; one for a deleted
 * account is held as a refund to make instead, and reported (refund_due) until staff mark it
 * refunded; a paid order's trade number is recorded. Reported: paid here and absent from the bill,
 * amounts that differ, an order number we do not know, money the gateway gave back (a refund or a
 * revoked payment: we never refund through the API, so staff must see it), a trade number other
 * than the one that paid the order here, and bill rows that could not be read. A day without
 * trades is an empty bill: a reconciled day with an empty report. Each run stores a report per
 * gateway and day; the console shows the latest.
 *
 * The daily job: the gateways publish yesterday's bill in the morning (both say after 10:00
 * Beijing time), so from RECONCILE_AT on, one process at a time (advisory lock) reconciles each due
 * day of the last week that has no report yet, gateway by gateway. A bill that cannot be had is
 * tried again with backoff (5 minutes, doubling, at most 2 hours apart); the attempts live in the
 * database, so every replica backs off alike and the gateway is asked once per attempt.
 * reconciliation_overdue_days (metrics) counts the due days still without a report.
 */
import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { PAY_TYPES } from '../../../../common/domain.ts';
import { addDays, localDate, zonedInstant } from '../../../../common/zoned-time.ts';
import type { ReconciliationDifference, ReconciliationReport } from '../../../../common/admin-types.ts';
import type { Tx } from '../../db/client.ts';
import { startPeriodicJob } from '../../db/exclusive.ts';
import { orders, reconciliationAttempts, reconciliationReports } from './tables.ts';
import type { AppContext } from '../../http/context.ts';
import type { OrderCtx } from './view.ts';
import { badRequest } from '../../http/errors.ts';
import { reconciliationRuns } from '../../http/metrics.ts';
import { HOUR, MINUTE } from '../../lib/clock.ts';
import type { LogSink } from '../../lib/logger.ts';
import { payOrder, recordTradeNo, type PayResult } from './settlement.ts';
import { heldPaymentOf } from './console.ts';
import type { Bill, OnlinePayType, OrderPayments, PaymentGateway } from './payment.ts';

/** The gateways' bills are cut at Beijing midnight, whatever the business time zone. */
const BILL_TIME_ZONE = 'Asia/Shanghai';
type Gateway = ReconciliationReport['gateway'];
const GATEWAYS: Array<{ gateway: Gateway; payType: OnlinePayType }> = [
  { gateway: 'alipay', payType: PAY_TYPES.ALI_PAY },
  { gateway: 'wechat', payType: PAY_TYPES.WX_PAY },
];
/** How many past days the daily job looks after (a day missed while the service was down is caught up). */
export const RECONCILE_WINDOW_DAYS = 7;
const FIRST_RETRY_MS = 5 * MINUTE;
const MAX_RETRY_MS = 2 * HOUR;

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
  bill: Bill,
  day: string,
  onCredited: OnReconciledPayment,
): Promise<ReconciliationReport> {
  const from = zonedInstant(day, 0, 0, BILL_TIME_ZONE);
  const to = zonedInstant(day, 1, 0, BILL_TIME_ZONE);
  const payments = bill.entries.filter((e) => e.kind === 'payment');
  const returned = bill.entries.filter((e) => e.kind !== 'payment');
  const named = [...new Set(bill.entries.map((e) => e.orderNo))];
  const ours = await ctx.db
    .select({
      orderNo: orders.orderNo,
      amount: orders.amount,
      status: orders.status,
      payType: orders.payType,
      providerTradeNo: orders.providerTradeNo,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(
      or(
        and(eq(orders.payType, target.payType), eq(orders.status, 'paid'), gte(orders.paidAt, from), lt(orders.paidAt, to)),
        named.length > 0 ? inArray(orders.orderNo, named) : sql`false`,
      ),
    );
  const byNo = new Map(ours.map((o) => [o.orderNo, o]));
  const differences: ReconciliationDifference[] = [];
  const credited: string[] = [];
  const billed = new Set<string>();
  for (const payment of payments) {
    const order = byNo.get(payment.orderNo);
    if (billed.has(payment.orderNo)) {
      differences.push({
        kind: 'paid_twice',
        orderNo: payment.orderNo,
        ours: order?.amount ?? null,
        theirs: payment.amount,
        note: payment.providerTradeNo,
      });
      continue;
    }
    billed.add(payment.orderNo);
    if (!order || order.payType !== target.payType) {
      differences.push({
        kind: 'unknown_order',
        orderNo: payment.orderNo,
        ours: null,
        theirs: payment.amount,
        note: payment.providerTradeNo,
      });
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
      // The account was deleted (注销): the payment is held, never credited, and named until refunded.
      if (result.held && !(await heldPaymentOf(ctx.db, payment.orderNo))?.refundedAt)
        differences.push({ kind: 'refund_due', orderNo: payment.orderNo, ours: order.amount, theirs: payment.amount });
    } else if (!order.providerTradeNo) {
      await recordTradeNo(ctx.db, payment.orderNo, payment.providerTradeNo);
    } else if (order.providerTradeNo !== payment.providerTradeNo) {
      differences.push({
        kind: 'trade_no_differs',
        orderNo: payment.orderNo,
        ours: order.amount,
        theirs: payment.amount,
        note: `${order.providerTradeNo} / ${payment.providerTradeNo}`,
      });
    }
  }
  for (const entry of returned) {
    const order = byNo.get(entry.orderNo);
    differences.push({
      kind: entry.kind === 'refund' ? 'refunded_at_gateway' : 'revoked_at_gateway',
      orderNo: entry.orderNo,
      ours: order && order.payType === target.payType ? order.amount : null,
      theirs: entry.amount,
      note: entry.refundNo ?? entry.providerTradeNo,
    });
  }
  // Paid here that day (not only named by a refund of an earlier payment) and not in the bill.
  for (const order of ours) {
    const paidThatDay = order.status === 'paid' && order.paidAt !== null && order.paidAt >= from && order.paidAt < to;
    if (order.payType === target.payType && paidThatDay && !billed.has(order.orderNo)) {
      differences.push({ kind: 'missing_at_gateway', orderNo: order.orderNo, ours: order.amount, theirs: null });
    }
  }
  for (const row of bill.unreadable) {
    differences.push({
      kind: 'unreadable_row',
      orderNo: '',
      ours: null,
      theirs: null,
      note: `第 ${row.line} 行（${row.reason}）：${row.text.slice(0, 300)}`,
    });
  }
  const [report] = await ctx.db
    .insert(reconciliationReports)
    .values({ gateway: target.gateway, day, billPayments: payments.length, credited, differences, createdAt: ctx.clock.now() })
    .returning();
  return toReport(report!);
}

const toReport = (row: typeof reconciliationReports.$inferSelect): ReconciliationReport => ({
  gateway: row.gateway as Gateway,
  day: row.day,
  billPayments: row.billPayments,
  credited: row.credited,
  differences: row.differences,
  createdAt: row.createdAt.toISOString(),
});

export interface ReconcileOptions {
  onCredited: OnReconciledPayment;
  log?: LogSink;
}

/** The configured real gateways (the sandbox has no bill). */
function billingGateways(
  payments: OrderPayments,
): Array<(typeof GATEWAYS)[number] & { provider: PaymentGateway & Required<Pick<PaymentGateway, 'downloadBill'>> }> {
  return GATEWAYS.flatMap((target) => {
    const provider = payments(target.payType);
    return provider && !provider.simulated && provider.downloadBill ? [{ ...target, provider: provider as never }] : [];
  });
}

/** Downloads and reconciles one gateway's bill of `day`, counting the run; a failure throws (logged by the caller). */
async function runOne(ctx: OrderCtx, target: ReturnType<typeof billingGateways>[number], day: string, opts: ReconcileOptions) {
  try {
    const bill = await target.provider.downloadBill(day);
    const report = await reconcileGateway(ctx, target, bill, day, opts.onCredited);
    reconciliationRuns.inc({ gateway: target.gateway, result: 'done' });
    return report;
  } catch (err) {
    reconciliationRuns.inc({ gateway: target.gateway, result: 'failed' });
    opts.log?.error({ err, gateway: target.gateway, day }, 'reconciliation failed');
    throw err;
  }
}

/**
 * Reconciles `day` (YYYY-MM-DD) with every configured real gateway, now (`ops reconcile`). A
 * gateway whose bill cannot be had is skipped (logged, counted) and the others still run; answers
 * the reports made and the gateways that failed.
 */
export async function reconcileDay(ctx: OrderCtx, payments: OrderPayments, dayText: string | undefined, opts: ReconcileOptions) {
  const day = checkedDay(dayText);
  const reports: ReconciliationReport[] = [];
  const failed: Array<{ gateway: string; reason: string }> = [];
  for (const target of billingGateways(payments)) {
    try {
      reports.push(await runOne(ctx, target, day, opts));
      await ctx.db
        .delete(reconciliationAttempts)
        .where(and(eq(reconciliationAttempts.gateway, target.gateway), eq(reconciliationAttempts.day, day)));
    } catch (err) {
      failed.push({ gateway: target.gateway, reason: (err as Error).message });
    }
  }
  return { reports, failed };
}

/** When the bill of `day` is published (the day after, at RECONCILE_AT Beijing time). */
const publishedAt = (ctx: OrderCtx, day: string) =>
  new Date(zonedInstant(day, 1, ctx.config.reconcileAt.hour, BILL_TIME_ZONE).getTime() + ctx.config.reconcileAt.minute * MINUTE);

/** The days of the last week whose bills are published by `now`, oldest first. */
function dueDays(ctx: OrderCtx, now: Date): string[] {
  const yesterday = addDays(localDate(now, BILL_TIME_ZONE), -1);
  return Array.from({ length: RECONCILE_WINDOW_DAYS }, (_, i) => addDays(yesterday, i - RECONCILE_WINDOW_DAYS + 1)).filter(
    (day) => publishedAt(ctx, day) <= now,
  );
}

/** The due days of `gateway` without a report. */
async function unreconciledDays(ctx: OrderCtx, gateway: Gateway, days: string[]): Promise<string[]> {
  if (days.length === 0) return [];
  const done = await ctx.db
    .selectDistinct({ day: reconciliationReports.day })
    .from(reconciliationReports)
    .where(and(eq(reconciliationReports.gateway, gateway), inArray(reconciliationReports.day, days)));
  const reconciled = new Set(done.map((r) => r.day));
  return days.filter((day) => !reconciled.has(day));
}

/** The wait before attempt `attempts + 1`: 5 minutes, doubling, at most 2 hours. */
export const retryDelay = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

/**
 * The daily job's run: each configured gateway's due, unreconciled days whose next attempt has come
 * (see above). Answers what it did, for the tests and the log.
 */
export async function reconcileDueDays(ctx: OrderCtx, payments: OrderPayments, opts: ReconcileOptions) {
  const now = ctx.clock.now();
  const days = dueDays(ctx, now);
  const done: Array<{ gateway: Gateway; day: string }> = [];
  const failed: Array<{ gateway: Gateway; day: string; attempts: number; nextAttemptAt: Date }> = [];
  for (const target of billingGateways(payments)) {
    const open = await unreconciledDays(ctx, target.gateway, days);
    if (open.length === 0) continue;
    const attempts = new Map(
      (
        await ctx.db
          .select()
          .from(reconciliationAttempts)
          .where(and(eq(reconciliationAttempts.gateway, target.gateway), inArray(reconciliationAttempts.day, open)))
      ).map((a) => [a.day, a]),
    );
    for (const day of open) {
      const attempt = attempts.get(day);
      if (attempt && attempt.nextAttemptAt > now) continue;
      const key = and(eq(reconciliationAttempts.gateway, target.gateway), eq(reconciliationAttempts.day, day));
      try {
        await runOne(ctx, target, day, opts);
        await ctx.db.delete(reconciliationAttempts).where(key);
        done.push({ gateway: target.gateway, day });
      } catch (err) {
        const count = (attempt?.attempts ?? 0) + 1;
        const row = {
          attempts: count,
          nextAttemptAt: new Date(now.getTime() + retryDelay(count)),
          lastError: String((err as Error).message ?? err).slice(0, 500),
          updatedAt: now,
        };
        await ctx.db
          .insert(reconciliationAttempts)
          .values({ gateway: target.gateway, day, ...row })
          .onConflictDoUpdate({ target: [reconciliationAttempts.gateway, reconciliationAttempts.day], set: row });
        failed.push({ gateway: target.gateway, day, attempts: count, nextAttemptAt: row.nextAttemptAt });
      }
    }
  }
  return { done, failed };
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

/**
 * What the reconciliation gauges show (the same on every process: read from the database): per
 * gateway the differences of its latest report (latest bill day, latest run), and per configured
 * gateway how many due days of the last week still have no report.
 */
export async function reconciliationState(
  ctx: OrderCtx,
  payments: OrderPayments,
): Promise<{ differences: Array<{ gateway: string; differences: number }>; overdue: Array<{ gateway: string; days: number }> }> {
  const rows = await ctx.db
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
  const days = dueDays(ctx, ctx.clock.now());
  const overdue = [];
  for (const target of billingGateways(payments)) {
    overdue.push({ gateway: target.gateway, days: (await unreconciledDays(ctx, target.gateway, days)).length });
  }
  return { differences: rows.map((r) => ({ gateway: r.gateway, differences: Number(r.differences) })), overdue };
}

/** Every `everyMs` (a minute), on one process at a time: reconcileDueDays. */
export function startDailyReconciliation(
  ctx: OrderCtx & Pick<AppContext, 'exclusive'>,
  payments: OrderPayments,
  opts: ReconcileOptions & { log: LogSink },
  everyMs = MINUTE,
): () => Promise<void> {
  return startPeriodicJob(ctx.exclusive, { name: 'reconciliation', everyMs, run: () => reconcileDueDays(ctx, payments, opts) }, opts.log);
}
