/**
 * Sessions: the token is given to the client once and stored only as a SHA-256 hash. Sessions
 * last 7 days, sliding: each use pushes the expiry forward (written at most once an hour).
 */
import { and, count, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { DAY, HOUR, type Clock } from '../../lib/clock.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';

export const SESSION_TTL_MS = 7 * DAY;
const SLIDE_WRITE_INTERVAL_MS = HOUR;

export async function createSession(db: Executor, userId: number, clock: Clock): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

/** The user id behind a live token, or null (unknown, revoked or expired). */
export async function sessionUserId(db: Executor, token: string, clock: Clock): Promise<number | null> {
  const now = clock.now();
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!session) return null;
  const newExpiry = now.getTime() + SESSION_TTL_MS;
  if (newExpiry - session.expiresAt.getTime() > SLIDE_WRITE_INTERVAL_MS) {
    await db.update(sessions).set({ expiresAt: new Date(newExpiry) }).where(eq(sessions.id, session.id));
  }
  return session.userId;
}

export async function revokeSession(db: Executor, token: string, clock: Clock): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user (after a password reset), except `keepToken`'s when given. */
export async function revokeAllSessions(db: Executor, userId: number, now: Date, keepToken: string | null = null): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepToken ? ne(sessions.tokenHash, sha256(keepToken)) : undefined));
}

/** How many live sessions a user has and when the latest one began (ops user:show). */
export async function sessionSummary(db: Executor, userId: number, now: Date): Promise<{ live: number; lastLoginAt: Date | null }> {
  const [live] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  const [last] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.id)).limit(1);
  return { live: live!.n, lastLoginAt: last?.createdAt ?? null };
}
