/**
 * The plan list in its earlier shape, kept as bench:plans's baseline (the API no longer runs it):
 * one statement that reads the page from the table, the rows skipped by the offset and refused
 * by a filter included, with a count of every matching row beside it.
 */
import { count, desc, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../src/db/client.ts';
import { plans } from '../src/db/schema.ts';
import { planFilterWhere, toPlanRow, type PlanFilters } from '../src/modules/plan/index.ts';

export function planPageQueryBefore(db: Executor, where: SQL, q: { page: number; pageSize: number }) {
  return db
    .select({ plan: plans, total: sql<number>`(select count(*)::int from ${plans} where ${where})` })
    .from(plans)
    .where(where)
    .orderBy(desc(plans.createdAt), desc(plans.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}

export async function listPlansBefore(db: Executor, userId: number, q: PlanFilters & { page: number; pageSize: number }, now: Date, timeZone: string) {
  const where = planFilterWhere(userId, q, now, timeZone);
  const rows = await planPageQueryBefore(db, where, q);
  const total = rows.length > 0 ? rows[0]!.total : (await db.select({ n: count() }).from(plans).where(where))[0]!.n;
  return { list: rows.map((r) => toPlanRow(r.plan, now, timeZone)), total, page: q.page, pageSize: q.pageSize };
}
