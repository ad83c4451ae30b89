/**
 * Sessions: the token is given to the client once and stored only as a SHA-256 hash. Sessions
 * last 7 days, sliding: each use pushes the expiry forward. Each session also keeps the device it
 * was opened from (user agent, address) and when it was last used, for the user's device list;
 * use is written at most once every few minutes so that reads stay reads.
 *
 * A console session (of an account with a console role) is held shorter: it ends a fixed time after
 * sign-in whatever its use, and after a shorter time unused (`ConsoleSessionPolicy`); its use is
 * written every minute so the idle time is measured to the minute.
 *
 * Revocation takes the token, or only its SHA-256 hash: an app that could not reach the server at
 * logout keeps nothing but the hash (it cannot sign in) and sends it once back online.
 */
import { and, count, desc, eq, gt, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { sessions } from './tables.ts';
// A named exception (eslint.config.js): every signed-in request finds its session and user in one
// query joining users, rather than a second round trip through the user module.
import { users, type UserRow } from '../user/tables.ts';
import { DAY, HOUR, MINUTE, type Clock } from '../../lib/clock.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { describeUserAgent, type DeviceDescription } from './user-agent.ts';

export const SESSION_TTL_MS = 7 * DAY;
const SLIDE_WRITE_INTERVAL_MS = HOUR;
export const LAST_SEEN_WRITE_INTERVAL_MS = 5 * MINUTE;
const CONSOLE_LAST_SEEN_WRITE_INTERVAL_MS = MINUTE;

/** How long a session of an account with a console role may live: from sign-in, and unused. */
export interface ConsoleSessionPolicy {
  maxMs: number;
  idleMs: number;
}
const MAX_USER_AGENT = 400;
const MAX_DEVICES_LISTED = 50;

/** Where a request comes from: the device list shows it. */
export interface ClientInfo {
  userAgent?: string | null;
  ip?: string | null;
}

const clientColumns = (client: ClientInfo) => ({
  userAgent: (client.userAgent ?? '').slice(0, MAX_USER_AGENT),
  ip: (client.ip ?? '').slice(0, 64),
});

export async function createSession(db: Executor, userId: number, clock: Clock, client: ClientInfo = {}): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    lastSeenAt: now,
    ...clientColumns(client),
  });
  return token;
}

const live = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

/**
 * The user and session behind a live token, or null (unknown, revoked or expired), read in one
 * statement: every signed-in request asks this first, so it costs one round trip, not two.
 */
export async function liveSession(
  db: Executor,
  token: string,
  clock: Clock,
  client: ClientInfo = {},
  console?: ConsoleSessionPolicy,
): Promise<{ user: UserRow; sessionId: number } | null> {
  const now = clock.now();
  const [found] = await preparedOn(db, 'live_session', (on, name) =>
    on
      .select({
        session: { id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt },
        user: users,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare(name),
  ).execute({ tokenHash: sha256(token), now: now.toISOString() });
  if (!found) return null;
  const { session, user } = found;
  const staff = user.role !== null && console !== undefined;
  if (staff) {
    const lastUse = (session.lastSeenAt ?? session.createdAt).getTime();
    if (now.getTime() - session.createdAt.getTime() >= console.maxMs || now.getTime() - lastUse >= console.idleMs) {
      await endSessions(db, eq(sessions.id, session.id), now);
      return null;
    }
  }
  const newExpiry = now.getTime() + SESSION_TTL_MS;
  const slide = newExpiry - session.expiresAt.getTime() > SLIDE_WRITE_INTERVAL_MS;
  const writeEvery = staff ? CONSOLE_LAST_SEEN_WRITE_INTERVAL_MS : LAST_SEEN_WRITE_INTERVAL_MS;
  const seen = !session.lastSeenAt || now.getTime() - session.lastSeenAt.getTime() >= writeEvery;
  if (slide || seen) {
    await db
      .update(sessions)
      .set({
        ...(slide ? { expiresAt: new Date(newExpiry) } : {}),
        lastSeenAt: now,
        ...(client.ip ? { ip: clientColumns(client).ip } : {}),
      })
      .where(eq(sessions.id, session.id));
  }
  return { user, sessionId: session.id };
}

/** Ends the not yet revoked sessions matching `where`; answers how many ended. */
async function endSessions(db: Executor, where: SQL | undefined, at: Date): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(where, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Revokes the session of a token hash (hex SHA-256). Answers whether a live session ended. */
export async function revokeSessionByHash(db: Executor, tokenHash: string, clock: Clock): Promise<boolean> {
  return (await endSessions(db, eq(sessions.tokenHash, tokenHash.toLowerCase()), clock.now())) > 0;
}

export async function revokeSession(db: Executor, token: string, clock: Clock): Promise<void> {
  await revokeSessionByHash(db, sha256(token), clock);
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
  const [liveCount] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  const [last] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.id))
    .limit(1);
  return { live: liveCount!.n, lastLoginAt: last?.createdAt ?? null };
}

export interface DeviceSession extends DeviceDescription {
  id: number;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** The user's live sessions, most recently used first, the caller's own marked `current`. */
export async function listDevices(db: Executor, userId: number, currentSessionId: number, clock: Clock): Promise<DeviceSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live(clock.now())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(MAX_DEVICES_LISTED);
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Signs out one of the user's sessions; false when it is not theirs or already ended. */
export async function revokeDevice(db: Executor, userId: number, sessionId: number, clock: Clock): Promise<boolean> {
  return (await endSessions(db, and(eq(sessions.id, sessionId), eq(sessions.userId, userId)), clock.now())) > 0;
}

/** Signs out every session of the user but `keepSessionId`; answers how many ended. */
export function revokeOtherDevices(db: Executor, userId: number, keepSessionId: number, clock: Clock): Promise<number> {
  return endSessions(db, and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)), clock.now());
}

/** Ends every session of a deleted account and removes them with their addresses and devices. */
export async function forgetSessionsOf(db: Executor, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Removes the sign-in records (address, device, times) of sessions that ended before `before`,
 * by expiry or by sign-out; answers how many. Live sessions are never touched.
 */
export async function removeSessionsEndedBefore(db: Executor, before: Date): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
    .returning({ id: sessions.id });
  return removed.length;
}

/** Every sign-in of the user still on record (the data copy): newest first. */
export async function signInsOf(
  db: Executor,
  userId: number,
): Promise<Array<DeviceDescription & { ip: string; userAgent: string; createdAt: string; lastSeenAt: string | null; endsAt: string }>> {
  const rows = await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.id));
  return rows.map((row) => ({
    ...describeUserAgent(row.userAgent),
    userAgent: row.userAgent,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    endsAt: (row.revokedAt ?? row.expiresAt).toISOString(),
  }));
}
