import { describe, expect, it } from 'vitest';
import { dispatchedAt, dispatchedToday, planProgress, scheduleBounds, scheduleView, type PlanClockState } from './index.ts';

const TZ = 'Asia/Shanghai';
/** Shanghai wall clock -> instant (UTC+8, no daylight saving). */
const sh = (local: string) => new Date(`${local}+08:00`);

// 10 tasks a day: 4 at 09:00, 6 at 20:00; 3 days from 2026-12-01.
const dist = Array.from({ length: 24 }, (_, h) => (h === 9 ? 4 : h === 20 ? 6 : 0));
const plan = (over: Partial<PlanClockState> = {}): PlanClockState => ({
  startDate: '2026-12-01',
  days: 3,
  dailyCount: 10,
  distribution: dist,
  stoppedAt: null,
  dispatchedAtStop: null,
  ...over,
});

describe('plan schedule', () => {
  it('starts when the first scheduled hour begins and ends when the last one ends', () => {
    const { startAt, endAt } = scheduleBounds(plan(), TZ);
    expect(startAt).toEqual(sh('2026-12-01T09:00:00'));
    expect(endAt).toEqual(sh('2026-12-03T21:00:00'));
  });

  it.each([
    ['2026-11-30T23:59:59', 'pending', 0],
    ['2026-12-01T08:59:59', 'pending', 0],
    ['2026-12-01T09:00:00', 'running', 4],
    ['2026-12-01T19:59:59', 'running', 4],
    ['2026-12-01T20:00:00', 'running', 10],
    ['2026-12-02T00:30:00', 'running', 10],
    ['2026-12-02T09:10:00', 'running', 14],
    ['2026-12-03T20:00:00', 'running', 30],
    ['2026-12-03T20:59:59', 'running', 30],
    ['2026-12-03T21:00:00', 'completed', 30],
    ['2027-01-10T12:00:00', 'completed', 30],
  ] as const)('at %s it is %s with %i dispatched', (local, status, dispatched) => {
    const progress = planProgress(plan(), sh(local), TZ);
    expect(progress.status).toBe(status);
    expect(progress.dispatched).toBe(dispatched);
  });

  it('freezes progress at a stop', () => {
    const stoppedAt = sh('2026-12-02T10:00:00');
    const stopped = plan({ stoppedAt, dispatchedAtStop: dispatchedAt(plan(), stoppedAt, TZ) });
    expect(stopped.dispatchedAtStop).toBe(14);
    expect(planProgress(stopped, sh('2026-12-05T00:00:00'), TZ)).toEqual({ status: 'stopped', statusText: '已停止', dispatched: 14 });
    expect(dispatchedToday(stopped, sh('2026-12-02T22:00:00'), TZ)).toBe(4);
    expect(dispatchedToday(stopped, sh('2026-12-03T22:00:00'), TZ)).toBe(0);
  });

  it('counts today’s dispatched tasks only', () => {
    expect(dispatchedToday(plan(), sh('2026-12-02T09:30:00'), TZ)).toBe(4);
    expect(dispatchedToday(plan(), sh('2026-12-02T23:00:00'), TZ)).toBe(10);
    expect(dispatchedToday(plan(), sh('2026-12-04T10:00:00'), TZ)).toBe(0);
    expect(dispatchedToday(plan(), sh('2026-11-30T10:00:00'), TZ)).toBe(0);
  });

  it('gives the day-by-day and hour-by-hour view', () => {
    const view = scheduleView(plan(), sh('2026-12-02T09:15:00'), TZ);
    expect(view.currentDay).toBe(1);
    expect(view.currentHour).toBe(9);
    expect(view.today).toBe('2026-12-02');
    expect(view.days).toEqual([
      { date: '2026-12-01', planned: 10, dispatched: 10 },
      { date: '2026-12-02', planned: 10, dispatched: 4 },
      { date: '2026-12-03', planned: 10, dispatched: 0 },
    ]);
    expect(view.dispatchedTodayByHour[9]).toBe(4);
    expect(view.dispatchedTodayByHour.reduce((a, b) => a + b)).toBe(4);
    const stoppedAt = sh('2026-12-01T12:00:00');
    const stopped = scheduleView(plan({ stoppedAt, dispatchedAtStop: 4 }), sh('2026-12-02T21:00:00'), TZ);
    expect(stopped.days.map((d) => d.dispatched)).toEqual([4, 0, 0]);
    expect(stopped.dispatchedTodayByHour.every((n) => n === 0)).toBe(true);
  });
});
