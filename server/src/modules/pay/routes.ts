import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/context.ts';
import { forbidden, ok } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { orderNoField } from '../order/input.ts';
import { getOwnOrder, payOrder } from '../order/orders.ts';
import { onlinePaymentProvider, sandboxProvider } from './providers.ts';

const params = z.strictObject({ orderNo: orderNoField() });

export async function payRoutes(app: FastifyInstance) {
  const { ctx } = app;

  /**
   * The sandbox cashier: the order's owner "pays". It goes through the sandbox's signed
   * notification and verifyNotification, then the same payOrder as a real gateway's notification.
   */
  app.post('/api/pay/sandbox/:orderNo/confirm', { preHandler: app.requireUser }, async (request) => {
    if (onlinePaymentProvider(ctx.config) !== sandboxProvider) throw forbidden('沙箱支付仅用于开发和测试环境，生产环境不可用');
    const { orderNo } = parseInput(params, request.params);
    const user = currentUser(request);
    const order = await getOwnOrder(ctx, user.id, orderNo); // 404 for anyone else's order
    const verified = await sandboxProvider.verifyNotification(sandboxProvider.notificationFor(order.orderNo, order.amount));
    const result = await payOrder(ctx, verified.orderNo, {
      paidAmount: verified.paidAmount,
      providerTradeNo: verified.providerTradeNo,
      ownerId: user.id,
    });
    return ok({ ...result.order, changed: result.changed, integral: result.integral });
  });
}
