/**
 * The points invariants `ops verify` checks: every balance equals the sum of its ledger and is
 * never negative, and the kept count of its rows (the list's total) is theirs. Other modules check their own bookings against bookingsOf / bookingPages.
 * Everything is read in batches (keyset pages), so memory stays bounded whatever the database holds.
 */
import { and, asc, eq, gt, like, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pointsLedger, pointsLedgerCounts } from './tables.ts';
// A named exception (eslint.config.js): the balance this check compares with the ledger is users.integral.
import { users } from '../user/tables.ts';
import type { LedgerKind } from '../../../../common/domain.ts';

/** Something that does not add up, on one account; the message says what, with the amounts. */
export interface MoneyFinding {
  userId: number;
  message: string;
}

/** Rows per query of the checks: what memory holds at once. */
export const VERIFY_BATCH = 2000;

/** Balances that differ from their ledger's sum, and negative ones, account by account in id batches. */
export async function* balanceFindings(db: Executor, batchSize = VERIFY_BATCH): AsyncGenerator<MoneyFinding> {
  let after = 0;
  for (;;) {
    const ids = await db.select({ id: users.id }).from(users).where(gt(users.id, after)).orderBy(asc(users.id)).limit(batchSize);
    if (ids.length === 0) return;
    const last = ids.at(-1)!.id;
    const ledger = db
      .select({
        userId: pointsLedger.userId,
        total: sql<string>`sum(${pointsLedger.delta})`.as('total'),
        entries: sql<string>`count(*)`.as('entries'),
      })
      .from(pointsLedger)
      .where(and(gt(pointsLedger.userId, after), lte(pointsLedger.userId, last)))
      .groupBy(pointsLedger.userId)
      .as('ledger');
    const rows = await db
      .select({
        userId: users.id,
        balance: users.integral,
        total: sql<string>`coalesce(${ledger.total}, 0)`,
        entries: sql<string>`coalesce(${ledger.entries}, 0)`,
        kept: sql<number>`coalesce(${pointsLedgerCounts.rows}, 0)`,
      })
      .from(users)
      .leftJoin(ledger, eq(ledger.userId, users.id))
      .leftJoin(pointsLedgerCounts, eq(pointsLedgerCounts.userId, users.id))
      .where(
        and(
          gt(users.id, after),
          lte(users.id, last),
          sql`(${users.integral} <> coalesce(${ledger.total}, 0) or ${users.integral} < 0 or coalesce(${pointsLedgerCounts.rows}, 0) <> coalesce(${ledger.entries}, 0))`,
        ),
      )
      .orderBy(users.id);
    for (const { userId, balance, total, entries, kept } of rows) {
      if (balance < 0) yield { userId, message: `积分余额为负：${balance}（积分明细合计 ${Number(total)}）` };
      else if (balance !== Number(total))
        yield { userId, message: `积分余额 ${balance} 与积分明细合计 ${Number(total)} 不符（差 ${balance - Number(total)}）` };
      // The list's total (points_ledger_counts, kept by the triggers of migration 0018).
      if (Number(kept) !== Number(entries)) yield { userId, message: `积分明细条数记为 ${Number(kept)}，实有 ${Number(entries)} 条` };
    }
    after = last;
  }
}

export interface Booking {
  userId: number;
  /** How many accounts the rows are on (1 unless booked to the wrong account too). */
  users: number;
  /** Sum of the deltas booked under the reference, and how many rows. */
  delta: number;
  rows: number;
}

const bookingColumns = {
  reference: pointsLedger.reference,
  userId: sql<number>`min(${pointsLedger.userId})`,
  users: sql<string>`count(distinct ${pointsLedger.userId})`,
  delta: sql<string>`sum(${pointsLedger.delta})`,
  rows: sql<string>`count(*)`,
};
const toBooking = (r: { userId: number; users: string; delta: string; rows: string }): Booking => ({
  userId: Number(r.userId),
  users: Number(r.users),
  delta: Number(r.delta),
  rows: Number(r.rows),
});

/** The ledger rows of one kind under each of `references`, summed per reference (absent: nothing booked). */
export async function bookingsOf(db: Executor, kind: LedgerKind, references: string[]): Promise<Map<string, Booking>> {
  if (references.length === 0) return new Map();
  // One lookup of the unique (kind, reference) index per reference: with a long IN list the planner
  // prefers reading the whole ledger, once per batch.
  const result = await db.execute(sql`
    select r.reference, b.user_id, b.users, b.delta, b.rows
    from unnest(${sql.param(references)}::text[]) as r(reference)
    cross join lateral (
      select min(l.user_id) as user_id, count(distinct l.user_id) as users, sum(l.delta) as delta, count(*) as rows
      from ${pointsLedger} l
      where l.kind = ${kind} and l.reference = r.reference
    ) b
    where b.rows > 0`);
  const rows = (result as unknown as { rows: Array<{ reference: string; user_id: number; users: string; delta: string; rows: string }> })
    .rows;
  return new Map(rows.map((r) => [r.reference, toBooking({ userId: r.user_id, users: r.users, delta: r.delta, rows: r.rows })]));
}

/** Every reference of one kind starting with `prefix`, with its booking, in pages of `batchSize` (by reference). */
export async function* bookingPages(
  db: Executor,
  kind: LedgerKind,
  prefix: string,
  batchSize = VERIFY_BATCH,
): AsyncGenerator<Array<{ reference: string } & Booking>> {
  let after: string | null = null;
  for (;;) {
    const page: Array<{ reference: string | null; userId: number; users: string; delta: string; rows: string }> = await db
      .select(bookingColumns)
      .from(pointsLedger)
      .where(
        and(
          eq(pointsLedger.kind, kind),
          like(pointsLedger.reference, `${prefix}%`),
          after === null ? undefined : gt(pointsLedger.reference, after),
        ),
      )
      .groupBy(pointsLedger.reference)
      .orderBy(asc(pointsLedger.reference))
      .limit(batchSize);
    if (page.length === 0) return;
    yield page.map((r) => ({ reference: r.reference!, ...toBooking(r) }));
    after = page.at(-1)!.reference!;
  }
}
