/**
 * SMS verification codes: 6 digits, stored only as a SHA-256 hash, valid
 * 5 minutes. Limits are counted in the database (so several API processes agree): one send per
 * phone per 60 s whatever the type, 10 per phone per business day, and config.smsIpLimit send
 * attempts (hits and misses alike) per config.smsIpWindowSeconds per requester IP (IPv6: per /64). Sends for one
 * phone (and one IP) are serialised with transaction-scoped advisory locks, so concurrent requests
 * cannot slip past a limit. A gateway failure answers 503 and leaves no code behind.
 *
 * Checking a code (`withSmsCode`): only the latest code of the phone and type counts; a wrong code
 * counts an attempt (committed even though the request fails); after 5 wrong attempts the code is
 * void; expired or consumed codes are refused; success consumes it in the caller's transaction,
 * so a failing caller (e.g. duplicate phone) leaves the code unused.
 */
import { and, count, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { smsCodes, smsSendAttempts } from './tables.ts';
import { badRequest, conflict, serviceUnavailable, tooManyRequests } from '../../http/errors.ts';
import type { AppContext } from '../../http/context.ts';
import { smsSentTotal } from '../../http/metrics.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import { MINUTE } from '../../lib/clock.ts';
import { randomDigits, sha256 } from '../../lib/crypto.ts';
import { SMS_TYPES, type SmsType } from '../../../../common/domain.ts';
import { localDate, zonedInstant } from '../../../../common/zoned-time.ts';
import { SmsGatewayError, safeFailureReason } from './gateway-error.ts';
import type { SmsProvider } from './provider.ts';

export const SMS_CODE_TTL_MS = 5 * MINUTE;
export const SMS_RESEND_INTERVAL_MS = 60_000;
export const SMS_DAILY_LIMIT = 10;
export const SMS_MAX_ATTEMPTS = 5;

export const SMS_MESSAGES = {
  phoneRegistered: '该手机号已注册，请直接登录',
  phoneNotRegistered: '该手机号尚未注册',
  resendWait: (seconds: number) => `验证码发送太频繁，请 ${seconds} 秒后再试`,
  dailyLimit: `该手机号今日获取验证码已达 ${SMS_DAILY_LIMIT} 次上限，请明天再试`,
  ipLimit: (minutes: number) => `当前网络获取验证码过于频繁，请 ${minutes} 分钟后再试`,
  sendFailed: '短信发送失败，请稍后再试',
  noCode: '验证码无效或已过期，请重新获取',
  wrongCode: (left: number) => `验证码错误，还可尝试 ${left} 次`,
  codeVoid: '验证码错误次数过多，已失效，请重新获取',
} as const;

/** A code hash bound to its phone and type, so a leaked hash table reveals nothing reusable. */
const hashCode = (phone: string, type: number, code: string) => sha256(`${phone}:${type}:${code}`);

/** Serialises work on one key for the rest of the transaction (PostgreSQL and PGlite). */
export const lockKey = (tx: Tx, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);

export interface SendRequest {
  phone: string;
  type: SmsType;
  ip: string;
}

/** Whether a phone belongs to a registered user (the user module answers it). */
export type PhoneRegistered = (db: Executor, phone: string) => Promise<boolean>;

/** Where a send failure is reported (Fastify's request logger in routes). */
export interface SmsLog {
  warn(details: object, message: string): void;
}

/**
 * Counts one send attempt against the requester's address, or refuses it (429) when the address
 * has used up its window. Committed on its own, so the attempt stays counted whatever the send's
 * outcome: a refused phone or a failing gateway uses up the budget like a delivered code.
 */
async function countIpAttempt(ctx: AppContext, ip: string, now: Date): Promise<void> {
  const { smsIpLimit, smsIpWindowSeconds } = ctx.config;
  const windowStart = new Date(now.getTime() - smsIpWindowSeconds * 1000);
  await ctx.db.transaction(async (tx) => {
    await lockKey(tx, `sms:ip:${ip}`);
    await tx.delete(smsSendAttempts).where(and(eq(smsSendAttempts.requesterIp, ip), lte(smsSendAttempts.createdAt, windowStart)));
    const recent = await tx
      .select({ createdAt: smsSendAttempts.createdAt })
      .from(smsSendAttempts)
      .where(and(eq(smsSendAttempts.requesterIp, ip), gt(smsSendAttempts.createdAt, windowStart)))
      .orderBy(smsSendAttempts.createdAt);
    if (recent.length >= smsIpLimit) {
      // The window frees a slot when its oldest attempt leaves it.
      const oldest = recent[recent.length - smsIpLimit]!.createdAt.getTime();
      const waitMs = oldest + smsIpWindowSeconds * 1000 - now.getTime();
      throw tooManyRequests(SMS_MESSAGES.ipLimit(Math.max(1, Math.ceil(waitMs / MINUTE))), waitMs / 1000);
    }
    await tx.insert(smsSendAttempts).values({ requesterIp: ip, createdAt: now });
  });
}

/** The provider's send, bounded by config.smsSendTimeoutMs whatever the provider does. */
async function sendWithin(ctx: AppContext, sms: SmsProvider, message: { phone: string; type: SmsType; code: string }): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeoutMs = ctx.config.smsSendTimeoutMs;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SmsGatewayError(sms.name, `no answer within ${timeoutMs} ms (SMS_SEND_TIMEOUT_MS)`)), timeoutMs);
  });
  try {
    await Promise.race([sms.send(message), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Counts the attempt per IP, checks the phone's limits, stores the hashed code, then hands the code to the SMS provider. */
export async function sendSmsCode(
  ctx: AppContext,
  sms: SmsProvider,
  req: SendRequest,
  phoneRegistered: PhoneRegistered,
  log: SmsLog,
): Promise<void> {
  const { db, clock, config } = ctx;
  const now = clock.now();
  // Before anything about the phone, so probing which phones are registered is rate limited too.
  // Counted per client address, an IPv6 address by its /64 (a line may rotate through all of it).
  await countIpAttempt(ctx, clientAddressKey(req.ip), now);

  const code = randomDigits(6);
  const id = await db.transaction(async (tx) => {
    await lockKey(tx, `sms:phone:${req.phone}`);

    const [last] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(eq(smsCodes.phone, req.phone))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (last) {
      const waitMs = last.createdAt.getTime() + SMS_RESEND_INTERVAL_MS - now.getTime();
      if (waitMs > 0)
        throw tooManyRequests(SMS_MESSAGES.resendWait(Math.ceil(waitMs / 1000)), waitMs / 1000, { retryAfter: Math.ceil(waitMs / 1000) });
    }

    // "Per day" is the calendar day in the business time zone.
    const [today] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.phone, req.phone),
          gte(
            smsCodes.createdAt,
            sql`date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${config.timeZone}) at time zone ${config.timeZone}`,
          ),
        ),
      );
    if (today!.n >= SMS_DAILY_LIMIT) {
      const tomorrow = zonedInstant(localDate(now, config.timeZone), 1, 0, config.timeZone);
      throw tooManyRequests(SMS_MESSAGES.dailyLimit, (tomorrow.getTime() - now.getTime()) / 1000);
    }

    const registered = await phoneRegistered(tx, req.phone);
    if (req.type === SMS_TYPES.DEFAULT && registered) throw conflict(SMS_MESSAGES.phoneRegistered);
    if ((req.type === SMS_TYPES.PASSWORD || req.type === SMS_TYPES.DELETE_ACCOUNT) && !registered)
      throw badRequest(SMS_MESSAGES.phoneNotRegistered);

    const [row] = await tx
      .insert(smsCodes)
      .values({
        phone: req.phone,
        type: req.type,
        codeHash: hashCode(req.phone, req.type, code),
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
        requesterIp: req.ip,
        createdAt: now,
      })
      .returning({ id: smsCodes.id });
    return row!.id;
  });

  // The provider is called after commit (it may be slow or use its own connection). If it fails,
  // the code was never delivered: remove it, so it neither works nor holds the phone's resend
  // window or daily count.
  try {
    await sendWithin(ctx, sms, { phone: req.phone, type: req.type, code });
    smsSentTotal.inc({ provider: sms.name, result: 'sent' });
  } catch (error) {
    await db.delete(smsCodes).where(eq(smsCodes.id, id));
    smsSentTotal.inc({ provider: sms.name, result: 'failed' });
    const reason = error instanceof SmsGatewayError ? error.message : safeFailureReason(error, [code]);
    log.warn({ provider: sms.name, smsType: req.type, reason }, 'SMS code not sent: the gateway failed');
    throw serviceUnavailable(SMS_MESSAGES.sendFailed);
  }
}

