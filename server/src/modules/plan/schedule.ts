/**
 * Plan schedule arithmetic, pure and clock-free: the
 * caller passes the instant. A plan runs `days` calendar days from `startDate` in the business
 * time zone; on each day hour h gets distribution[h] tasks, except on the first day the hours
 * before `firstDayFromHour` (the first-day cut of a plan published for today, common/distribution).
 * The tasks of an hour are dispatched when it begins. Pending until the first scheduled hour
 * begins, completed once the last scheduled hour has ended, running between; a stop freezes what
 * was dispatched.
 */
import { PLAN_STATUS_LABELS, type PlanStatus } from '../../../../common/domain.ts';
import type { DaySchedule, ScheduleView } from '../../../../common/api-types.ts';
import { HOURS } from '../../../../common/plan-limits.ts';
import { firstDayCount, planTaskCount } from '../../../../common/distribution.ts';
import { addDays, daysBetween, localDate, localParts, zonedInstant } from '../../../../common/zoned-time.ts';

export interface Schedule {
  startDate: string;
  days: number;
  dailyCount: number;
  distribution: number[];
  /** The first hour of the first day with tasks (0: the whole first day; plans before the cut have 0). */
  firstDayFromHour?: number;
}

const fromHourOf = (s: Schedule) => s.firstDayFromHour ?? 0;

/** Every task of the plan (the first day's after the cut, then dailyCount a day). */
export const scheduleTaskCount = (s: Schedule) => planTaskCount(s.distribution, s.dailyCount, s.days, fromHourOf(s));

/** Tasks planned on day `index` (0 = the start date). */
const plannedOnDay = (s: Schedule, index: number) => (index === 0 ? firstDayCount(s.distribution, fromHourOf(s)) : s.dailyCount);

export interface ScheduleBounds {
  /** The first scheduled hour (with tasks) of the first day begins. */
  startAt: Date;
  /** The last scheduled hour of the last day ends. */
  endAt: Date;
}

export function scheduleBounds(s: Schedule, timeZone: string): ScheduleBounds {
  const from = fromHourOf(s);
  const firstToday = s.distribution.findIndex((n, h) => h >= from && n > 0);
  const first = s.distribution.findIndex((n) => n > 0);
  const last = s.distribution.findLastIndex((n) => n > 0);
  if (first < 0 || (firstToday < 0 && s.days < 2)) throw new Error('scheduleBounds: a schedule without tasks');
  return {
    // the first day's first hour after the cut, or, when the cut left it nothing, the second day's first
    startAt: firstToday >= 0 ? zonedInstant(s.startDate, 0, firstToday, timeZone) : zonedInstant(s.startDate, 1, first, timeZone),
    endAt: zonedInstant(s.startDate, s.days - 1, last + 1, timeZone),
  };
}

/** Tasks of the hours fromHour..hour of one day. */
const sumHours = (distribution: number[], fromHour: number, hour: number) => {
  let sum = 0;
  for (let h = Math.max(0, fromHour); h <= hour && h < HOURS; h++) sum += distribution[h]!;
  return sum;
};

/** Tasks of all hours that have begun at `at` (ignores stops). */
export function dispatchedAt(s: Schedule, at: Date, timeZone: string): number {
  const local = localParts(at, timeZone);
  const dayIndex = daysBetween(s.startDate, localDate(at, timeZone));
  if (dayIndex < 0) return 0;
  if (dayIndex >= s.days) return scheduleTaskCount(s);
  if (dayIndex === 0) return sumHours(s.distribution, fromHourOf(s), local.hour);
  return plannedOnDay(s, 0) + (dayIndex - 1) * s.dailyCount + sumHours(s.distribution, 0, local.hour);
}

export interface PlanClockState extends Schedule {
  stoppedAt: Date | null;
  dispatchedAtStop: number | null;
  /** Stored bounds (scheduleBounds at creation); computed when absent. */
  startAt?: Date;
  endAt?: Date;
}

export interface PlanProgress {
  status: PlanStatus;
  statusText: string;
  dispatched: number;
}

/** Status and dispatched count of a plan at `now`. */
export function planProgress(plan: PlanClockState, now: Date, timeZone: string): PlanProgress {
  const progress = (status: PlanStatus, dispatched: number) => ({ status, statusText: PLAN_STATUS_LABELS[status], dispatched });
  if (plan.stoppedAt) return progress('stopped', frozenDispatched(plan, timeZone));
  const { startAt, endAt } = plan.startAt && plan.endAt ? { startAt: plan.startAt, endAt: plan.endAt } : scheduleBounds(plan, timeZone);
  if (now < startAt) return progress('pending', 0);
  if (now >= endAt) return progress('completed', scheduleTaskCount(plan));
  return progress('running', dispatchedAt(plan, now, timeZone));
}

function frozenDispatched(plan: PlanClockState, timeZone: string): number {
  return plan.dispatchedAtStop ?? dispatchedAt(plan, plan.stoppedAt!, timeZone);
}

/** Dispatched at `at`, never past a stop. */
function effectiveDispatched(plan: PlanClockState, at: Date, timeZone: string): number {
  if (plan.stoppedAt && plan.stoppedAt <= at) return frozenDispatched(plan, timeZone);
  return dispatchedAt(plan, at, timeZone);
}

/** Tasks dispatched since local midnight of `now`'s day. */
export function dispatchedToday(plan: PlanClockState, now: Date, timeZone: string): number {
  const midnight = zonedInstant(localDate(now, timeZone), 0, 0, timeZone);
  const beforeToday = effectiveDispatched(plan, new Date(midnight.getTime() - 1), timeZone);
  return effectiveDispatched(plan, now, timeZone) - beforeToday;
}

/** The plan's days and today's hours, for the details and time-distribution views. */
export function scheduleView(plan: PlanClockState, now: Date, timeZone: string): ScheduleView {
  const at = plan.stoppedAt && plan.stoppedAt < now ? plan.stoppedAt : now;
  const frozen = plan.stoppedAt ? frozenDispatched(plan, timeZone) : Infinity;
  const today = localDate(now, timeZone);
  const currentHour = localParts(now, timeZone).hour;
  const dayOfNow = daysBetween(plan.startDate, today);
  const currentDay = dayOfNow >= 0 && dayOfNow < plan.days ? dayOfNow : null;

  const days: DaySchedule[] = [];
  let plannedBefore = 0;
  for (let d = 0; d < plan.days; d++) {
    const planned = plannedOnDay(plan, d);
    const endOfDay = zonedInstant(plan.startDate, d + 1, 0, timeZone);
    const before = Math.min(plannedBefore, frozen);
    const upTo = Math.min(dispatchedAt(plan, new Date(Math.min(at.getTime(), endOfDay.getTime() - 1)), timeZone), frozen);
    days.push({ date: addDays(plan.startDate, d), planned, dispatched: Math.max(0, Math.min(planned, upTo - before)) });
    plannedBefore += planned;
  }

  const firstDayFromHour = fromHourOf(plan);
  const dispatchedTodayByHour = new Array<number>(HOURS).fill(0);
  if (currentDay !== null) {
    let remaining = days[currentDay]!.dispatched;
    for (let h = currentDay === 0 ? firstDayFromHour : 0; h < HOURS && remaining > 0; h++) {
      const n = Math.min(plan.distribution[h]!, remaining);
      dispatchedTodayByHour[h] = n;
      remaining -= n;
    }
  }
  return { timeZone, today, currentHour, currentDay, distribution: plan.distribution, firstDayFromHour, dispatchedTodayByHour, days };
}
