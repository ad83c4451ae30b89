/** A user's points ledger, newest first (the /recharge/integral-details page). */
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { LEDGER_KIND_LABELS, type LedgerKind } from '../../../../common/domain.ts';
import type { Executor } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import { pointsLedger } from '../../db/schema.ts';
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
