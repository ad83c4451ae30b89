/**
 * Settling orders: paying is one transaction (pending -> paid by a conditional UPDATE, then points
 * credited or membership applied), so an order takes effect at most once whatever is replayed or
 * raced: the sandbox, a gateway's notification, a query at the gateway, staff or reconciliation.
 * Unpaid orders expire (lazily, and by a periodic sweep) after their gateway is asked once more.
 */
import { and, eq, gt, inArray, isNotNull, isNull, lte, notInArray, type SQL } from 'drizzle-orm';
import { ORDER_STATUS_LABELS, PAY_TYPES, type OrderStatus } from '../../../../common/domain.ts';
import type { OrderRow } from '../../../../common/api-types.ts';
import { formatPoints } from '../../../../common/points-format.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { startPeriodicJob } from '../../db/exclusive.ts';
import type { AppContext } from '../../http/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { MINUTE } from '../../lib/clock.ts';
import { currentLog, type LogSink } from '../../lib/logger.ts';
import { changePoints } from '../points/index.ts';
import { applyMembershipPurchase, lockAccount } from '../user/index.ts';
import { isOnlinePayType, type OnlinePayType, type OrderPayments, type VerifiedPayment } from './payment.ts';
import { heldPayments, orders } from './tables.ts';
import { toOrderView, type OrderCtx, type OrderRecord } from './view.ts';

type ExpiryScope = { userId?: number; orderNo?: string };

const dueConditions = (now: Date, scope: ExpiryScope): SQL[] => {
  const conditions: SQL[] = [eq(orders.status, 'pending'), lte(orders.expiresAt, now)];
  if (scope.userId !== undefined) conditions.push(eq(orders.userId, scope.userId));
  if (scope.orderNo !== undefined) conditions.push(eq(orders.orderNo, scope.orderNo));
  return conditions;
};

/** Marks pending orders past their expiry as expired (all of them, or one user's, or one order, less `keep`); answers those it expired. */
export async function expireDueOrders(db: Executor, now: Date, scope: ExpiryScope = {}, keep: string[] = []) {
  const conditions = dueConditions(now, scope);
  if (keep.length > 0) conditions.push(notInArray(orders.orderNo, keep));
  return db
    .update(orders)
    .set({ status: 'expired' })
    .where(and(...conditions))
    .returning({ orderNo: orders.orderNo, payType: orders.payType });
}

/**
 * Before due online orders are expired, their gateway is asked whether they were paid (a payment
 * whose notifications all failed): paid ones are booked through settleGatewayPayment. Answers the
 * orders to keep pending because their gateway could not be asked (asked again next time).
 */
async function settleDuePaidAtGateway(ctx: OrderCtx, payments: OrderPayments, now: Date, scope: ExpiryScope): Promise<string[]> {
  const due = await ctx.db
    .select({ orderNo: orders.orderNo, payType: orders.payType })
    .from(orders)
    .where(and(...dueConditions(now, scope), inArray(orders.payType, [PAY_TYPES.ALI_PAY, PAY_TYPES.WX_PAY]), isNotNull(orders.payment)));
  const unanswered: string[] = [];
  for (const row of due) {
    const provider = payments(row.payType as OnlinePayType);
    if (!provider || provider.simulated) continue;
    try {
      const payment = await provider.queryPayment(row.orderNo);
      if (payment && payment.orderNo === row.orderNo) await settleGatewayPayment(ctx, payment);
    } catch (err) {
      currentLog().warn({ err, orderNo: row.orderNo }, 'payment: asking the gateway about a due order failed; it stays pending');
      unanswered.push(row.orderNo);
    }
  }
  return unanswered;
}

/** Closes an order at its gateway in the background: the gateway already refuses payment after the order's expiry, so a failure is only logged. */
function closeInBackground(payments: OrderPayments, expired: Array<{ orderNo: string; payType: number }>) {
  for (const { orderNo, payType } of expired) {
    const provider = isOnlinePayType(payType) ? payments(payType) : null;
    const log = currentLog();
    provider?.closePayment(orderNo).catch((err) => log.warn({ err, orderNo }, 'payment: closing an expired order at its gateway failed'));
  }
}

/**
 * Closes cancelled online orders at their gateways (a deleted account's, once the deletion has
 * committed), so the old QR code or cashier page can no longer be paid. Waits for each gateway; a
 * gateway that fails is logged and the order stays cancelled here: a payment that still arrives is
 * held as a refund to make. Answers the orders that could not be closed.
 */
