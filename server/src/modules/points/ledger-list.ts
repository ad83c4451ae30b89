/** A user's points ledger, newest first (the /recharge/integral-details page). */
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { LEDGER_KIND_LABELS, type LedgerKind } from '../../../../common/domain.ts';
import type { Executor } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import { perDay, type DayRange } from '../../db/per-day.ts';
import { pointsLedger } from './tables.ts';
import type { LedgerRow, Page } from '../../../../common/api-types.ts';

export const toLedgerRow = (r: typeof pointsLedger.$inferSelect): LedgerRow => ({
  id: r.id,
  delta: r.delta,
  balanceAfter: r.balanceAfter,
  kind: r.kind as LedgerKind,
  kindText: LEDGER_KIND_LABELS[r.kind as LedgerKind],
  remark: r.remark,
  createdAt: r.createdAt.toISOString(),
});

/** The rows booked under one reference (e.g. `plan:<id>`), oldest first. */
export async function ledgerOfReference(db: Executor, userId: number, reference: string): Promise<LedgerRow[]> {
  const rows = await db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reference, reference)))
    .orderBy(asc(pointsLedger.id));
  return rows.map(toLedgerRow);
}

export async function listLedger(
  db: Executor,
  userId: number,
  q: { page: number; pageSize: number; from?: Date; to?: Date },
): Promise<Page<LedgerRow>> {
  const conditions: SQL[] = [eq(pointsLedger.userId, userId)];
  if (q.from) conditions.push(gte(pointsLedger.createdAt, q.from));
  if (q.to) conditions.push(lt(pointsLedger.createdAt, q.to));
  const order = [desc(pointsLedger.createdAt), desc(pointsLedger.id)];
  return paged(db, { from: pointsLedger, where: and(...conditions), orderBy: order }, q, toLedgerRow);
}

/** Points charged for plans per business day, net of the refunds of stopped plans booked that day. */
export const pointsSpentOnPlansPerDay = (db: Executor, range: DayRange, timeZone: string) =>
  perDay(
    db,
    {
      from: pointsLedger,
      at: pointsLedger.createdAt,
      where: sql`${pointsLedger.kind} in ('plan_charge', 'plan_refund')`,
      value: sql`-sum(${pointsLedger.delta})`,
    },
    range,
    timeZone,
  );

/** Every ledger row of the user, oldest first (the data copy). */
export async function allLedgerOf(db: Executor, userId: number): Promise<LedgerRow[]> {
  const rows = await db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(asc(pointsLedger.id));
  return rows.map(toLedgerRow);
}
