/**
 * The 24-hour distribution of a plan's daily count: one integer per hour, summing to the daily
 * count; when the plan starts today (in the business time zone), the hours already begun hold 0.
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

/** Hours (0-23) already begun on `startDate`: all up to the current one when it is today, all when past, none later. */
export function begunHours(startDate: string | null | undefined, now: Date, timeZone: string): number[] {
  if (!startDate) return [];
  const { date, hour } = businessNow(now, timeZone);
  if (startDate > date) return [];
  if (startDate < date) return Array.from({ length: HOURS }, (_, h) => h);
  return Array.from({ length: hour + 1 }, (_, h) => h);
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

/** Weights with the blocked hours set to 0. */
function openWeights(weights: readonly number[], blocked: readonly number[]): number[] {
  return Array.from({ length: HOURS }, (_, h) => (blocked.includes(h) ? 0 : (weights[h] ?? 0)));
}

/** A preset's distribution of `dailyCount` over the hours not blocked. */
export function presetDistribution(
  preset: Exclude<DistributionPreset, 'custom'>,
  dailyCount: number,
  blocked: readonly number[] = [],
): number[] {
  const weights = preset === 'even' ? Array<number>(HOURS).fill(1) : TRAFFIC_CURVE;
  return allocate(dailyCount, openWeights(weights, blocked));
}

/**
 * Re-fit a custom distribution to a new daily count (or newly blocked hours) keeping its shape;
 * falls back to even when the shape has nothing left in the open hours.
 */
export function rescaleDistribution(current: readonly number[], dailyCount: number, blocked: readonly number[] = []): number[] {
  const weights = openWeights(current, blocked);
  if (weights.every((w) => w <= 0)) return presetDistribution('even', dailyCount, blocked);
  return allocate(dailyCount, weights);
}

export function distributionSum(distribution: readonly number[]): number {
  return distribution.reduce((a, n) => a + n, 0);
}

export type DistributionProblem = 'length' | 'sum' | 'begun' | 'negative';

/**
 * What is wrong with a distribution for this daily count and start date, or null when it is valid.
 * Without a start date (a template) the begun hours are not checked.
 */
export function checkDistribution(
  distribution: readonly number[],
  dailyCount: number,
  startDate: string | null | undefined,
  now: Date,
  timeZone: string,
): DistributionProblem | null {
  if (distribution.length !== HOURS) return 'length';
  if (distribution.some((n) => !Number.isInteger(n) || n < 0)) return 'negative';
  if (distributionSum(distribution) !== dailyCount) return 'sum';
  if (begunHours(startDate, now, timeZone).some((h) => distribution[h]! > 0)) return 'begun';
  return null;
}

/** Whether a plan with this distribution may start on `date` (not in the past, no tasks in hours already begun). */
export function canStartOn(date: string, distribution: readonly number[], now: Date, timeZone: string): boolean {
  if (date < businessNow(now, timeZone).date) return false;
  return !begunHours(date, now, timeZone).some((h) => (distribution[h] ?? 0) > 0);
}
