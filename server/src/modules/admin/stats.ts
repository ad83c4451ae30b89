/** GET /api/admin/stats: per business day, new users, paid orders by pay type, points spent on plans, plans created. */
import type { AppContext } from '../../http/context.ts';
import type { DayStats } from '../../../../common/admin-types.ts';
import { PAY_TYPE_CODES } from '../../../../common/domain.ts';
import { addDays, daysBetween, zonedInstant } from '../../../../common/zoned-time.ts';
import { paidOrdersPerDay } from '../order/index.ts';
import { plansCreatedPerDay } from '../plan/index.ts';
import { pointsSpentOnPlansPerDay } from '../points/index.ts';
import { newUsersPerDay } from '../user/index.ts';

/** Inclusive business days `fromDay`..`toDay` (YYYY-MM-DD). */
export async function dailyStats(ctx: Pick<AppContext, 'db' | 'config'>, fromDay: string, toDay: string): Promise<DayStats[]> {
  const { db } = ctx;
  const zone = ctx.config.timeZone;
  const range = { from: zonedInstant(fromDay, 0, 0, zone), to: zonedInstant(toDay, 1, 0, zone) };
  const [users, spent, plans, ...paid] = await Promise.all([
    newUsersPerDay(db, range, zone),
    pointsSpentOnPlansPerDay(db, range, zone),
    plansCreatedPerDay(db, range, zone),
    ...PAY_TYPE_CODES.map((payType) => paidOrdersPerDay(db, payType, range, zone)),
  ]);
  const days: DayStats[] = [];
  for (let i = 0; i <= daysBetween(fromDay, toDay); i++) {
    const day = addDays(fromDay, i);
    const byType: DayStats['paid'] = {};
    PAY_TYPE_CODES.forEach((payType, k) => {
      const orders = paid[k]!.count.get(day) ?? 0;
      if (orders) byType[payType] = { orders, amount: paid[k]!.amount.get(day) ?? 0 };
    });
    const totals = Object.values(byType);
    days.push({
      day,
      newUsers: users.get(day) ?? 0,
      paid: byType,
      paidOrders: totals.reduce((n, t) => n + t.orders, 0),
      paidAmount: totals.reduce((n, t) => n + t.amount, 0),
      pointsSpent: spent.get(day) ?? 0,
      plansCreated: plans.get(day) ?? 0,
    });
  }
  return days;
}
