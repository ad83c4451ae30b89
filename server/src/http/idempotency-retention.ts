/**
 * Retention of the stored Idempotency-Key answers (they may hold a user's data): removed by age,
 * and at once for a deleted account. Apart from idempotency.ts so that the account module deletes
 * rows without importing the request machinery.
 */
import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { idempotencyKeys } from '../db/tables.ts';

/** Removes answers stored before `before`; answers how many. */
export async function removeIdempotencyAnswersBefore(db: Executor, before: Date): Promise<number> {
  const removed = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).returning({ key: idempotencyKeys.key });
  return removed.length;
}

/** Removes every stored answer of one user (account deletion). */
export async function forgetIdempotencyAnswersOf(db: Executor, userId: number): Promise<void> {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
}
