/**
 * Orders for goods (points packages and memberships). Amounts come from the goods price, never
 * from the client, and the goods are snapshotted. Paying is one transaction (pending -> paid by a
 * conditional UPDATE, then points credited or membership applied), so an order takes effect at
 * most once whatever is replayed or raced. Unpaid orders expire (lazily, and by a periodic sweep).
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, gte, inArray, isNotNull, like, lt, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_STATUS_LABELS,
  PAY_TYPE_CODES,
  PAY_TYPE_LABELS,
  PAY_TYPES,
  type OrderStatus,
  type PayType,
} from '../../../../common/domain.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import { startPeriodicJob } from '../../db/exclusive.ts';
import type { Logger } from '../../lib/logger.ts';
import { orders, type GoodsSnapshot } from './tables.ts';
import type { AppContext } from '../../http/context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { OrderRow, Page, PayInstructions } from '../../../../common/api-types.ts';
import { MINUTE } from '../../lib/clock.ts';
import type { PayScene } from '../../../../common/api-types.ts';
import { formatPoints } from '../../../../common/points-format.ts';
import { findGoodsOnSale } from '../goods/index.ts';
import { cachedCollectAccountFor, collectAccountFor, collectDetailFor, type CollectAccount } from '../operator/index.ts';
import { changePoints } from '../points/index.ts';
import { applyMembershipPurchase, checkMembershipPurchase, findUserById } from '../user/index.ts';
import { compactDateTime } from './date-range.ts';
import type { OnlinePayType, OrderPayments, VerifiedPayment } from './payment.ts';

type OrderRecord = typeof orders.$inferSelect;
type OrderCtx = Pick<AppContext, 'db' | 'clock' | 'config'>;

export const isOnlinePayType = (payType: number): payType is OnlinePayType => payType === PAY_TYPES.ALI_PAY || payType === PAY_TYPES.WX_PAY;

/** The user's operator's collect accounts (or the default operator's); visitors see the default's. */
async function collectAccountOfUser(db: Executor, userId: number | null) {
  const user = userId === null ? null : await findUserById(db, userId);
  return collectAccountFor(db, user?.operatorId);
}

/**
 * The pay types for the pay-type list, from memory: the caller's operator comes from their
 * session's user row (null for visitors), the operators' collect accounts from the operators cache.
 */
export async function listedPayTypes(db: Executor, operatorId: number | null, payments: OrderPayments): Promise<PayType[]> {
  return payTypesWith(await cachedCollectAccountFor(db, operatorId), payments);
}

/** The pay types a user is offered: online ones whose gateway is configured, transfers whose detail the operators set, contact staff always. */
function payTypesWith(account: CollectAccount, payments: OrderPayments): PayType[] {
  return PAY_TYPE_CODES.filter((payType) => {
    if (isOnlinePayType(payType)) return payments(payType) !== null;
    if (payType === PAY_TYPES.CONTACT_STAFF) return true;
    return collectDetailFor(account, payType) !== '';
  });
}

export function toOrderView(row: OrderRecord): OrderRow {
  const status = row.status as OrderStatus;
  const payType = row.payType as PayType;
  return {
    orderNo: row.orderNo,
    goodsName: row.goodsSnapshot.name,
    type: row.type as 'integral' | 'member',
    status,
    statusText: ORDER_STATUS_LABELS[status],
    amount: row.amount,
    payType,
    payTypeText: PAY_TYPE_LABELS[payType],
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    expiresAt: row.expiresAt.toISOString(),
    goods: row.goodsSnapshot,
  };
}

function expiryMinutes(config: OrderCtx['config'], payType: number): number {
  return isOnlinePayType(payType) ? config.orderExpireMinutes : config.collectOrderExpireMinutes;
}

/**
 * How to pay a pending order. Online: created at the gateway when the order is created or resumed
 * (`scene` given); polls reuse the stored answer and never create a payment again. Transfers show
 * the owner's collect `account` (read here when the caller has not read it already).
 */
