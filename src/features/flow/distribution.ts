/**
 * The 24-hour distribution of a plan's daily count (product §4, §6): one integer per hour, summing
 * to the daily count; when the start date is today (business time zone), hours already begun hold 0.
 *
 * Presets: `even` (same share for every open hour), `curve` (a typical day of shop traffic: quiet
 * at night, rising through the morning, peaking in the evening), `custom` (the user's numbers).
 * Shares are turned into integers by the largest-remainder method, so the sum is always exact.
 */

export const HOURS = 24;
/**
 * Plan days and hours are counted in the business time zone (product §2): the server's TZ_BUSINESS,
 * which plan/config and full-data carry as `timeZone`; this default stands until one has loaded.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

export type DistributionPreset = 'even' | 'curve' | 'custom';
export const DISTRIBUTION_PRESETS: readonly DistributionPreset[] = ['even', 'curve', 'custom'];

/** Relative traffic per hour, 0:00 to 23:00. */
export const TRAFFIC_CURVE: readonly number[] = [3, 2, 1, 1, 1, 1, 2, 3, 5, 6, 7, 7, 6, 6, 7, 7, 6, 6, 7, 8, 9, 10, 9, 6];

const dateTimeFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });

let businessTimeZone = BUSINESS_TIME_ZONE;
let dateTimeParts = dateTimeFormat(businessTimeZone);

/** Adopts the server's business time zone; a missing or unknown zone keeps the current one. */
export function setBusinessTimeZone(timeZone: string | null | undefined): void {
  if (!timeZone || timeZone === businessTimeZone) return;
  try {
    dateTimeParts = dateTimeFormat(timeZone);
    businessTimeZone = timeZone;
  } catch {
    console.warn('unknown business time zone', timeZone); // Intl refuses it: keep counting in the current zone
  }
}

export const getBusinessTimeZone = () => businessTimeZone;

/** Today's date (YYYY-MM-DD) and the current hour (0-23) in the business time zone. */
export function businessNow(now: Date = new Date()): { date: string; hour: number } {
  const parts = Object.fromEntries(dateTimeParts.formatToParts(now).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24 };
}

/** Hours (0-23) already begun on `startDate`: all up to the current one when it is today, none later. */
export function begunHours(startDate: string | null | undefined, now: Date = new Date()): number[] {
  if (!startDate) return [];
  const { date, hour } = businessNow(now);
  if (startDate > date) return [];
  if (startDate < date) return Array.from({ length: HOURS }, (_, h) => h);
  return Array.from({ length: hour + 1 }, (_, h) => h);
}

/** The first date a plan can start on: today while an hour is still ahead, else tomorrow. */
export function earliestStartDate(now: Date = new Date()): string {
  const { date, hour } = businessNow(now);
  if (hour < HOURS - 1) return date;
  return businessNow(new Date(now.getTime() + 3_600_000)).date;
}

/** Integers proportional to `weights`, summing to `total` (largest remainder; ties go to the earlier hour). */
export function allocate(total: number, weights: readonly number[]): number[] {
  const safeTotal = Math.max(0, Math.floor(total));
  const weightSum = weights.reduce((a, w) => a + Math.max(0, w), 0);
  if (weightSum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (Math.max(0, w) * safeTotal) / weightSum);
  const result = exact.map(Math.floor);
  let left = safeTotal - result.reduce((a, n) => a + n, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
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
export function presetDistribution(preset: Exclude<DistributionPreset, 'custom'>, dailyCount: number, blocked: readonly number[] = []): number[] {
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

/** What is wrong with a distribution for this daily count and start date, or null when it is valid. */
export function checkDistribution(distribution: readonly number[], dailyCount: number, startDate?: string | null, now: Date = new Date()): DistributionProblem | null {
  if (distribution.length !== HOURS) return 'length';
  if (distribution.some((n) => !Number.isInteger(n) || n < 0)) return 'negative';
  if (distributionSum(distribution) !== dailyCount) return 'sum';
  if (begunHours(startDate, now).some((h) => distribution[h]! > 0)) return 'begun';
  return null;
}

/** Whether a plan with this distribution may start on `date` (no tasks in hours already begun). */
export function canStartOn(date: string, distribution: readonly number[], now: Date = new Date()): boolean {
  const { date: today } = businessNow(now);
  if (date < today) return false;
  return !begunHours(date, now).some((h) => (distribution[h] ?? 0) > 0);
}
