/**
 * Accounts: registration (SMS code type 1, optional invite code, round-robin operator),
 * password login with lockout (5 wrong passwords lock the phone 15 minutes, counted in the
 * users row), password reset (SMS code type 3), avatar, and the list of invited users.
 *
 * Cheap checks first: the per-address and per-phone limits (limits.ts), then everything a
 * database lookup answers, then the SMS code; only then a password hash (scrypt, 16 MiB, the
 * expensive part), so a flood of wrong codes or refused requests costs no hashing.
 */
import { and, count, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import { users, type UserRow } from './tables.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError, badRequest, conflict, forbidden, tooManyRequests } from '../../http/errors.ts';
import type { AuthResult, InvitedUser, Page, UserData } from '../../../../common/api-types.ts';
import { MINUTE } from '../../lib/clock.ts';
import { hashPassword, newInviteCode, newToken, verifyPassword } from '../../lib/crypto.ts';
import { defaultOperator, operatorIds } from '../operator/index.ts';
import { changePoints } from '../points/index.ts';
import { createSession, revokeAllSessions, type ClientInfo } from '../session/index.ts';
import { checkSmsCode, lockKey, withSmsCode } from '../sms/index.ts';
import { limitCodeCheck, limitSignIn } from './limits.ts';
import { effectiveMemberLevel, getUserData, maskPhone } from './membership.ts';
import { MEMBER_LEVEL_NAMES, SMS_TYPES } from '../../../../common/domain.ts';
import { PRIVACY_POLICY_VERSION } from '../../../../common/privacy.ts';

export const MAX_LOGIN_FAILURES = 5;
export const LOCK_MS = 15 * MINUTE;

export const USER_MESSAGES = {
  phoneTaken: '该手机号已注册，请直接登录',
  inviteUnknown: '邀请码不存在，请核对后再试',
  badCredentials: '手机号或密码错误',
  locked: (minutes: number) => `密码错误次数过多，账号已锁定，请 ${minutes} 分钟后再试`,
  phoneNotRegistered: '该手机号尚未注册',
  passwordChanged: '密码已修改成功',
  disabled: '该账号已被停用，请联系客服',
} as const;

async function nextOperatorId(tx: Tx): Promise<number | null> {
  // Serialise assignment so concurrent registrations still take turns.
  await lockKey(tx, 'user:operator-round-robin');
  const all = await operatorIds(tx);
  if (all.length === 0) return null;
  const [last] = await tx
    .select({ operatorId: users.operatorId })
    .from(users)
    .where(sql`${users.operatorId} is not null`)
    .orderBy(desc(users.id))
    .limit(1);
  const next = last ? all.find((id) => id > last.operatorId!) : undefined;
  return next ?? all[0]!;
}

async function freshInviteCode(db: Executor): Promise<string> {
  for (;;) {
    const code = newInviteCode();
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code)).limit(1);
    if (!taken) return code;
  }
}

export interface Registration {
  phone: string;
  password: string;
  verifyCode: string;
  inviteCode?: string;
}

export async function phoneRegistered(db: Executor, phone: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return Boolean(row);
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export async function findUserByPhone(db: Executor, phone: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return user ?? null;
}

/** Who invited the user (their phone) and how many users they invited (ops user:show). */
export async function inviteSummary(db: Executor, user: UserRow): Promise<{ inviterPhone: string | null; invited: number }> {
  const [inviter] = user.inviterId ? await db.select({ phone: users.phone }).from(users).where(eq(users.id, user.inviterId)) : [];
  const [invited] = await db.select({ n: count() }).from(users).where(eq(users.inviterId, user.id));
  return { inviterPhone: inviter?.phone ?? null, invited: invited!.n };
}

export async function register(ctx: AppContext, input: Registration, client: ClientInfo = {}): Promise<AuthResult> {
  const { db, clock } = ctx;
  await limitCodeCheck(ctx, input.phone, client.ip);
  if (await phoneRegistered(db, input.phone)) throw conflict(USER_MESSAGES.phoneTaken);
  let inviterId: number | null = null;
  if (input.inviteCode) {
    const [inviter] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, input.inviteCode.toUpperCase())).limit(1);
    if (!inviter) throw badRequest(USER_MESSAGES.inviteUnknown);
    inviterId = inviter.id;
  }
  const now = clock.now();
  // A concurrent registration of this phone may consume the code at any step: say what really happened.
  const takenMeanwhile = async (err: unknown) =>
    err instanceof AppError && err.statusCode === 400 && (await phoneRegistered(db, input.phone));
  // The code before the hash: a wrong code costs no scrypt (it is consumed below, with the insert).
  try {
    await checkSmsCode(db, { phone: input.phone, type: SMS_TYPES.DEFAULT, code: input.verifyCode, now });
  } catch (err) {
    if (await takenMeanwhile(err)) throw conflict(USER_MESSAGES.phoneTaken);
    throw err;
  }
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 1; ; attempt++) {
    try {
      return await withSmsCode(db, { phone: input.phone, type: SMS_TYPES.DEFAULT, code: input.verifyCode, now }, async (tx) => {
        const operatorId = await nextOperatorId(tx);
        const inviteCode = await freshInviteCode(tx);
        const [user] = await tx
          .insert(users)
          // The registration form cannot be sent without agreeing to the policy shown with it.
          .values({
            phone: input.phone,
            passwordHash,
            inviteCode,
            inviterId,
            operatorId,
            createdAt: now,
            privacyVersion: PRIVACY_POLICY_VERSION,
            privacyAgreedAt: now,
          })
          .returning();
        const token = await createSession(tx, user!.id, clock, client);
        return { token, user: await getUserData(tx, user!, now) };
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_phone_uq')) throw conflict(USER_MESSAGES.phoneTaken);
      if (await takenMeanwhile(err)) throw conflict(USER_MESSAGES.phoneTaken);
      // Two registrations drew the same fresh invite code: the code was not consumed, try again.
      if (isUniqueViolation(err, 'users_invite_code_uq') && attempt < 3) continue;
      throw err;
    }
  }
}

/**
 * An account ops make for a member of staff (the first admin, before anyone can sign in to the
 * console): no password anybody knows and no privacy consent yet. Its owner sets the password in
 * the app with 忘记密码 (an SMS code to that phone, which proves it is theirs and that the SMS
 * gateway works) and agrees to the policy at the first sign-in, like any user whose consent is missing.
 */
export async function createAccountWithoutPassword(db: Db, phone: string, now: Date): Promise<UserRow> {
  if (await phoneRegistered(db, phone)) throw conflict(USER_MESSAGES.phoneTaken);
  const passwordHash = await hashPassword(newToken());
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ phone, passwordHash, inviteCode: await freshInviteCode(tx), operatorId: await nextOperatorId(tx), createdAt: now })
        .returning();
      return user!;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_phone_uq')) throw conflict(USER_MESSAGES.phoneTaken);
    throw err;
  }
}

