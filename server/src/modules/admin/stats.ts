/**
 * GET /api/admin/stats: per business day, new users, paid orders by pay type, points spent on plans,
 * plans created.
 * A day that is over does not change any more (its figures are the day's creations and payments), so
 * it is computed once and kept in stats_days (per time zone); only the days not over yet, and days
 * never asked before, are read from the tables, each through an index that covers its figure. A
 * year of stats is then 365 small rows, not every user, plan, order and ledger row of the year.
 */
import { and, between, eq } from 'drizzle-orm';
import type { AppContext } from '../../http/context.ts';
import type { Executor } from '../../db/client.ts';
import type { DayStats } from '../../../../common/admin-types.ts';
import { PAY_TYPE_CODES } from '../../../../common/domain.ts';
import { addDays, daysBetween, localDate, zonedInstant } from '../../../../common/zoned-time.ts';
import { HOUR } from '../../lib/clock.ts';
import { paidOrdersPerDay } from '../order/index.ts';
import { plansCreatedPerDay } from '../plan/index.ts';
import { pointsSpentOnPlansPerDay } from '../points/index.ts';
import { newUsersPerDay } from '../user/index.ts';
import { statsDays, type PaidByType } from './tables.ts';

/**
 * A day counts as over this long after its midnight: a transaction that stamped a row just before
 * midnight may commit a moment after it, and another API process's clock may lag a little.
 */
export const STATS_SETTLE_MARGIN_MS = HOUR;

interface DayFigures {
  newUsers: number;
  plansCreated: number;
  pointsSpent: number;
  paid: PaidByType;
}

/** The figures of the inclusive business days `fromDay`..`toDay`, read from the tables. */
async function figuresFromTables(db: Executor, fromDay: string, toDay: string, zone: string): Promise<Map<string, DayFigures>> {
  const range = { from: zonedInstant(fromDay, 0, 0, zone), to: zonedInstant(addDays(toDay, 1), 0, 0, zone) };
  const [users, spent, plans, paid] = await Promise.all([
    newUsersPerDay(db, range, zone),
    pointsSpentOnPlansPerDay(db, range, zone),
    plansCreatedPerDay(db, range, zone),
    paidOrdersPerDay(db, range, zone),
  ]);
  const days = new Map<string, DayFigures>();
  for (let i = 0; i <= daysBetween(fromDay, toDay); i++) {
    const day = addDays(fromDay, i);
    days.set(day, {
      newUsers: users.get(day) ?? 0,
      plansCreated: plans.get(day) ?? 0,
      pointsSpent: spent.get(day) ?? 0,
      paid: paid.get(day) ?? {},
    });
  }
  return days;
}

/** Days that are over: kept ones from stats_days, the others computed once and kept. */
async function settledFigures(db: Executor, fromDay: string, toDay: string, zone: string): Promise<Map<string, DayFigures>> {
  const kept = await db
    .select()
    .from(statsDays)
    .where(and(eq(statsDays.timeZone, zone), between(statsDays.day, fromDay, toDay)));
  const days = new Map<string, DayFigures>(kept.map((row) => [row.day, row]));
  const missing: string[] = [];
  for (let i = 0; i <= daysBetween(fromDay, toDay); i++) if (!days.has(addDays(fromDay, i))) missing.push(addDays(fromDay, i));
  if (missing.length === 0) return days;
  const computed = await figuresFromTables(db, missing[0]!, missing[missing.length - 1]!, zone);
  const rows = missing.map((day) => ({ timeZone: zone, day, ...computed.get(day)! }));
  // Another process may be keeping the same days: theirs are the same figures.
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(statsDays)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  for (const row of rows) days.set(row.day, row);
  return days;
}

/** Inclusive business days `fromDay`..`toDay` (YYYY-MM-DD). */
export async function dailyStats(ctx: Pick<AppContext, 'db' | 'config' | 'clock'>, fromDay: string, toDay: string): Promise<DayStats[]> {
  const { db } = ctx;
  const zone = ctx.config.timeZone;
  const lastSettled = addDays(localDate(new Date(ctx.clock.now().getTime() - STATS_SETTLE_MARGIN_MS), zone), -1);
  const settledTo = toDay < lastSettled ? toDay : lastSettled;
  const liveFrom = fromDay > lastSettled ? fromDay : addDays(lastSettled, 1);
  const [settled, live] = await Promise.all([
    fromDay <= settledTo ? settledFigures(db, fromDay, settledTo, zone) : new Map<string, DayFigures>(),
    liveFrom <= toDay ? figuresFromTables(db, liveFrom, toDay, zone) : new Map<string, DayFigures>(),
  ]);
  const days: DayStats[] = [];
  for (let i = 0; i <= daysBetween(fromDay, toDay); i++) {
    const day = addDays(fromDay, i);
    const figures = settled.get(day) ?? live.get(day)!;
    const byType: DayStats['paid'] = {};
    for (const payType of PAY_TYPE_CODES) {
      const paid = figures.paid[payType];
      if (paid?.orders) byType[payType] = paid;
    }
    const totals = Object.values(byType);
    days.push({
      day,
      newUsers: figures.newUsers,
      paid: byType,
      paidOrders: totals.reduce((n, t) => n + t.orders, 0),
      paidAmount: totals.reduce((n, t) => n + t.amount, 0),
      pointsSpent: figures.pointsSpent,
      plansCreated: figures.plansCreated,
    });
  }
  return days;
}
