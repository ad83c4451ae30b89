/**
 * The account's own rights under the privacy policy (signed in):
 * POST /api/user/delete-account {verifyCode} (SMS code type 4 of the account's phone) deletes the
 * account at once (closure.ts), then closes its cancelled online orders at their gateways;
 * GET /api/user/data-export answers a copy of the account's data as a JSON file, streamed
 * (data-copy.ts), at most DATA_EXPORT_LIMIT times per DATA_EXPORT_WINDOW_SECONDS per account. Both are limited before
 * any work (the deletion like every SMS-code check: per address and per phone).
 * Also starts the hourly retention sweep (retention.ts).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/context.ts';
import { datedAttachment } from '../../http/download.ts';
import { ok } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { SMS_TYPES } from '../../../../common/domain.ts';
import { API_MESSAGES } from '../../http/messages.ts';
import { hitRateLimits } from '../../http/rate-limit.ts';
import type { OrderPayments } from '../order/index.ts';
import { smsCodeField, withSmsCode } from '../sms/index.ts';
import { limitCodeCheck } from '../user/index.ts';
import { closeAccount, closeDeletedAccountOrders, type ForgetAccount } from './closure.ts';
import { accountDataCopy } from './data-copy.ts';
import { startRetentionSweep } from './retention.ts';
import * as routes from '../../../../common/routes.ts';

const deleteBody = z.strictObject({ verifyCode: smsCodeField });

export interface AccountRoutesOptions {
  /** The gateway of each online pay type: a deleted account's pending online orders are closed there. */
  payments: OrderPayments;
  /** Has the audit log (admin module, which depends on this one) forget a deleted account's phone. */
  forgetInAudit: ForgetAccount;
}

export async function accountRoutes(app: FastifyInstance, { payments, forgetInAudit }: AccountRoutesOptions) {
  const { ctx } = app;
  const stopSweep = startRetentionSweep(ctx, app.log);
  app.addHook('onClose', async () => stopSweep());

  app.post(routes.userDeleteAccount.path, { preHandler: app.requireUser }, async (request) => {
    const { verifyCode } = parseInput(deleteBody, request.body);
    const user = currentUser(request);
    await limitCodeCheck(ctx, user.phone, request.ip);
    const check = { phone: user.phone, type: SMS_TYPES.DELETE_ACCOUNT, code: verifyCode, now: ctx.clock.now() };
    const closed = await withSmsCode(ctx.db, check, (tx) => closeAccount(ctx, tx, user.id, forgetInAudit));
    await closeDeletedAccountOrders(payments, closed, request.log);
    return ok({ plansStopped: closed.plansStopped, forfeited: closed.forfeited });
  });

  app.get(routes.userDataExport.path, { preHandler: app.requireUser }, async (request, reply) => {
    const user = currentUser(request);
    const { dataExportLimit: max, dataExportWindowSeconds: windowSeconds } = ctx.config;
    // Limited before any row is read; then streamed: written as its rows are read (bounded memory).
    await hitRateLimits(
      ctx.db,
      [{ bucket: 'data-export:account', key: String(user.id), max, windowSeconds, message: API_MESSAGES.limit.dataExport }],
      ctx.clock.now(),
    );
    const copy = Readable.from(accountDataCopy(ctx, user));
    return reply
      .header('Content-Disposition', datedAttachment('my-data', '我的数据', 'json', ctx.clock.now(), ctx.config.timeZone))
      .header('Cache-Control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(copy);
  });
}