export async function closeAtGateways(
  payments: OrderPayments,
  cancelled: Array<{ orderNo: string; payType: number }>,
  log: Pick<LogSink, 'warn'>,
): Promise<string[]> {
  const failed: string[] = [];
  for (const { orderNo, payType } of cancelled) {
    const provider = isOnlinePayType(payType) ? payments(payType) : null;
    if (!provider || provider.simulated) continue;
    try {
      await provider.closePayment(orderNo);
    } catch (err) {
      log.warn(
        { err, orderNo, gateway: provider.name },
        'closing a cancelled order at its gateway failed: a late payment will be held for refund',
      );
      failed.push(orderNo);
    }
  }
  return failed;
}

/** Due online orders asked about at their gateway (paid ones booked), then expireDueOrders, then each expired online order is closed at its gateway. */
export async function expireOrders(ctx: OrderCtx, payments: OrderPayments, scope: ExpiryScope = {}): Promise<number> {
  const now = ctx.clock.now();
  const unanswered = await settleDuePaidAtGateway(ctx, payments, now, scope);
  const expired = await expireDueOrders(ctx.db, now, scope, unanswered);
  closeInBackground(payments, expired);
  return expired.length;
}

export interface PaymentEvidence {
  /** Fen actually received (from a verified provider notification); checked against the amount. */
  paidAmount?: number;
  providerTradeNo?: string;
  /**
   * A real gateway vouches for the payment (notification or query): the money was taken, so an
   * order that expired or was cancelled meanwhile (staff cancel without closing the gateway's
   * trade) is still paid. Never set by the sandbox or staff.
   */
  confirmedByGateway?: boolean;
  /** Only this user's order (sandbox confirm); omitted for staff and provider notifications. */
  ownerId?: number;
}

export interface PayResult {
  order: OrderRow;
  /** False when the order was already paid: nothing happened this time. */
  changed: boolean;
  /** Balance after crediting a points order. */
  integral?: number;
  /**
   * The gateway took the money for an order of a deleted account: nothing was credited, the
   * payment waits as a refund to make (held_payments).
   */
  held?: boolean;
}

/**
 * Pays an order: the one path used by the sandbox, provider notifications and `order:confirm`.
 * At most once per order: only the transaction whose conditional UPDATE moves it from pending
 * to paid credits anything; replays answer the paid order with changed = false.
 *
 * The owner's row is locked first (as a deletion locks it first): a payment and a deletion (注销)
 * of the same account run one after the other. A gateway payment for an order whose account is
 * deleted credits nothing and is held as a refund to make (held = true; once per order).
 */
export async function payOrder(
  ctx: OrderCtx,
  orderNo: string,
  evidence: PaymentEvidence = {},
  /** Runs in the paying transaction after the order took effect (the console's audit row). */
  onPaid?: (tx: Tx, result: PayResult) => Promise<void>,
): Promise<PayResult> {
  const now = ctx.clock.now();
  await expireDueOrders(ctx.db, now, { orderNo });
  const mine = evidence.ownerId !== undefined ? [eq(orders.userId, evidence.ownerId)] : [];
  const payable = evidence.confirmedByGateway
    ? inArray(orders.status, ['pending', 'expired', 'cancelled'])
    : and(eq(orders.status, 'pending'), gt(orders.expiresAt, now));
  return ctx.db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.orderNo, orderNo), ...mine));
    if (!target) throw notFound('订单不存在');
    const owner = await lockAccount(tx, target.userId);
    if (owner?.deletedAt && target.status !== 'paid') {
      if (!evidence.confirmedByGateway) throw conflict(`订单${ORDER_STATUS_LABELS[target.status as OrderStatus]}，不能支付`);
      await holdPayment(tx, target, evidence, now);
      return { order: toOrderView(target), changed: false, held: true };
    }
    const [paid] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: now, providerTradeNo: evidence.providerTradeNo || null })
      .where(and(eq(orders.orderNo, orderNo), payable, ...mine))
      .returning();
    if (!paid) {
      const [existing] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.orderNo, orderNo), ...mine));
      if (!existing) throw notFound('订单不存在');
      if (existing.status === 'paid') {
        // Paid before the trade number was known (or kept): a later report of the same payment records it.
        if (evidence.providerTradeNo && !existing.providerTradeNo) await recordTradeNo(tx, orderNo, evidence.providerTradeNo);
        return { order: toOrderView(existing), changed: false };
      }
      if (existing.status === 'expired' || existing.status === 'pending') throw conflict('订单已过期，不能再支付，请重新下单');
      throw conflict(`订单${ORDER_STATUS_LABELS[existing.status as OrderStatus]}，不能支付`);
    }
    if (evidence.paidAmount !== undefined && evidence.paidAmount !== paid.amount) {
      throw conflict(`支付金额 ${evidence.paidAmount} 分与订单金额 ${paid.amount} 分不一致，未入账`);
    }
    const goodsItem = paid.goodsSnapshot;
    if (paid.type === 'integral') {
      const { balanceAfter } = await changePoints(tx, {
        userId: paid.userId,
        delta: goodsItem.points!,
        kind: 'recharge',
        reference: `order:${paid.orderNo}`,
        remark: `购买${formatPoints(goodsItem.points!)} 积分（订单 ${paid.orderNo}）`,
        at: now,
      });
      const result = { order: toOrderView(paid), changed: true, integral: balanceAfter };
      await onPaid?.(tx, result);
      return result;
    }
    await applyMembershipPurchase(tx, paid.userId, goodsItem.level!, goodsItem.days!, now);
    const result = { order: toOrderView(paid), changed: true };
    await onPaid?.(tx, result);
    return result;
  });
}

