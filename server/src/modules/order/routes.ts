import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/context.ts';
import { ok } from '../../http/errors.ts';
import { pagingShape, parseInput } from '../../http/validate.ts';
import { listLedger } from '../points/index.ts';
import { businessDayRange } from './date-range.ts';
import { checkedField, dateRangeShape, goodsIdField, orderNoField, payTypeField } from './input.ts';
import type { PayScene } from '../../../../common/api-types.ts';
import { cancelOwnOrder, createOrder, getOwnOrder, listOwnOrders } from './orders.ts';
import { startExpirySweep } from './settlement.ts';
import { withoutSimulated, type OrderPayments } from './payment.ts';
import { reconciliationState, startDailyReconciliation, type OnReconciledPayment } from './reconcile.ts';
import { reportReconciliation } from '../../http/metrics.ts';
import * as routes from '../../../../common/routes.ts';

const PAY_SCENES: readonly PayScene[] = ['qr', 'wap'];

const createBody = z.strictObject({
  goodsId: goodsIdField,
  payType: payTypeField,
  /** qr (default): a code to scan; wap: the gateway's phone cashier page. */
  scene: checkedField((v): v is PayScene => PAY_SCENES.includes(v as never), '支付场景必须是 qr 或 wap').optional(),
});
const cancelBody = z.strictObject({ orderNo: orderNoField() });

const LIST_TYPES = ['record', 'integral-details'] as const;
const listQuery = z.strictObject({
  type: checkedField((v): v is (typeof LIST_TYPES)[number] => LIST_TYPES.includes(v as never), '列表类型必须是 record 或 integral-details'),
  ...pagingShape,
  ...dateRangeShape,
  orderNo: orderNoField().optional(),
});

const detailQuery = z.strictObject({ orderNo: orderNoField() });

export interface OrderRoutesOptions {
  /** The gateway of each online pay type (null: not offered). */
  payments: OrderPayments;
  /** The audit row of a payment the daily reconciliation credits (the admin module writes it). */
  onReconciledPayment: OnReconciledPayment;
}

export async function orderRoutes(app: FastifyInstance, { payments, onReconciledPayment }: OrderRoutesOptions) {
  const { ctx } = app;
  // The sandbox is a development tool: offered only to clients allowed those (app.devToolsAllowed).
  const realPayments = withoutSimulated(payments);
  const paymentsFor = (request: FastifyRequest) => (app.devToolsAllowed(request) ? payments : realPayments);
  const stopSweep = startExpirySweep(ctx, payments, app.log);
  const stopReconciliation = startDailyReconciliation(ctx, payments, { onCredited: onReconciledPayment, log: app.log });
  reportReconciliation(() => reconciliationState(ctx, payments));
  app.addHook('onClose', async () => {
    await Promise.all([stopSweep(), stopReconciliation()]);
  });

  /**
   * Creates an order for goods on sale (or resumes the pending one for the same goods and pay
   * type) and answers how to pay it (a call added to the original API).
   */
  app.post(routes.orderCreate.path, { preHandler: app.requireUser, config: { idempotent: true } }, async (request) => {
    const input = parseInput(createBody, request.body);
    return ok(await createOrder(ctx, currentUser(request), input, paymentsFor(request)));
  });

  /** The owner cancels a pending order (closed at its gateway first). */
  app.post(routes.orderCancel.path, { preHandler: app.requireUser }, async (request) => {
    const { orderNo } = parseInput(cancelBody, request.body);
    return ok(await cancelOwnOrder(ctx, currentUser(request).id, orderNo, paymentsFor(request)));
  });

  /** type=record: the user's orders; type=integral-details: their points ledger. Newest first. */
  app.get(routes.orderList.path, { preHandler: app.requireUser }, async (request) => {
    const q = parseInput(listQuery, request.query);
    const userId = currentUser(request).id;
    const range = businessDayRange(q, ctx.config.timeZone);
    if (q.type === 'integral-details') {
      return ok(await listLedger(ctx.db, userId, { page: q.page, pageSize: q.pageSize, ...range }));
    }
    return ok(await listOwnOrders(ctx, userId, { page: q.page, pageSize: q.pageSize, orderNo: q.orderNo, ...range }, paymentsFor(request)));
  });

  /** One of the caller's orders (the app polls it while waiting for payment); 404 for others'. */
  app.get(routes.orderDetail.path, { preHandler: app.requireUser }, async (request) => {
    const { orderNo } = parseInput(detailQuery, request.query);
    return ok(await getOwnOrder(ctx, currentUser(request).id, orderNo, paymentsFor(request)));
  });
}
