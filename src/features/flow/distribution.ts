/**
 * The plan distribution rules (common/distribution) counted in the app's business time zone: the
 * server's TZ_BUSINESS, which plan/config and full-data carry as `timeZone`; the default stands
 * until one has loaded. The functions below fill in that zone and "now".
 */
import * as rules from '@common/distribution';
import { localParts } from '@common/zoned-time';
import { HOURS } from '@common/plan-limits';

export {
  allocate,
  distributionSum,
  DISTRIBUTION_PRESETS,
  presetDistribution,
  rescaleDistribution,
  TRAFFIC_CURVE,
  type DistributionPreset,
  type DistributionProblem,
} from '@common/distribution';
export { HOURS };

export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

let businessTimeZone = BUSINESS_TIME_ZONE;

/** Adopts the server's business time zone; a missing or unknown zone keeps the current one. */
export function setBusinessTimeZone(timeZone: string | null | undefined): void {
  if (!timeZone || timeZone === businessTimeZone) return;
  try {
    localParts(new Date(), timeZone); // Intl refuses an unknown zone here
    businessTimeZone = timeZone;
  } catch {
    console.warn('unknown business time zone', timeZone); // keep counting in the current zone
  }
}

export const getBusinessTimeZone = () => businessTimeZone;

/** Today's date (YYYY-MM-DD) and the current hour (0-23) in the business time zone. */
export const businessNow = (now: Date = new Date()) => rules.businessNow(now, businessTimeZone);

/** Hours (0-23) already begun on `startDate`: all up to the current one when it is today, none later. */
export const begunHours = (startDate: string | null | undefined, now: Date = new Date()) => rules.begunHours(startDate, now, businessTimeZone);

/** The first date a plan can start on: today while an hour is still ahead, else tomorrow. */
export const earliestStartDate = (now: Date = new Date()) => rules.earliestStartDate(now, businessTimeZone);

/** What is wrong with a distribution for this daily count and start date, or null when it is valid. */
export const checkDistribution = (distribution: readonly number[], dailyCount: number, startDate?: string | null, now: Date = new Date()) =>
  rules.checkDistribution(distribution, dailyCount, startDate, now, businessTimeZone);

/** Whether a plan with this distribution may start on `date` (no tasks in hours already begun). */
export const canStartOn = (date: string, distribution: readonly number[], now: Date = new Date()) =>
  rules.canStartOn(date, distribution, now, businessTimeZone);