/** Stores the gateway's trade number of a paid order that has none yet (never replaces one). */
export async function recordTradeNo(db: Executor, orderNo: string, providerTradeNo: string): Promise<void> {
  await db
    .update(orders)
    .set({ providerTradeNo })
    .where(and(eq(orders.orderNo, orderNo), eq(orders.status, 'paid'), isNull(orders.providerTradeNo)));
}

/** Records a gateway payment for a deleted account's order as a refund to make (a repeat adds nothing). */
async function holdPayment(tx: Tx, order: OrderRecord, evidence: PaymentEvidence, now: Date): Promise<void> {
  await tx
    .insert(heldPayments)
    .values({
      orderNo: order.orderNo,
      userId: order.userId,
      payType: order.payType,
      amount: evidence.paidAmount ?? order.amount,
      providerTradeNo: evidence.providerTradeNo ?? null,
      receivedAt: now,
    })
    .onConflictDoNothing({ target: heldPayments.orderNo });
}

/** A payment the gateway reports, booked through payOrder (once, whatever else reports it too). */
export const settleGatewayPayment = (ctx: OrderCtx, payment: VerifiedPayment) =>
  payOrder(ctx, payment.orderNo, { paidAmount: payment.paidAmount, providerTradeNo: payment.providerTradeNo, confirmedByGateway: true });

const QUERY_INTERVAL_MS = 5_000;
const lastQueried = new Map<string, number>();

/**
 * While the app polls a pending online order, ask the gateway now and then whether it was paid, so
 * a notification that never came does not leave a paid order pending. Failures leave it pending.
 * Answers whether it booked a payment (the order changed).
 */
export async function settleIfPaidAtGateway(ctx: OrderCtx, payments: OrderPayments, row: OrderRecord): Promise<boolean> {
  if (!isOnlinePayType(row.payType) || !row.payment) return false;
  const provider = payments(row.payType);
  if (!provider || provider.simulated) return false;
  const at = Date.now();
  if (at - (lastQueried.get(row.orderNo) ?? 0) < QUERY_INTERVAL_MS) return false;
  lastQueried.set(row.orderNo, at);
  if (lastQueried.size > 10_000) lastQueried.clear();
  try {
    const payment = await provider.queryPayment(row.orderNo);
    if (!payment || payment.orderNo !== row.orderNo) return false;
    await settleGatewayPayment(ctx, payment);
    return true;
  } catch (err) {
    currentLog().warn({ err, orderNo: row.orderNo }, 'payment: settling an order from a gateway query failed');
    return false;
  }
}

/**
 * Periodic sweep so expired orders show as such (and are closed at their gateway) even if nobody
 * reads them; one process at a time runs it.
 */
export function startExpirySweep(
  ctx: OrderCtx & Pick<AppContext, 'exclusive'>,
  payments: OrderPayments,
  log: LogSink,
  everyMs = MINUTE,
): () => Promise<void> {
  return startPeriodicJob(ctx.exclusive, { name: 'order-expiry', everyMs, run: () => expireOrders(ctx, payments) }, log);
}
