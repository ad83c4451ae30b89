/**
 * The retention sweep: removes what is kept only for a while once its period (RETENTION_DAYS in
 * common/privacy.ts, the same figures the privacy policy and docs/privacy.md state) has passed:
 * ended sessions with their address and device, SMS codes, SMS send attempts, the development
 * outbox, stored Idempotency-Key answers, the rate limits' counters. Orders, plans and the ledger are accounting records and
 * are not swept. Hourly, on one process at a time (db/exclusive.ts).
 */
import { startPeriodicJob } from '../../db/exclusive.ts';
import type { AppContext } from '../../http/context.ts';
import { removeIdempotencyAnswersBefore } from '../../http/idempotency-retention.ts';
import { removeOldRateLimitCounters } from '../../http/rate-limit.ts';
import { DAY, HOUR } from '../../lib/clock.ts';
import type { LogSink } from '../../lib/logger.ts';
import { RETENTION_DAYS } from '../../../../common/privacy.ts';
import { removeSessionsEndedBefore } from '../session/index.ts';
import { removeOldSmsRecords } from '../sms/index.ts';

export const RETENTION_SWEEP_EVERY_MS = HOUR;

export interface RetentionSweepResult {
  sessions: number;
  smsCodes: number;
  smsSendAttempts: number;
  smsOutbox: number;
  idempotencyAnswers: number;
  rateLimitCounters: number;
}

/** One sweep at the clock's now; answers how many rows of each kind it removed. */
export async function sweepExpiredRecords(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<RetentionSweepResult> {
  const now = ctx.clock.now().getTime();
  const before = (days: number) => new Date(now - days * DAY);
  const sessions = await removeSessionsEndedBefore(ctx.db, before(RETENTION_DAYS.signIn));
  const sms = await removeOldSmsRecords(ctx.db, {
    codes: before(RETENTION_DAYS.smsCode),
    attempts: before(RETENTION_DAYS.smsSendAttempt),
    outbox: before(RETENTION_DAYS.smsOutbox),
  });
  const idempotencyAnswers = await removeIdempotencyAnswersBefore(ctx.db, before(RETENTION_DAYS.idempotency));
  const rateLimitCounters = await removeOldRateLimitCounters(ctx.db, before(RETENTION_DAYS.rateLimit));
  return { sessions, smsCodes: sms.codes, smsSendAttempts: sms.attempts, smsOutbox: sms.outbox, idempotencyAnswers, rateLimitCounters };
}

export function startRetentionSweep(
  ctx: Pick<AppContext, 'db' | 'clock' | 'exclusive'>,
  log: LogSink,
  everyMs = RETENTION_SWEEP_EVERY_MS,
): () => Promise<void> {
  return startPeriodicJob(ctx.exclusive, { name: 'retention-sweep', everyMs, run: () => sweepExpiredRecords(ctx) }, log);
}