async function payInstructions(
  ctx: OrderCtx,
  payments: OrderPayments,
  row: OrderRecord,
  scene?: PayScene,
  account?: CollectAccount,
): Promise<PayInstructions | undefined> {
  const transferRemark = row.orderNo;
  if (isOnlinePayType(row.payType)) {
    const provider = payments(row.payType);
    if (!provider) return undefined;
    const stored = row.payment?.provider === provider.name ? row.payment : null;
    if (stored?.qrCode && scene !== 'wap') return { kind: 'online', provider: provider.name, qrCode: stored.qrCode };
    if (scene === undefined && !provider.simulated) return undefined;
    const created = await provider.createPayment({
      orderNo: row.orderNo,
      amount: row.amount,
      subject: row.goodsSnapshot.name,
      expiresAt: row.expiresAt,
      scene: scene ?? 'qr',
    });
    if (!provider.simulated) {
      const payment = { provider: provider.name, ...(created.qrCode ? { qrCode: created.qrCode } : {}) };
      await ctx.db.update(orders).set({ payment }).where(eq(orders.id, row.id));
    }
    return { kind: 'online', ...created };
  }
  if (row.payType === PAY_TYPES.CONTACT_STAFF) return { kind: 'staff', transferRemark };
  const detail = collectDetailFor(account ?? (await collectAccountOfUser(ctx.db, row.userId)), row.payType);
  if (row.payType === PAY_TYPES.ALIPAY_COLLECT) return { kind: 'collect', transferRemark, alipayCollectQr: detail };
  if (row.payType === PAY_TYPES.WXPAY_COLLECT) return { kind: 'collect', transferRemark, wxpayCollectQr: detail };
  return { kind: 'collect', transferRemark, bankAccount: detail };
}

/** Date and time in the business zone plus 6 random digits: readable, sortable, unguessable enough. */
const newOrderNo = (now: Date, timeZone: string) => `${compactDateTime(now, timeZone)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

/** Advisory-lock namespace of "one purchase of this user at a time" (the second key is the user id). */
const PURCHASE_LOCK = 7_041_001;

/**
 * The user's unexpired pending order for the same goods, pay type and price, else a new one (after
 * a price change the new price applies: the older order keeps its own until it expires). A lock per
 * user is held meanwhile, so two simultaneous purchases resume one order instead of creating two.
 */
async function pendingOrNewOrder(ctx: OrderCtx, userId: number, goodsItem: GoodsSnapshot & { id: number }, payType: PayType, now: Date) {
  const expiresAt = new Date(now.getTime() + expiryMinutes(ctx.config, payType) * MINUTE);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PURCHASE_LOCK}, ${userId})`);
    const [pending] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.goodsId, goodsItem.id), eq(orders.payType, payType), eq(orders.amount, goodsItem.price), eq(orders.status, 'pending'), gt(orders.expiresAt, now)))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    if (pending) return pending;
    for (let attempt = 0; ; attempt++) {
      const orderNo = newOrderNo(now, ctx.config.timeZone);
      const [taken] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
      if (taken && attempt < 4) continue; // order number collision: draw again
      const [row] = await tx
        .insert(orders)
        .values({ orderNo, userId, goodsId: goodsItem.id, goodsSnapshot: goodsItem, type: goodsItem.type, amount: goodsItem.price, payType, status: 'pending', createdAt: now, expiresAt })
        .returning();
      return row!;
    }
  });
}

/**
 * Creates an order for goods on sale, or resumes the pending one for the same goods and pay type,
 * and answers how to pay it. A pay type that is not offered is refused before anything is written.
 */
export async function createOrder(
  ctx: OrderCtx,
  /** The buyer as their session loaded them. */
  user: { id: number; operatorId: number | null },
  input: { goodsId: number; payType: PayType; scene?: PayScene },
  payments: OrderPayments,
): Promise<OrderRow> {
  const now = ctx.clock.now();
  const userId = user.id;
  const account = await collectAccountFor(ctx.db, user.operatorId);
  if (!payTypesWith(account, payments).includes(input.payType)) throw badRequest(`${PAY_TYPE_LABELS[input.payType]}暂未开通，请选择其他支付方式`);
  const goodsItem = await findGoodsOnSale(ctx.db, input.goodsId);
  if (!goodsItem) throw badRequest('商品不存在或已下架');
  if (goodsItem.type === 'member') await checkMembershipPurchase(ctx.db, userId, goodsItem.level!, goodsItem.days!, now); // 409 on a downgrade
  await expireOrders(ctx, payments, { userId });
  const row = await pendingOrNewOrder(ctx, userId, goodsItem, input.payType, now);
  return { ...toOrderView(row), pay: await payInstructions(ctx, payments, row, input.scene ?? 'qr', account) };
}

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
  return db.update(orders).set({ status: 'expired' }).where(and(...conditions)).returning({ orderNo: orders.orderNo, payType: orders.payType });
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
      console.error(`payment: asking about ${row.orderNo} before expiring it failed; it stays pending`, err);
      unanswered.push(row.orderNo);
    }
  }
  return unanswered;
}

/** Closes an order at its gateway in the background: the gateway already refuses payment after the order's expiry, so a failure is only logged. */
function closeInBackground(payments: OrderPayments, expired: Array<{ orderNo: string; payType: number }>) {
  for (const { orderNo, payType } of expired) {
    const provider = isOnlinePayType(payType) ? payments(payType) : null;
    provider?.closePayment(orderNo).catch((err) => console.error(`payment: closing expired order ${orderNo} failed`, err));
  }
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
}

