/**
 * Placing and reading orders for goods (points packages and memberships): the pay types offered,
 * creating (or resuming) an order with how to pay it, a user's orders and cancelling one. Amounts
 * come from the goods price, never from the client, and the goods are snapshotted. Settling them
 * (paying once, expiry, what the gateways report) is settlement.ts.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, gte, isNull, like, lt, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_STATUS_LABELS,
  PAY_TYPE_CODES,
  PAY_TYPE_LABELS,
  PAY_TYPES,
  type OrderCancelReason,
  type OrderStatus,
  type PayType,
} from '../../../../common/domain.ts';
import type { OrderRow, Page, PayInstructions, PayScene } from '../../../../common/api-types.ts';
import type { Executor } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { MINUTE } from '../../lib/clock.ts';
import { currentLog } from '../../lib/logger.ts';
import { findGoodsOnSale } from '../goods/index.ts';
import { cachedCollectAccountFor, collectAccountFor, collectDetailFor, type CollectAccount } from '../operator/index.ts';
import { checkMembershipPurchase, findUserById } from '../user/index.ts';
import { compactDateTime } from './date-range.ts';
import { isOnlinePayType, type OrderPayments } from './payment.ts';
import { expireOrders, settleGatewayPayment, settleIfPaidAtGateway } from './settlement.ts';
import { orders, type GoodsSnapshot } from './tables.ts';
import { toOrderView, type OrderCtx, type OrderRecord } from './view.ts';

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
  const collect = account ?? (await collectAccountOfUser(ctx.db, row.userId));
  const detail = collectDetailFor(collect, row.payType);
  const payee = collect.collectPayee ? { payee: collect.collectPayee } : {};
  if (row.payType === PAY_TYPES.ALIPAY_COLLECT) return { kind: 'collect', transferRemark, alipayCollectQr: detail, ...payee };
  if (row.payType === PAY_TYPES.WXPAY_COLLECT) return { kind: 'collect', transferRemark, wxpayCollectQr: detail, ...payee };
  return { kind: 'collect', transferRemark, bankAccount: detail, ...payee };
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
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.goodsId, goodsItem.id),
          eq(orders.payType, payType),
          eq(orders.amount, goodsItem.price),
          eq(orders.status, 'pending'),
          gt(orders.expiresAt, now),
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(1);
    if (pending) return pending;
    for (let attempt = 0; ; attempt++) {
      const orderNo = newOrderNo(now, ctx.config.timeZone);
      const [taken] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
      if (taken && attempt < 4) continue; // order number collision: draw again
      const [row] = await tx
        .insert(orders)
        .values({
          orderNo,
          userId,
          goodsId: goodsItem.id,
          goodsSnapshot: goodsItem,
          type: goodsItem.type,
          amount: goodsItem.price,
          payType,
          status: 'pending',
          createdAt: now,
          expiresAt,
        })
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
  if (!payTypesWith(account, payments).includes(input.payType))
    throw badRequest(`${PAY_TYPE_LABELS[input.payType]}暂未开通，请选择其他支付方式`);
  const goodsItem = await findGoodsOnSale(ctx.db, input.goodsId);
  if (!goodsItem) throw badRequest('商品不存在或已下架');
  if (goodsItem.type === 'member') await checkMembershipPurchase(ctx.db, userId, goodsItem.level!, goodsItem.days!, now); // 409 on a downgrade
  await expireOrders(ctx, payments, { userId });
  const row = await pendingOrNewOrder(ctx, userId, goodsItem, input.payType, now);
  try {
    return { ...toOrderView(row), pay: await payInstructions(ctx, payments, row, input.scene ?? 'qr', account) };
  } catch (err) {
    // The answer stays the gateway's 503 (or whatever failed), even if the cancel fails too (the database down).
    await cancelUnpayable(ctx, payments, row).catch((cancelErr) =>
      currentLog().error({ err: cancelErr, orderNo: row.orderNo }, 'payment: cancelling an order whose payment failed failed'),
    );
    throw err;
  }
}

/**
 * An online order whose payment the gateway did not create (it refused, failed or never answered)
 * is cancelled with the reason gateway_failed, so neither its owner's list nor the console shows a
 * 待支付 order that nobody can pay. Only an order without a stored payment: one that already has
 * its QR code stays payable and pending. Nobody saw a QR code, so nobody can have paid; should the
 * gateway have created the trade after all (an answer lost to the timeout), it is closed there in
 * the background, and a payment that still arrived would be booked (payOrder accepts a gateway's
 * payment of a cancelled order).
 */
async function cancelUnpayable(ctx: OrderCtx, payments: OrderPayments, row: OrderRecord): Promise<void> {
  if (!isOnlinePayType(row.payType) || row.payment) return;
  const [cancelled] = await ctx.db
    .update(orders)
    .set({ status: 'cancelled', cancelReason: 'gateway_failed' satisfies OrderCancelReason })
    .where(and(eq(orders.id, row.id), eq(orders.status, 'pending'), isNull(orders.payment)))
    .returning({ orderNo: orders.orderNo });
  const provider = payments(row.payType);
  if (!cancelled || !provider || provider.simulated) return;
  const log = currentLog();
  provider
    .closePayment(row.orderNo)
    .catch((err) => log.warn({ err, orderNo: row.orderNo }, 'payment: closing an order cancelled for its gateway failure failed'));
}

const findOwn = async (db: Executor, userId: number, orderNo: string) => {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
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
