import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PayTypeOption } from '../../../../common/api-types.ts';
import { PAY_TYPE_LABELS } from '../../../../common/domain.ts';
import { currentUser } from '../../http/context.ts';
import { AppError, forbidden, ok } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { prepareAnswer, sendPrepared, type PreparedAnswer } from '../../http/prepared-answer.ts';
import {
  getOwnOrder,
  isOnlinePayType,
  listedPayTypes,
  orderNoField,
  payOrder,
  settleGatewayPayment,
  withoutSimulated,
} from '../order/index.ts';
import { paymentsTotal } from '../../http/metrics.ts';
import { RejectedNotification, type PaymentProvider } from './provider.ts';
import { NOTIFY_PATHS, sandboxProvider, type PaymentGateways } from './providers.ts';
import * as routes from '../../../../common/routes.ts';

const params = z.strictObject({ orderNo: orderNoField() });

/** Runs a payment and counts its result for /metrics: paid, duplicate (a replay), held (a deleted account's: a refund to make) or failed. */
async function countedPayment<R extends { changed: boolean; held?: boolean }>(provider: string, pay: () => Promise<R>): Promise<R> {
  try {
    const result = await pay();
    paymentsTotal.inc({ provider, result: result.held ? 'held' : result.changed ? 'paid' : 'duplicate' });
    return result;
  } catch (err) {
    paymentsTotal.inc({ provider, result: 'failed' });
    throw err;
  }
}

/**
 * Handles a gateway's notification: verified by its provider, then booked by the same payOrder as
 * everything else, so a replay changes nothing and is acknowledged (the gateway stops retrying).
 * Anything not genuine, not ours, for an unknown order or of the wrong amount credits nothing and
 * is logged; the gateway is told it failed.
 */
async function handleNotification(
  app: FastifyInstance,
  request: FastifyRequest,
  provider: PaymentProvider,
  answer: { ok: (reply: FastifyReply) => FastifyReply; fail: (reply: FastifyReply) => FastifyReply },
  reply: FastifyReply,
) {
  try {
    const payment = await provider.verifyNotification({ headers: request.headers, body: request.body });
    if (payment) {
      const result = await countedPayment(provider.name, () => settleGatewayPayment(app.ctx, payment));
      if (result.held)
        request.log.warn(
          { orderNo: payment.orderNo },
          `${provider.name} notification: paid for a deleted account, held as a refund to make`,
        );
      else request.log.info({ orderNo: payment.orderNo, changed: result.changed }, `${provider.name} notification: order paid`);
    }
    return answer.ok(reply);
  } catch (err) {
    if (err instanceof RejectedNotification || err instanceof AppError) {
      request.log.warn({ reason: err.message }, `${provider.name} notification refused, nothing credited`);
      return answer.fail(reply);
    }
    throw err;
  }
}

export interface PayRoutesOptions {
  /** The payment gateways (outside services, built from the settings by modules/index.ts). */
  gateways: PaymentGateways;
}

export async function payRoutes(app: FastifyInstance, { gateways }: PayRoutesOptions) {
  const { ctx } = app;
  const payments = gateways.forPayType;
  // The sandbox is a development tool: offered only to clients allowed those (app.devToolsAllowed).
  const realPayments = withoutSimulated(payments);
  const paymentsFor = (request: FastifyRequest) => (app.devToolsAllowed(request) ? payments : realPayments);

  // One prepared answer per set of pay types (a handful of combinations).
  const payTypeAnswers = new Map<string, PreparedAnswer>();
  /**
   * Which pay types the caller is offered (visitors: those of the default operator). Signed-in
   * callers may be offered others (their operator's accounts): their answer is `private`, and
   * `Vary: t-token` keeps any cache from answering one caller with another's list.
   */
  app.get(routes.payTypes.path, { preHandler: app.optionalUser }, async (request, reply) => {
    const payTypes = await listedPayTypes(ctx.db, request.user?.operatorId ?? null, paymentsFor(request));
    const key = payTypes.join(',');
    let answer = payTypeAnswers.get(key);
    if (!answer)
      payTypeAnswers.set(
        key,
        (answer = prepareAnswer(payTypes.map((payType): PayTypeOption => ({ payType, payTypeText: PAY_TYPE_LABELS[payType] })))),
      );
    return sendPrepared(request, reply.header('vary', 't-token'), answer, request.user ? 'private' : 'public');
  });

  /**
   * The sandbox cashier: the order's owner "pays" an online order the sandbox handles. It goes
   * through the sandbox's signed notification and verifyNotification, then the same payOrder as
   * a real gateway's notification. Transfers and contact-staff orders are confirmed by staff only.
   */
  app.post(routes.paySandboxConfirm.path, { preHandler: app.requireUser, config: { idempotent: true } }, async (request) => {
    const { orderNo } = parseInput(params, request.params);
    const user = currentUser(request);
    const order = await getOwnOrder(ctx, user.id, orderNo, paymentsFor(request)); // 404 for anyone else's order
    if (!isOnlinePayType(order.payType)) throw forbidden('转账和联系客服的订单由客服确认收款，不能在沙箱支付');
    if (paymentsFor(request)(order.payType) !== sandboxProvider) throw forbidden('沙箱支付仅用于开发和测试环境，生产环境不可用');
    const verified = await sandboxProvider.verifyNotification(sandboxProvider.notificationFor(order.orderNo, order.amount));
    const result = await countedPayment(sandboxProvider.name, () =>
      payOrder(ctx, verified!.orderNo, {
        paidAmount: verified!.paidAmount,
        providerTradeNo: verified!.providerTradeNo,
        ownerId: user.id,
      }),
    );
    return ok({ ...result.order, changed: result.changed, integral: result.integral });
  });

  /** Alipay's asynchronous notification: a form body, RSA2-signed; answered with the plain text Alipay expects. */
  await app.register(async (scope) => {
    await scope.register(formbody);
    scope.post(NOTIFY_PATHS.alipay, async (request, reply) => {
      const provider = gateways.alipay;
      const text = (body: string) => (r: FastifyReply) => r.type('text/plain').send(body);
      if (!provider) return text('fail')(reply.status(404));
      return handleNotification(app, request, provider, { ok: text('success'), fail: text('fail') }, reply);
    });
  });

  /** WeChat Pay's notification: its signature covers the raw body, so the JSON is kept as text here. */
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(NOTIFY_PATHS.wechat, async (request, reply) => {
      const provider = gateways.wechat;
      const fail = (r: FastifyReply) => r.status(r.statusCode === 404 ? 404 : 400).send({ code: 'FAIL', message: '失败' });
      if (!provider) return fail(reply.status(404));
      return handleNotification(app, request, provider, { ok: (r) => r.status(204).send(), fail }, reply);
    });
  });
}
