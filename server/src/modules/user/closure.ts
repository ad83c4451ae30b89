/**
 * The users row of a deleted account (注销): what identifies the person is replaced by
 * placeholders (phone, invite code, password, avatar) and the links to other accounts (who invited
 * whom) are cut; the row itself stays, since orders, plans and the ledger refer to its id. The
 * phone is free again, so it may register as a new account that inherits nothing.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users, type UserRow } from './tables.ts';

/** The phone column of a deleted account: unique, and never a valid phone (so nobody can sign in as it). */
export const deletedPhone = (userId: number) => `deleted-${userId}`;

/** Locks and answers a user row by id, deleted or not (null when there is none). */
export async function lockAccount(tx: Executor, userId: number): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

/** Locks and answers a live (not deleted) user row by id. */
export async function lockLiveUser(tx: Executor, userId: number): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row && !row.deletedAt ? row : null;
}

/**
 * Erases the person from the users row, in the caller's transaction. The balance (users.integral)
 * is not touched here: the caller forfeits it through the points ledger first. Membership and any
 * console role end with the account.
 */
export async function eraseUserIdentity(tx: Executor, userId: number, now: Date): Promise<UserRow> {
  const placeholder = deletedPhone(userId);
  // The invite relation is personal data of both sides: the accounts this one invited forget it.
  await tx.update(users).set({ inviterId: null }).where(eq(users.inviterId, userId));
  const [row] = await tx
    .update(users)
    .set({
      phone: placeholder,
      inviteCode: placeholder,
      // Not a hash of anything: no password verifies against it.
      passwordHash: '',
      avatar: null,
      inviterId: null,
      memberLevel: 1,
      memberDeadline: null,
      role: null,
      loginFailures: 0,
      lockedUntil: null,
      deletedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}
