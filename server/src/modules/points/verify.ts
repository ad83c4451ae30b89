/**
 * The points invariants `ops verify` checks: every balance equals the sum of its ledger and is
 * never negative. Other modules check their own bookings against bookedByReference.
 */
import { eq, like, and, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pointsLedger } from './tables.ts';
// A named exception (eslint.config.js): the balance this check compares with the ledger is users.integral.
import { users } from '../user/tables.ts';
import type { LedgerKind } from '../../../../common/domain.ts';

/** Something that does not add up, on one account; the message says what, with the amounts. */
export interface MoneyFinding {
  userId: number;
  message: string;
}

/** Balances that differ from their ledger's sum, and negative ones. */
export async function balanceFindings(db: Executor): Promise<MoneyFinding[]> {
  const ledger = db
    .select({ userId: pointsLedger.userId, total: sql<string>`sum(${pointsLedger.delta})`.as('total') })
    .from(pointsLedger)
    .groupBy(pointsLedger.userId)
    .as('ledger');
  const rows = await db
    .select({ userId: users.id, balance: users.integral, total: sql<string>`coalesce(${ledger.total}, 0)` })
    .from(users)
    .leftJoin(ledger, eq(ledger.userId, users.id))
    .where(sql`${users.integral} <> coalesce(${ledger.total}, 0) or ${users.integral} < 0`)
    .orderBy(users.id);
  return rows.map(({ userId, balance, total }) => ({
    userId,
    message:
      balance < 0
        ? `积分余额为负：${balance}（积分明细合计 ${Number(total)}）`
        : `积分余额 ${balance} 与积分明细合计 ${Number(total)} 不符（差 ${balance - Number(total)}）`,
  }));
}

export interface Booking {
  userId: number;
  /** Sum of the deltas booked under the reference, and how many rows. */
  delta: number;
  rows: number;
}

/** The ledger rows of one kind whose reference starts with `prefix`, summed per reference. */
export async function bookedByReference(db: Executor, kind: LedgerKind, prefix: string): Promise<Map<string, Booking>> {
  const rows = await db
    .select({
      reference: pointsLedger.reference,
      userId: sql<number>`min(${pointsLedger.userId})`,
      users: sql<string>`count(distinct ${pointsLedger.userId})`,
      delta: sql<string>`sum(${pointsLedger.delta})`,
      rows: sql<string>`count(*)`,
    })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.kind, kind), like(pointsLedger.reference, `${prefix}%`)))
    .groupBy(pointsLedger.reference);
  return new Map(rows.map((r) => [r.reference!, { userId: Number(r.userId), delta: Number(r.delta), rows: Number(r.rows) }]));
}
