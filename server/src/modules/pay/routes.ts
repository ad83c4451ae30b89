import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/context.ts';
import { forbidden, notFound, ok } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { getOwnOrder, orderNoField, payOrder } from '../order/index.ts';
import { paymentsTotal } from '../../http/metrics.ts';
import { onlinePaymentProvider, sandboxProvider } from './providers.ts';

const params = z.strictObject({ orderNo: orderNoField() });

/** Runs a payment and counts its result for /metrics: paid, duplicate (a replay) or failed. */
async function countedPayment<R extends { changed: boolean }>(provider: string, pay: () => Promise<R>): Promise<R> {
  try {
    const result = await pay();
    paymentsTotal.inc({ provider, result: result.changed ? 'paid' : 'duplicate' });
    return result;
  } catch (err) {
    paymentsTotal.inc({ provider, result: 'failed' });
    throw err;
  }
}

export async function payRoutes(app: FastifyInstance) {
  const { ctx } = app;

  /**
   * The sandbox cashier: the order's owner "pays". It goes through the sandbox's signed
   * notification and verifyNotification, then the same payOrder as a real gateway's notification.
   */
  app.post('/api/pay/sandbox/:orderNo/confirm', { preHandler: app.requireUser, config: { idempotent: true } }, async (request) => {
    if (onlinePaymentProvider(ctx.config) !== sandboxProvider) throw forbidden('沙箱支付仅用于开发和测试环境，生产环境不可用');
    const { orderNo } = parseInput(params, request.params);
    const user = currentUser(request);
    const order = await getOwnOrder(ctx, user.id, orderNo, sandboxProvider); // 404 for anyone else's order
    const result = await countedPayment(sandboxProvider.name, async () => {
      const verified = await sandboxProvider.verifyNotification(sandboxProvider.notificationFor(order.orderNo, order.amount));
      return payOrder(ctx, verified.orderNo, {
        paidAmount: verified.paidAmount,
        providerTradeNo: verified.providerTradeNo,
        ownerId: user.id,
      });
    });
    return ok({ ...result.order, changed: result.changed, integral: result.integral });
  });

  /**
   * Asynchronous payment notifications of the configured provider (what Alipay / WeChat Pay call
   * after a payment). Verified by the provider, then the same payOrder: a replay changes nothing
   * and is acknowledged, so the gateway stops retrying.
   */
  app.post('/api/pay/notify/:provider', async (request, reply) => {
    const provider = onlinePaymentProvider(ctx.config);
    const { provider: name } = request.params as { provider: string };
    if (!provider || provider.name !== name) throw notFound('支付渠道不存在');
    await countedPayment(provider.name, async () => {
      const verified = await provider.verifyNotification({ headers: request.headers, body: request.body });
      return payOrder(ctx, verified.orderNo, { paidAmount: verified.paidAmount, providerTradeNo: verified.providerTradeNo });
    });
    return reply.type('text/plain').send(provider.notificationAck);
  });
}
