/**
 * Orders for goods (points packages and memberships). Amounts come from the goods price, never
 * from the client, and the goods are snapshotted. Paying is one transaction (pending -> paid by a
 * conditional UPDATE, then points credited or membership applied), so an order takes effect at
 * most once whatever is replayed or raced. Unpaid orders expire (lazily, and by a periodic sweep).
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, gte, like, lt, lte, type SQL } from 'drizzle-orm';
import {
  ORDER_STATUS_LABELS,
  PAY_TYPE_LABELS,
  PAY_TYPES,
  type OrderStatus,
  type PayType,
} from '../../../../common/domain.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import type { Logger } from '../../lib/logger.ts';
import { orders } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { OrderRow, Page, PayInstructions } from '../../../../common/api-types.ts';
import { MINUTE } from '../../lib/clock.ts';
import { findGoodsOnSale } from '../goods/index.ts';
import { collectAccountFor } from '../operator/index.ts';
import { changePoints } from '../points/index.ts';
import { applyMembershipPurchase, checkMembershipPurchase, findUserById } from '../user/index.ts';
import { compactDateTime } from './date-range.ts';
import type { PaymentStarter } from './payment.ts';

type OrderRecord = typeof orders.$inferSelect;
type OrderCtx = Pick<AppContext, 'db' | 'clock' | 'config'>;

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

const isOnline = (payType: number): payType is 1 | 2 => payType === PAY_TYPES.ALI_PAY || payType === PAY_TYPES.WX_PAY;

function expiryMinutes(config: OrderCtx['config'], payType: number): number {
  return isOnline(payType) ? config.orderExpireMinutes : config.collectOrderExpireMinutes;
}

/** How to pay a pending order: the online provider's instructions, or where to transfer the money. */
async function payInstructions(ctx: OrderCtx, row: OrderRecord, payments: PaymentStarter | null): Promise<PayInstructions> {
  if (isOnline(row.payType)) {
    if (!payments) throw conflict('在线支付暂未开通，请选择转账付款或联系客服');
    const created = await payments.createPayment({
      orderNo: row.orderNo,
      amount: row.amount,
      subject: row.goodsSnapshot.name,
      payType: row.payType,
      expiresAt: row.expiresAt,
    });
    return { kind: 'online', ...created };
  }
  const transferRemark = row.orderNo;
  if (row.payType === PAY_TYPES.CONTACT_STAFF) return { kind: 'staff', transferRemark };
  const user = await findUserById(ctx.db, row.userId);
  const account = await collectAccountFor(ctx.db, user?.operatorId);
  if (row.payType === PAY_TYPES.ALIPAY_COLLECT) return { kind: 'collect', transferRemark, alipayCollectQr: account.alipayCollectQr };
  if (row.payType === PAY_TYPES.WXPAY_COLLECT) return { kind: 'collect', transferRemark, wxpayCollectQr: account.wxpayCollectQr };
  return { kind: 'collect', transferRemark, bankAccount: account.bankAccount };
}

/** Date and time in the business zone plus 6 random digits: readable, sortable, unguessable enough. */
const newOrderNo = (now: Date, timeZone: string) => `${compactDateTime(now, timeZone)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

export async function createOrder(
  ctx: OrderCtx,
  userId: number,
  input: { goodsId: number; payType: PayType },
  payments: PaymentStarter | null,
): Promise<OrderRow> {
  const now = ctx.clock.now();
  const goodsItem = await findGoodsOnSale(ctx.db, input.goodsId);
  if (!goodsItem) throw badRequest('商品不存在或已下架');
  if (isOnline(input.payType) && !payments) {
    throw conflict('在线支付暂未开通，请选择转账付款或联系客服');
  }
  if (goodsItem.type === 'member') await checkMembershipPurchase(ctx.db, userId, goodsItem.level!, goodsItem.days!, now); // 409 on a downgrade
  const expiresAt = new Date(now.getTime() + expiryMinutes(ctx.config, input.payType) * MINUTE);
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await ctx.db
        .insert(orders)
        .values({
          orderNo: newOrderNo(now, ctx.config.timeZone),
          userId,
          goodsId: goodsItem.id,
          goodsSnapshot: goodsItem,
          type: goodsItem.type,
          amount: goodsItem.price,
          payType: input.payType,
          status: 'pending',
          createdAt: now,
          expiresAt,
        })
        .returning();
      return { ...toOrderView(row!), pay: await payInstructions(ctx, row!, payments) };
    } catch (err) {
      if (attempt < 4 && isUniqueViolation(err)) continue; // order number collision: draw again
      throw err;
    }
  }
}

/** Marks pending orders past their expiry as expired (all of them, or one user's, or one order). */
export async function expireDueOrders(db: Executor, now: Date, scope: { userId?: number; orderNo?: string } = {}): Promise<number> {
  const conditions: SQL[] = [eq(orders.status, 'pending'), lte(orders.expiresAt, now)];
  if (scope.userId !== undefined) conditions.push(eq(orders.userId, scope.userId));
  if (scope.orderNo !== undefined) conditions.push(eq(orders.orderNo, scope.orderNo));
  const rows = await db.update(orders).set({ status: 'expired' }).where(and(...conditions)).returning({ id: orders.id });
  return rows.length;
}

export interface PaymentEvidence {
  /** Fen actually received (from a verified provider notification); checked against the amount. */
  paidAmount?: number;
  providerTradeNo?: string;
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
  return ctx.db.transaction(async (tx) => {
    const [paid] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(orders.orderNo, orderNo), eq(orders.status, 'pending'), gt(orders.expiresAt, now), ...mine))
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
        remark: `购买${goodsItem.name}（订单 ${paid.orderNo}）`,
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

/** One of the user's orders (404 for anyone else's), with how to pay it while pending. */
export async function getOwnOrder(ctx: OrderCtx, userId: number, orderNo: string, payments: PaymentStarter | null): Promise<OrderRow> {
  await expireDueOrders(ctx.db, ctx.clock.now(), { userId, orderNo });
  const [row] = await ctx.db.select().from(orders).where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
  if (!row) throw notFound('订单不存在');
  const view = toOrderView(row);
  return row.status === 'pending' ? { ...view, pay: await payInstructions(ctx, row, payments).catch(() => undefined) } : view;
}

export async function listOwnOrders(
  ctx: OrderCtx,
  userId: number,
  q: { page: number; pageSize: number; from?: Date; to?: Date; orderNo?: string },
): Promise<Page<OrderRow>> {
  await expireDueOrders(ctx.db, ctx.clock.now(), { userId });
  const conditions: SQL[] = [eq(orders.userId, userId)];
  if (q.from) conditions.push(gte(orders.createdAt, q.from));
  if (q.to) conditions.push(lt(orders.createdAt, q.to));
  // orderNo is validated as letters and digits only, so it carries no LIKE wildcards.
  if (q.orderNo) conditions.push(like(orders.orderNo, `%${q.orderNo}%`));
  const order = [desc(orders.createdAt), desc(orders.id)];
  return paged(ctx.db, { from: orders, where: and(...conditions), orderBy: order }, q, toOrderView);
}

/** Periodic sweep so expired orders show as such even if nobody reads them. */
export function startExpirySweep(db: Db, clock: OrderCtx['clock'], log: Pick<Logger, 'error'>, everyMs = MINUTE): () => void {
  const timer = setInterval(() => {
    expireDueOrders(db, clock.now()).catch((err) => log.error({ err }, 'order expiry sweep failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

