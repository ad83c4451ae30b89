/**
 * POST /api/user/send-sms-code {phone, type} -> {} (type 1: registration, phone must be new;
 * type 3: password reset/change, type 4: account deletion, phone must be registered), and, for
 * clients allowed the development tools only (never in production; with NODE_ENV unset, clients on
 * this machine only), GET /api/dev/sms-outbox?phone= -> the latest code the console provider "sent".
 */
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { smsOutbox } from './tables.ts';
import { notFound, ok } from '../../http/errors.ts';
import { msg, parseInput, phoneSchema } from '../../http/validate.ts';
import { SMS_TYPES } from '../../../../common/domain.ts';
import { sendSmsCode, type PhoneRegistered } from './codes.ts';
import type { SmsProvider } from './provider.ts';
import * as routes from '../../../../common/routes.ts';

const sendBody = z.strictObject({
  phone: phoneSchema,
  type: z.union(
    [z.literal(SMS_TYPES.DEFAULT), z.literal(SMS_TYPES.PASSWORD), z.literal(SMS_TYPES.DELETE_ACCOUNT)],
    msg('验证码类型不正确（1 为注册，3 为修改密码，4 为注销账号）'),
  ),
});

/** A code the user typed: checked for shape here, against the stored hash by withSmsCode. */
export const smsCodeField = z
  .string(msg('请输入短信验证码'))
  .min(1, msg('请输入短信验证码'))
  .regex(/^\d{4,6}$/, msg('验证码格式不正确'));

const outboxQuery = z.strictObject({ phone: phoneSchema });

export interface SmsRoutesOptions {
  /** Where the codes go (an outside service, built from the settings by modules/index.ts). */
  provider: SmsProvider;
  phoneRegistered: PhoneRegistered;
}

export async function smsRoutes(app: FastifyInstance, { provider, phoneRegistered }: SmsRoutesOptions) {
  app.post(routes.userSendSmsCode.path, async (request) => {
    const body = parseInput(sendBody, request.body);
    await sendSmsCode(app.ctx, provider, { phone: body.phone, type: body.type, ip: request.ip || 'unknown' }, phoneRegistered, request.log);
    return ok({});
  });

  if (app.ctx.config.nodeEnv !== 'production') {
    app.get(routes.devSmsOutbox.path, async (request, reply) => {
      // Anyone else is answered as if the route did not exist.
      if (!app.devToolsAllowed(request)) return reply.callNotFound();
      const { phone } = parseInput(outboxQuery, request.query);
      const [latest] = await app.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
      if (!latest) throw notFound('该手机号暂无验证码');
      return ok({ phone: latest.phone, type: latest.type, code: latest.code, createdAt: latest.createdAt.toISOString() });
    });
  }
}
