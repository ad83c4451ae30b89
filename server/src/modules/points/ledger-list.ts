/** A user's points ledger, newest first (the /recharge/integral-details page). */
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { LEDGER_KIND_LABELS, LEDGER_KINDS, type LedgerKind } from '../../../../common/domain.ts';
import type { Executor } from '../../db/client.ts';
import { inBatches, paged } from '../../db/paged.ts';
import { perDay, type DayRange } from '../../db/per-day.ts';
import { pointsLedger, pointsLedgerCounts } from './tables.ts';
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
    // Every kind named: a lookup of the (kind, reference) unique index, not a walk of the user's rows.
    .where(and(inArray(pointsLedger.kind, [...LEDGER_KINDS]), eq(pointsLedger.reference, reference), eq(pointsLedger.userId, userId)))
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
  // Walks points_ledger_user_time_idx: a page of a 60 000-row ledger reads its own rows only.
  const order = [desc(pointsLedger.createdAt), desc(pointsLedger.id)];
  const seek: [PgColumn, PgColumn] = [pointsLedger.createdAt, pointsLedger.id];
  // The whole ledger: its total is the kept count (a date range's is counted).
  const total = q.from || q.to ? undefined : () => ledgerRowCount(db, userId);
  return paged(db, { from: pointsLedger, where: and(...conditions), orderBy: order, seek, total }, q, toLedgerRow);
}

/** How many ledger rows the user has: the count the triggers keep (points_ledger_counts), not a count of the rows. */
export async function ledgerRowCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ rows: pointsLedgerCounts.rows }).from(pointsLedgerCounts).where(eq(pointsLedgerCounts.userId, userId));
  return row?.rows ?? 0;
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

/** Every ledger row of the user, oldest first, in batches (the data copy: bounded memory). */
export async function* ledgerOf(db: Executor, userId: number): AsyncGenerator<LedgerRow[]> {
  const key: [PgColumn, PgColumn] = [pointsLedger.createdAt, pointsLedger.id];
  for await (const rows of inBatches(db, pointsLedger, eq(pointsLedger.userId, userId), key)) yield rows.map(toLedgerRow);
}
