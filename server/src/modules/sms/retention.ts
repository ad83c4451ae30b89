/**
 * What the sms module keeps about a phone or an address, and for how long: codes (hashed, with the
 * requesting address), send attempts per address and the development outbox are removed by age
 * (RETENTION_DAYS), and a deleted account's codes and outbox at once.
 */
import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { smsCodes, smsOutbox, smsSendAttempts } from './tables.ts';

/** Removes the codes and outbox rows of a phone (account deletion, in the caller's transaction). */
export async function forgetPhone(tx: Executor, phone: string): Promise<void> {
  await tx.delete(smsCodes).where(eq(smsCodes.phone, phone));
  await tx.delete(smsOutbox).where(eq(smsOutbox.phone, phone));
}

export interface SmsCutoffs {
  codes: Date;
  attempts: Date;
  outbox: Date;
}

/** Removes the rows created before each cutoff; answers how many of each. */
export async function removeOldSmsRecords(db: Executor, before: SmsCutoffs): Promise<{ codes: number; attempts: number; outbox: number }> {
  const codes = await db.delete(smsCodes).where(lt(smsCodes.createdAt, before.codes)).returning({ id: smsCodes.id });
  const attempts = await db
    .delete(smsSendAttempts)
    .where(lt(smsSendAttempts.createdAt, before.attempts))
    .returning({ id: smsSendAttempts.id });
  const outbox = await db.delete(smsOutbox).where(lt(smsOutbox.createdAt, before.outbox)).returning({ id: smsOutbox.id });
  return { codes: codes.length, attempts: attempts.length, outbox: outbox.length };
}
