/**
 * /api/user/*: reg, pwd-login, reset-pwd (public), update-avatar, logout, user-data,
 * recommend/list (logged in); logout by token hash (public: the hash is the proof); the signed-in
 * devices with sign-out of one or all others (logged in). Answer shapes: common/api-types.ts.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { currentSessionId, currentUser } from '../../http/context.ts';
import { notFound, ok } from '../../http/errors.ts';
import { idField, msg, pagingShape, parseInput, phoneSchema } from '../../http/validate.ts';
import { smsCodeField } from '../sms/index.ts';
import { listDevices, revokeDevice, revokeOtherDevices, revokeSession, revokeSessionByHash } from '../session/index.ts';
import { AVATAR_PRESETS } from '../../../../common/domain.ts';
import { PASSWORD_PATTERN } from '../../../../common/account-rules.ts';
import { USER_MESSAGES, agreePrivacyPolicy, invitedUsers, passwordLogin, register, resetPassword, updateAvatar } from './accounts.ts';
import { getUserData } from './membership.ts';
import * as routes from '../../../../common/routes.ts';

const newPassword = z
  .string(msg('请输入密码'))
  .min(1, msg('请输入密码'))
  .regex(PASSWORD_PATTERN, msg('密码为8-32位，须同时包含字母和数字'));

const verifyCode = smsCodeField;

const regBody = z.strictObject({
  phone: phoneSchema,
  password: newPassword,
  verifyCode,
  inviteCode: z
    .string(msg('邀请码格式不正确'))
    .trim()
    .regex(/^[A-Za-z0-9]{0,16}$/, msg('邀请码格式不正确'))
    .optional(),
});

const loginBody = z.strictObject({
  phone: phoneSchema,
  // Any stored password is at most 32 characters; longer input cannot match.
  password: z.string(msg('请输入密码')).min(1, msg('请输入密码')).max(64, msg('密码长度不正确')),
});

const resetBody = z.strictObject({ phone: phoneSchema, password: newPassword, verifyCode });

const avatarBody = z.strictObject({ avatar: z.enum(AVATAR_PRESETS, msg('请选择提供的头像')) });

const listQuery = z.strictObject(pagingShape);

const tokenHashBody = z.strictObject({
  tokenHash: z.string(msg('缺少令牌摘要')).regex(/^[0-9a-fA-F]{64}$/, msg('令牌摘要格式不正确')),
});

const privacyBody = z.strictObject({ version: z.number(msg('缺少隐私政策版本')).int(msg('隐私政策版本不正确')) });

const deviceBody = z.strictObject({ id: idField('请选择设备') });

const clientOf = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] ?? '', ip: request.ip });

export async function userRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post(routes.userRegister.path, async (request) => {
    const body = parseInput(regBody, request.body);
    return ok(await register(ctx, { ...body, inviteCode: body.inviteCode || undefined }, clientOf(request)));
  });

  app.post(routes.userPwdLogin.path, async (request) => {
    const body = parseInput(loginBody, request.body);
    return ok(await passwordLogin(ctx, body.phone, body.password, { ...clientOf(request), devTools: app.devToolsAllowed(request) }));
  });

  app.post(routes.userResetPwd.path, { preHandler: app.optionalUser }, async (request) => {
    const body = parseInput(resetBody, request.body);
    // Keep the caller's own session when they change their own password while logged in.
    const keep = request.user && request.user.phone === body.phone ? request.token : null;
    await resetPassword(ctx, body, keep, clientOf(request));
    return { success: true as const, message: USER_MESSAGES.passwordChanged };
  });

  app.post(routes.userUpdateAvatar.path, { preHandler: app.requireUser }, async (request) => {
    const { avatar } = parseInput(avatarBody, request.body);
    return ok(await updateAvatar(ctx, currentUser(request), avatar));
  });

  // Idempotent: a missing or already dead token is fine (the app clears its session either way).
  app.post(routes.userLogout.path, { preHandler: app.optionalUser }, async (request) => {
    if (request.token) await revokeSession(ctx.db, request.token, ctx.clock);
    return ok({});
  });

  // A logout the app could not send at the time: only the token's SHA-256 was kept. Idempotent.
  app.post(routes.userLogoutHash.path, async (request) => {
    const { tokenHash } = parseInput(tokenHashBody, request.body);
    await revokeSessionByHash(ctx.db, tokenHash, ctx.clock);
    return ok({});
  });

  // Agreeing again to the privacy policy after it changed (registration records the first consent).
  app.post(routes.userPrivacyConsent.path, { preHandler: app.requireUser }, async (request) => {
    const { version } = parseInput(privacyBody, request.body);
    return ok(await agreePrivacyPolicy(ctx, currentUser(request), version));
  });

  app.get(routes.userDevices.path, { preHandler: app.requireUser }, async (request) => {
    return ok(await listDevices(ctx.db, currentUser(request).id, currentSessionId(request), ctx.clock));
  });

  app.post(routes.userDeviceLogout.path, { preHandler: app.requireUser }, async (request) => {
    const { id } = parseInput(deviceBody, request.body);
    if (!(await revokeDevice(ctx.db, currentUser(request).id, id, ctx.clock))) throw notFound('设备不存在或已退出');
    return ok({});
  });

  app.post(routes.userDevicesLogoutOthers.path, { preHandler: app.requireUser }, async (request) => {
    const count = await revokeOtherDevices(ctx.db, currentUser(request).id, currentSessionId(request), ctx.clock);
    return ok({ count });
  });

  app.get(routes.userData.path, { preHandler: app.requireUser }, async (request) => {
    // The app shows every date and time in the business time zone, whatever the device's zone.
    return ok({ ...(await getUserData(ctx.db, currentUser(request), ctx.clock.now())), timeZone: ctx.config.timeZone });
  });

  app.get(routes.userRecommendList.path, { preHandler: app.requireUser }, async (request) => {
    return ok(await invitedUsers(ctx, currentUser(request), parseInput(listQuery, request.query)));
  });
}
