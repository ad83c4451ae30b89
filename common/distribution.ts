/**
 * The 24-hour distribution of a plan's daily count: one integer per hour, summing to the daily
 * count: the plan's full pattern for every day. The first-day cut: when a plan starts today (in the
 * business time zone), the hours already begun at publish get nothing on that first day only
 * (`firstDayFromHour`); its first day has `firstDayCount` tasks, every later day the daily count.
 *
 * Presets: `even` (same share for every open hour), `curve` (a typical day of shop traffic: quiet
 * at night, rising through the morning, peaking in the evening), `custom` (the user's numbers).
 * Shares are turned into integers by the largest-remainder method, so the sum is always exact.
 * Functions that need "now" take the instant and the IANA time zone as parameters.
 */
import { HOURS } from './plan-limits.ts';
import { localDate, localParts } from './zoned-time.ts';

export type DistributionPreset = 'even' | 'curve' | 'custom';
export const DISTRIBUTION_PRESETS: readonly DistributionPreset[] = ['even', 'curve', 'custom'];

/** Relative traffic per hour, 0:00 to 23:00. */
export const TRAFFIC_CURVE: readonly number[] = [3, 2, 1, 1, 1, 1, 2, 3, 5, 6, 7, 7, 6, 6, 7, 7, 6, 6, 7, 8, 9, 10, 9, 6];

/** Today's date (YYYY-MM-DD) and the current hour (0-23) in `timeZone`. */
export function businessNow(now: Date, timeZone: string): { date: string; hour: number } {
  return { date: localDate(now, timeZone), hour: localParts(now, timeZone).hour };
}

/** The first date a plan can start on: today while an hour is still ahead, else tomorrow. */
export function earliestStartDate(now: Date, timeZone: string): string {
  const { date, hour } = businessNow(now, timeZone);
  if (hour < HOURS - 1) return date;
  return businessNow(new Date(now.getTime() + 3_600_000), timeZone).date;
}

/** Integers proportional to `weights`, summing to `total` (largest remainder; ties go to the earlier hour). */
export function allocate(total: number, weights: readonly number[]): number[] {
  const safeTotal = Math.max(0, Math.floor(total));
  const weightSum = weights.reduce((a, w) => a + Math.max(0, w), 0);
  if (weightSum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (Math.max(0, w) * safeTotal) / weightSum);
  const result = exact.map(Math.floor);
  let left = safeTotal - result.reduce((a, n) => a + n, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    if (weights[index]! > 0) {
      result[index]! += 1;
      left -= 1;
    }
  }
  return result;
}

/** A preset's distribution of `dailyCount` over the 24 hours. */
export function presetDistribution(preset: Exclude<DistributionPreset, 'custom'>, dailyCount: number): number[] {
  return allocate(dailyCount, preset === 'even' ? Array<number>(HOURS).fill(1) : TRAFFIC_CURVE);
}

/** Re-fit a custom distribution to a new daily count keeping its shape; falls back to even when the shape is empty. */
export function rescaleDistribution(current: readonly number[], dailyCount: number): number[] {
  const weights = Array.from({ length: HOURS }, (_, h) => current[h] ?? 0);
  if (weights.every((w) => w <= 0)) return presetDistribution('even', dailyCount);
  return allocate(dailyCount, weights);
}

export function distributionSum(distribution: readonly number[]): number {
  return distribution.reduce((a, n) => a + n, 0);
}

export type DistributionProblem = 'length' | 'sum' | 'negative';

/** What is wrong with a distribution for this daily count, or null when it is valid. */
export function checkDistribution(distribution: readonly number[], dailyCount: number): DistributionProblem | null {
  if (distribution.length !== HOURS) return 'length';
  if (distribution.some((n) => !Number.isInteger(n) || n < 0)) return 'negative';
  if (distributionSum(distribution) !== dailyCount) return 'sum';
  return null;
}

/**
 * The first hour of the first day that gets tasks: when the plan starts today, the hour after the
 * current one (the hours already begun get nothing that day); 0 for a later start. A plan's value is
 * fixed at publish (stored), not recomputed.
 */
export function firstDayFromHour(startDate: string, now: Date, timeZone: string): number {
  const { date, hour } = businessNow(now, timeZone);
  if (startDate > date) return 0;
  if (startDate < date) return HOURS;
  return hour + 1;
}

/** Tasks of the first day: the distribution from `fromHour` on. */
export function firstDayCount(distribution: readonly number[], fromHour: number): number {
  let sum = 0;
  for (let h = Math.max(0, fromHour); h < HOURS; h++) sum += distribution[h] ?? 0;
  return sum;
}

/** Every task of a plan: the first day's (cut) and the daily count on each later day. */
export function planTaskCount(distribution: readonly number[], dailyCount: number, days: number, fromHour: number): number {
  if (!(days >= 1)) return 0;
  return firstDayCount(distribution, fromHour) + (days - 1) * dailyCount;
}

/** Whether a plan with this distribution may start on `date`: not in the past, and at least one task left to do. */
export function canStartOn(date: string, distribution: readonly number[], days: number, now: Date, timeZone: string): boolean {
  if (date < businessNow(now, timeZone).date) return false;
  const dailyCount = distributionSum(distribution);
  return planTaskCount(distribution, dailyCount, days, firstDayFromHour(date, now, timeZone)) > 0;
}
