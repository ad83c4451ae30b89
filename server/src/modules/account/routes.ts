/**
 * The account's own rights under the privacy policy (signed in):
 * POST /api/user/delete-account {verifyCode} (SMS code type 4 of the account's phone) deletes the
 * account at once (closure.ts); GET /api/user/data-export answers a copy of the account's data as
 * a JSON file. Also starts the hourly retention sweep (retention.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/context.ts';
import { datedAttachment } from '../../http/download.ts';
import { ok } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { SMS_TYPES } from '../../../../common/domain.ts';
import { smsCodeField, withSmsCode } from '../sms/index.ts';
import { closeAccount } from './closure.ts';
import { accountDataCopy } from './data-copy.ts';
import { startRetentionSweep } from './retention.ts';
import * as routes from '../../../../common/routes.ts';

const deleteBody = z.strictObject({ verifyCode: smsCodeField });

export async function accountRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const stopSweep = startRetentionSweep(ctx, app.log);
  app.addHook('onClose', async () => stopSweep());

  app.post(routes.userDeleteAccount.path, { preHandler: app.requireUser }, async (request) => {
    const { verifyCode } = parseInput(deleteBody, request.body);
    const user = currentUser(request);
    const check = { phone: user.phone, type: SMS_TYPES.DELETE_ACCOUNT, code: verifyCode, now: ctx.clock.now() };
    const closed = await withSmsCode(ctx.db, check, (tx) => closeAccount(ctx, tx, user.id));
    return ok({ plansStopped: closed.plansStopped, forfeited: closed.forfeited });
  });

  app.get(routes.userDataExport.path, { preHandler: app.requireUser }, async (request, reply) => {
    const copy = await accountDataCopy(ctx, currentUser(request));
    return reply
      .header('Content-Disposition', datedAttachment('my-data', '我的数据', 'json', ctx.clock.now(), ctx.config.timeZone))
      .header('Cache-Control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(copy, null, 2));
  });
}