/** Spent on unknown phones so they take as long as a wrong password. */
let dummyHash: Promise<string> | null = null;

const minutesLeft = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));

/** Where a sign-in comes from; `devTools`: the client may use the development tools (the demo account). */
export type SignInClient = ClientInfo & { devTools?: boolean };

export async function passwordLogin(ctx: AppContext, phone: string, password: string, client: SignInClient = {}): Promise<AuthResult> {
  const { db, clock } = ctx;
  await limitSignIn(ctx, phone, client.ip);
  const now = clock.now();
  const found = await findUserByPhone(db, phone);
  // The demo account's password is public: only clients allowed the development tools may use it.
  const user = found && (found.phone !== DEMO_PHONE || client.devTools) ? found : null;
  if (!user) {
    dummyHash ??= hashPassword('not-a-password-0');
    await verifyPassword(password, await dummyHash);
    throw badRequest(USER_MESSAGES.badCredentials);
  }
  if (user.lockedUntil && user.lockedUntil > now)
    throw tooManyRequests(USER_MESSAGES.locked(minutesLeft(user.lockedUntil, now)), (user.lockedUntil.getTime() - now.getTime()) / 1000);

  if (!(await verifyPassword(password, user.passwordHash))) {
    // One atomic UPDATE counts the failure; the 5th locks the phone and restarts the count.
    const reached = sql`${users.loginFailures} + 1 >= ${MAX_LOGIN_FAILURES}`;
    const [after] = await db
      .update(users)
      .set({
        loginFailures: sql`case when ${reached} then 0 else ${users.loginFailures} + 1 end`,
        lockedUntil: sql`case when ${reached} then ${new Date(now.getTime() + LOCK_MS).toISOString()}::timestamptz else ${users.lockedUntil} end`,
      })
      .where(eq(users.id, user.id))
      .returning({ lockedUntil: users.lockedUntil });
    if (after?.lockedUntil && after.lockedUntil > now)
      throw tooManyRequests(
        USER_MESSAGES.locked(minutesLeft(after.lockedUntil, now)),
        (after.lockedUntil.getTime() - now.getTime()) / 1000,
      );
    throw badRequest(USER_MESSAGES.badCredentials);
  }

  // Only the right password learns that the account is disabled (others get the usual answer).
  if (user.disabledAt) throw forbidden(USER_MESSAGES.disabled);
  // Right password: reset the count and open the session in one transaction whose UPDATE locks the
  // row and finds it as it was read: the same phone and password, not deleted, not disabled, not
  // locked meanwhile. A deletion (注销), a disabling or a password change that committed while the
  // password was being checked makes it find nothing; one still running makes it wait, then find
  // nothing; one that starts after it ends its sessions, this one's included.
  const opened = await db.transaction(async (tx) => {
    const [unlocked] = await tx
      .update(users)
      .set({ loginFailures: 0, lockedUntil: null })
      .where(
        and(
          eq(users.id, user.id),
          eq(users.phone, phone),
          eq(users.passwordHash, user.passwordHash),
          isNull(users.deletedAt),
          isNull(users.disabledAt),
          or(isNull(users.lockedUntil), lte(users.lockedUntil, now)),
        ),
      )
      .returning();
    if (!unlocked) return null;
    return { token: await createSession(tx, user.id, clock, client), unlocked };
  });
  if (!opened) {
    const [current] = await db.select().from(users).where(eq(users.id, user.id));
    if (!current || current.deletedAt || current.phone !== phone || current.passwordHash !== user.passwordHash)
      throw badRequest(USER_MESSAGES.badCredentials);
    if (current.disabledAt) throw forbidden(USER_MESSAGES.disabled);
    throw tooManyRequests(USER_MESSAGES.locked(Math.ceil(LOCK_MS / MINUTE)), LOCK_MS / 1000);
  }
  return { token: opened.token, user: await getUserData(db, opened.unlocked, now) };
}

