/**
 * The session check in its earlier shape, kept as bench:plans's baseline (the API no longer does it
 * this way): the session, then its user, in two statements; the API reads both in one.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../src/db/client.ts';
import { sessions, users } from '../src/db/schema.ts';
import { sha256 } from '../src/lib/crypto.ts';

/** The user of a live token as the session check read it before: session first, then the user. */
export async function sessionUserBefore(db: Executor, token: string, now: Date) {
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!session) return null;
  const [user] = await db.select().from(users).where(eq(users.id, session.userId)).limit(1);
  return user && !user.disabledAt ? user : null;
}
