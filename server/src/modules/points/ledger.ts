/**
 * The only way a points balance changes. One conditional UPDATE moves the balance (it can never
 * go below 0, even under concurrent spending) and one ledger row records it, in the caller's
 * transaction. A (kind, reference) pair can be booked once: a replay fails the transaction.
 * Invariant: users.integral = sum(points_ledger.delta) for that user, always >= 0.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { formatPoints } from '../../../../common/points-format.ts';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { pointsLedger } from './tables.ts';
// A named exception (eslint.config.js): the balance is users.integral, written under the same row
// lock as its ledger entry; the points module is the only writer of that column.
import { users } from '../user/tables.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import type { LedgerKind } from '../../../../common/domain.ts';

export interface PointsChange {
  userId: number;
  /** Positive credits, negative debits; never 0. */
  delta: number;
  kind: LedgerKind;
  /** e.g. `order:<orderNo>` or `plan:<id>`; null only for manual adjustments. */
  reference: string | null;
  remark?: string;
  at: Date;
}

export interface PointsChangeResult {
  ledgerId: number;
  balanceAfter: number;
}

/** 409 `积分不足` carrying how much is needed and how much is available. */
export class InsufficientPointsError extends AppError {
  constructor(needed: number, available: number) {
    super(409, `积分不足：需要 ${formatPoints(needed)} 积分，当前余额 ${formatPoints(available)} 积分`, { needed, available });
  }
}

/**
 * Applies a points change inside `tx` (pass a transaction so the caller's other writes commit or
 * roll back with it). Throws InsufficientPointsError when a debit exceeds the balance, and a 409
 * when the reference was already booked for this kind.
 */
export async function changePoints(tx: Executor, change: PointsChange): Promise<PointsChangeResult> {
  if (!Number.isSafeInteger(change.delta) || change.delta === 0) {
    throw new Error(`changePoints: delta must be a non-zero integer, got ${change.delta}`);
  }
  const [updated] = await tx
    .update(users)
    .set({ integral: sql`${users.integral} + ${change.delta}` })
    .where(and(eq(users.id, change.userId), gte(sql`${users.integral} + ${change.delta}`, 0)))
    .returning({ integral: users.integral });
  if (!updated) {
    const [current] = await tx.select({ integral: users.integral }).from(users).where(eq(users.id, change.userId));
    if (!current) throw notFound('用户不存在');
    throw new InsufficientPointsError(-change.delta, current.integral);
  }
  try {
    const [row] = await tx
      .insert(pointsLedger)
      .values({
        userId: change.userId,
        delta: change.delta,
        balanceAfter: updated.integral,
        kind: change.kind,
        reference: change.reference,
        remark: change.remark ?? '',
        createdAt: change.at,
      })
      .returning({ id: pointsLedger.id });
    return { ledgerId: row!.id, balanceAfter: updated.integral };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('该笔积分已经入账，不会重复处理');
    throw err;
  }
}

/** A user's balance (users.integral, which only changePoints writes); 0 for an unknown user. */
export async function pointsBalance(db: Executor, userId: number): Promise<number> {
  // Prepared: the plan screens ask it with their counts on every visit.
  const [row] = await preparedOn(db, 'points_balance', (on, name) =>
    on
      .select({ integral: users.integral })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare(name),
  ).execute({ userId });
  return row?.integral ?? 0;
}

/** Sum of a user's ledger deltas (for invariant checks in tests and ops). */
export async function ledgerSum(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${pointsLedger.delta}), 0)` })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId));
  return Number(row!.sum);
}

/**
 * Account deletion (注销): a remark staff typed on one of the account's ledger rows may quote its
 * phone; the phone is replaced by `replacement`. The amounts stay (accounting records).
 */
export async function forgetPhoneInRemarks(db: Executor, userId: number, phone: string, replacement: string): Promise<void> {
  await db
    .update(pointsLedger)
    .set({ remark: sql`replace(${pointsLedger.remark}, ${phone}, ${replacement})` })
    .where(and(eq(pointsLedger.userId, userId), sql`strpos(${pointsLedger.remark}, ${phone}) > 0`));
}

/**
 * Account deletion (注销): new remarks for the account's rows of `kind`, by reference (the owning
 * module words them, e.g. a plan charge without the plan's title). Amounts never change. One
 * statement whatever the number of rows (the pairs travel as two arrays).
 */
export async function replaceRemarks(db: Executor, userId: number, kind: LedgerKind, remarks: Map<string, string>): Promise<void> {
  if (remarks.size === 0) return;
  const replaced = sql`unnest(${sql.param([...remarks.keys()])}::text[], ${sql.param([...remarks.values()])}::text[]) as r(reference, remark)`;
  await db
    .update(pointsLedger)
    .set({ remark: sql`r.remark` })
    .from(replaced)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.kind, kind), sql`${pointsLedger.reference} = r.reference`));
}