/**
 * Sets a new password after an SMS check (type 3). Every session of the user is revoked except
 * `keepToken` — the caller's own session when they change their password while logged in (the
 * app's modal closes and the user keeps working). A successful reset also lifts a login lock.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { phone: string; password: string; verifyCode: string },
  keepToken: string | null,
  client: ClientInfo = {},
): Promise<void> {
  const { db, clock } = ctx;
  await limitCodeCheck(ctx, input.phone, client.ip);
  const now = clock.now();
  const check = { phone: input.phone, type: SMS_TYPES.PASSWORD, code: input.verifyCode, now };
  // The code before the hash: a wrong code costs no scrypt.
  await checkSmsCode(db, check);
  const passwordHash = await hashPassword(input.password);
  await withSmsCode(db, check, async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, loginFailures: 0, lockedUntil: null })
      .where(and(eq(users.phone, input.phone), isNull(users.deletedAt)))
      .returning({ id: users.id, role: users.role });
    if (!user) throw badRequest(USER_MESSAGES.phoneNotRegistered);
    // A console account's password change ends every one of its sessions, the caller's too.
    await revokeAllSessions(tx, user.id, now, user.role ? null : keepToken);
  });
}

/** Records that the user agreed to the current privacy policy (asked again after it changed). */
export async function agreePrivacyPolicy(ctx: AppContext, user: UserRow, version: number): Promise<UserData> {
  if (version !== PRIVACY_POLICY_VERSION) throw badRequest('隐私政策已更新，请刷新页面后重新阅读');
  const [updated] = await ctx.db
    .update(users)
    .set({ privacyVersion: version, privacyAgreedAt: ctx.clock.now() })
    .where(eq(users.id, user.id))
    .returning();
  return getUserData(ctx.db, updated!, ctx.clock.now());
}

export async function updateAvatar(ctx: AppContext, user: UserRow, avatar: string): Promise<UserData> {
  const [updated] = await ctx.db.update(users).set({ avatar }).where(eq(users.id, user.id)).returning();
  return getUserData(ctx.db, updated!, ctx.clock.now());
}

export async function invitedUsers(
  ctx: AppContext,
  inviter: UserRow,
  paging: { page: number; pageSize: number },
): Promise<Page<InvitedUser>> {
  const now = ctx.clock.now();
  const order = [desc(users.createdAt), desc(users.id)];
  return paged(ctx.db, { from: users, where: eq(users.inviterId, inviter.id), orderBy: order }, paging, (r) => {
    const level = effectiveMemberLevel(r, now);
    return {
      id: r.id,
      phone: maskPhone(r.phone),
      createdAt: r.createdAt.toISOString(),
      memberLevel: level,
      memberLevelDesc: MEMBER_LEVEL_NAMES[level],
    };
  });
}

export const DEMO_PHONE = '13800138000';
export const DEMO_PASSWORD = 'demo12345';
const DEMO_POINTS = 10000;

/**
 * The demo account still open and signing in with the published demo password: a database that
 * was once started outside production (or an ops command run there without NODE_ENV=production)
 * holds it, and production must not serve it.
 */
export async function demoAccountOpen(db: Executor): Promise<boolean> {
  const [demo] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.phone, DEMO_PHONE), isNull(users.deletedAt)))
    .limit(1);
  return Boolean(demo?.passwordHash && (await verifyPassword(DEMO_PASSWORD, demo.passwordHash)));
}

/** Outside production: the demo account with 10000 points (once; false when it already exists). */
export async function seedDemoAccount(db: Db, now: Date): Promise<boolean> {
  if (await phoneRegistered(db, DEMO_PHONE)) return false;
  const operator = await defaultOperator(db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        phone: DEMO_PHONE,
        passwordHash,
        inviteCode: newInviteCode(),
        operatorId: operator?.id ?? null,
        createdAt: now,
        privacyVersion: PRIVACY_POLICY_VERSION,
        privacyAgreedAt: now,
      })
      .returning();
    await changePoints(tx, {
      userId: user!.id,
      delta: DEMO_POINTS,
      kind: 'adjust',
      reference: 'seed:demo',
      remark: '演示账号初始积分',
      at: now,
    });
  });
  return true;
}
