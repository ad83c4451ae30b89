/**
 * The plan list in its earlier shape, kept as bench:plans's baseline (the API no longer does it this
 * way): the session check and the list page built with Drizzle's query builder on every request and
 * sent as unnamed statements, which PostgreSQL parses and plans each time. The API prepares both
 * once per database handle (src/db/prepared.ts). Same SQL, same answer.
 */
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../src/db/client.ts';
import { plans, sessions, users } from '../src/tables.ts';
import { sha256 } from '../src/lib/crypto.ts';
import { planFilterWhere, planPageQuery, toPlanRow, type PlanFilters } from '../src/modules/plan/index.ts';

/** The user of a live token, session and user in one statement built per call. */
export async function sessionUserBefore(db: Executor, token: string, now: Date) {
  const [found] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return found && !found.user.disabledAt ? found.user : null;
}

/** listPlans with its page statement built per call. */
export async function listPlansBefore(
  db: Executor,
  userId: number,
  q: PlanFilters & { page: number; pageSize: number },
  now: Date,
  timeZone: string,
) {
  const where = planFilterWhere(userId, q, now, timeZone);
  const rows = await planPageQuery(db, where, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  const total =
    rows.length > 0 ? rows[0]!.total : q.page === 1 ? 0 : Number((await db.select({ n: count() }).from(plans).where(where))[0]!.n);
  return { list: rows.map((r) => toPlanRow(r.plan, now, timeZone)), total, page: q.page, pageSize: q.pageSize };
}