/**
 * Pays an order: the one path used by the sandbox, provider notifications and `order:confirm`.
 * At most once per order: only the transaction whose conditional UPDATE moves it from pending
 * to paid credits anything; replays answer the paid order with changed = false.
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
    const [paid] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(orders.orderNo, orderNo), payable, ...mine))
      .returning();
    if (!paid) {
      const [existing] = await tx.select().from(orders).where(and(eq(orders.orderNo, orderNo), ...mine));
      if (!existing) throw notFound('订单不存在');
      if (existing.status === 'paid') return { order: toOrderView(existing), changed: false };
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
async function settleIfPaidAtGateway(ctx: OrderCtx, payments: OrderPayments, row: OrderRecord): Promise<boolean> {
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
    console.error(`payment: settling ${row.orderNo} from a query failed`, err);
    return false;
  }
}

const findOwn = async (db: Executor, userId: number, orderNo: string) => {
  const [row] = await db.select().from(orders).where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
  if (!row) throw notFound('订单不存在');
  return row;
};

/** One of the user's orders (404 for anyone else's), with how to pay it while pending. */
export async function getOwnOrder(ctx: OrderCtx, userId: number, orderNo: string, payments: OrderPayments): Promise<OrderRow> {
  await expireOrders(ctx, payments, { userId, orderNo });
  let row = await findOwn(ctx.db, userId, orderNo);
  if (row.status === 'pending' && (await settleIfPaidAtGateway(ctx, payments, row))) row = await findOwn(ctx.db, userId, orderNo);
  const view = toOrderView(row);
  return row.status === 'pending' ? { ...view, pay: await payInstructions(ctx, payments, row) } : view;
}

/**
 * The owner cancels a pending order. An online order is first asked about at its gateway (paid
 * meanwhile: it is booked and the cancel refused) and closed there, so no payment can arrive for
 * a cancelled order; when the gateway cannot be reached the order stays pending (503).
 */
export async function cancelOwnOrder(ctx: OrderCtx, userId: number, orderNo: string, payments: OrderPayments): Promise<OrderRow> {
  await expireOrders(ctx, payments, { userId, orderNo });
  const row = await findOwn(ctx.db, userId, orderNo);
  const refuse = (status: string) => {
    if (status === 'cancelled') return null;
    return conflict(`订单${ORDER_STATUS_LABELS[status as OrderStatus]}，不能取消`);
  };
  if (row.status !== 'pending') {
    const refusal = refuse(row.status);
    if (refusal) throw refusal;
    return toOrderView(row);
  }
  const provider = isOnlinePayType(row.payType) ? payments(row.payType) : null;
  if (provider && !provider.simulated) {
    const paid = await provider.queryPayment(orderNo);
    if (paid) {
      await settleGatewayPayment(ctx, paid);
      throw refuse('paid')!;
    }
    await provider.closePayment(orderNo);
  }
  const [cancelled] = await ctx.db
    .update(orders)
    .set({ status: 'cancelled' })
    .where(and(eq(orders.id, row.id), eq(orders.status, 'pending')))
    .returning();
  if (cancelled) return toOrderView(cancelled);
  const now = await findOwn(ctx.db, userId, orderNo);
  const refusal = refuse(now.status);
  if (refusal) throw refusal;
  return toOrderView(now);
}

export async function listOwnOrders(
  ctx: OrderCtx,
  userId: number,
  q: { page: number; pageSize: number; from?: Date; to?: Date; orderNo?: string },
  payments: OrderPayments,
): Promise<Page<OrderRow>> {
  await expireOrders(ctx, payments, { userId });
  const conditions: SQL[] = [eq(orders.userId, userId)];
  if (q.from) conditions.push(gte(orders.createdAt, q.from));
  if (q.to) conditions.push(lt(orders.createdAt, q.to));
  // orderNo is validated as letters and digits only, so it carries no LIKE wildcards.
  if (q.orderNo) conditions.push(like(orders.orderNo, `%${q.orderNo}%`));
  const order = [desc(orders.createdAt), desc(orders.id)];
  return paged(ctx.db, { from: orders, where: and(...conditions), orderBy: order }, q, toOrderView);
}

/**
 * Periodic sweep so expired orders show as such (and are closed at their gateway) even if nobody
 * reads them; one process at a time runs it.
 */
export function startExpirySweep(ctx: OrderCtx & Pick<AppContext, 'exclusive'>, payments: OrderPayments, log: Pick<Logger, 'error'>, everyMs = MINUTE): () => void {
  return startPeriodicJob(ctx.exclusive, { name: 'order-expiry', everyMs, run: () => expireOrders(ctx, payments) }, log);
}