export interface CodeCheck {
  phone: string;
  type: SmsType;
  code: string;
  now: Date;
}

/**
 * Checks `check.code` against the phone's latest code of its type in `tx` (locked): answers the
 * code's row when it matches; a wrong code counts an attempt, which the caller must commit.
 */
async function matchLatestCode(tx: Tx, check: CodeCheck) {
  const [latest] = await tx
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, check.phone), eq(smsCodes.type, check.type)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1)
    .for('update');
  if (!latest || latest.consumedAt || latest.expiresAt.getTime() <= check.now.getTime()) throw badRequest(SMS_MESSAGES.noCode);
  if (latest.attempts >= SMS_MAX_ATTEMPTS) throw badRequest(SMS_MESSAGES.codeVoid);
  if (latest.codeHash !== hashCode(check.phone, check.type, check.code)) {
    const attempts = latest.attempts + 1;
    await tx.update(smsCodes).set({ attempts }).where(eq(smsCodes.id, latest.id));
    return { wrong: true as const, left: SMS_MAX_ATTEMPTS - attempts };
  }
  return { wrong: false as const, id: latest.id };
}

const wrongCode = (left: number) => badRequest(left > 0 ? SMS_MESSAGES.wrongCode(left) : SMS_MESSAGES.codeVoid);

/**
 * Checks a code without consuming it, before work that costs (a password hash): a missing, expired,
 * void or wrong code is refused (400) as withSmsCode refuses it, a wrong one counting its attempt.
 * The code is still consumed by withSmsCode afterwards, with the work it guards.
 */
export async function checkSmsCode(db: Db, check: CodeCheck): Promise<void> {
  const outcome = await db.transaction((tx) => matchLatestCode(tx, check));
  if (outcome.wrong) throw wrongCode(outcome.left);
}

/**
 * Runs `work` in a transaction that consumes the phone's latest code of `type` when `code`
 * matches. Refuses (400) a missing, expired, consumed or void code; a wrong code counts an
 * attempt that stays counted. `work`'s failure rolls the consumption back with its own writes.
 */
export async function withSmsCode<T>(db: Db, check: CodeCheck, work: (tx: Tx) => Promise<T>): Promise<T> {
  const outcome = await db.transaction(async (tx) => {
    const matched = await matchLatestCode(tx, check);
    // Return instead of throwing so the counted attempt commits.
    if (matched.wrong) return matched;
    await tx.update(smsCodes).set({ consumedAt: check.now }).where(eq(smsCodes.id, matched.id));
    return { wrong: false as const, value: await work(tx) };
  });
  if (outcome.wrong) throw wrongCode(outcome.left);
  return outcome.value;
}
