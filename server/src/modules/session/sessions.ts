/**
 * Sessions: the token is given to the client once and stored only as a SHA-256 hash. Sessions
 * last 7 days, sliding: each use pushes the expiry forward (written at most once an hour).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { DAY, HOUR, type Clock } from '../../lib/clock.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';

export const SESSION_TTL_MS = 7 * DAY;
const SLIDE_WRITE_INTERVAL_MS = HOUR;

export type UserRow = typeof users.$inferSelect;

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

/** The user behind a live token, or null (unknown, revoked or expired). */
export async function resolveSession(db: Executor, token: string, clock: Clock): Promise<UserRow | null> {
  const now = clock.now();
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const newExpiry = now.getTime() + SESSION_TTL_MS;
  if (newExpiry - row.session.expiresAt.getTime() > SLIDE_WRITE_INTERVAL_MS) {
    await db.update(sessions).set({ expiresAt: new Date(newExpiry) }).where(eq(sessions.id, row.session.id));
  }
  return row.user;
}

export async function revokeSession(db: Executor, token: string, clock: Clock): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user (after a password reset). */
export async function revokeAllSessions(db: Executor, userId: number, clock: Clock): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
