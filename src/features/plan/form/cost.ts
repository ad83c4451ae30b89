/**
 * The plan cost rules (common/plan-cost and common/distribution, the same functions the server
 * charges with), taking the member discount as the API sends it (a fraction such as 0.95) and the
 * first-day cut of a plan that starts today.
 */
import { costBreakdown, discountPercent, stopRefund as refundAtPercent, type CostBreakdown } from '@common/plan-cost';
import { firstDayCount, firstDayFromHour, planTaskCount } from '@common/distribution';

/** What a plan form will cost if published now. */
export interface PlanQuote {
  /** Every task: the first day's, then dailyCount on each later day. */
  tasks: number;
  /** Tasks of the first day (fewer than dailyCount when the hours already begun today are cut). */
  firstDay: number;
  /** The first day loses the hours already begun: it starts today. */
  cut: boolean;
  /** The first hour of the first day with tasks (0 unless it starts today). */
  fromHour: number;
  percent: number;
  cost: CostBreakdown;
}

export interface QuoteInput {
  unit: number;
  distribution: readonly number[];
  dailyCount: number;
  days: number;
  /** YYYY-MM-DD, or '' (a template: no start date, so nothing is cut). */
  startDate: string;
  discount: number | null | undefined;
  timeZone: string;
  now?: Date;
}

export function quotePlan({
  unit,
  distribution,
  dailyCount,
  days,
  startDate,
  discount,
  timeZone,
  now = new Date(),
}: QuoteInput): PlanQuote {
  const fromHour = startDate ? firstDayFromHour(startDate, now, timeZone) : 0;
  const validDays = Number.isInteger(days) && days > 0 ? days : 0;
  const tasks = planTaskCount(distribution, dailyCount, validDays, fromHour);
  const percent = discountPercent(discount);
  return {
    tasks,
    firstDay: firstDayCount(distribution, fromHour),
    cut: fromHour > 0,
    fromHour,
    percent,
    cost: costBreakdown(tasks, unit, percent),
  };
}

/** The points a stop gives back: the charge minus the price of the tasks dispatched. */
export function stopRefund(totalCost: number, dispatched: number, unit: number, discount: number | null | undefined): number {
  return refundAtPercent(totalCost, dispatched, unit, discountPercent(discount));
}
