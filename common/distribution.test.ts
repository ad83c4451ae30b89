import { describe, expect, it } from 'vitest';
import {
  allocate,
  businessNow,
  canStartOn,
  firstDayCount,
  firstDayFromHour,
  planTaskCount,
  checkDistribution,
  distributionSum,
  earliestStartDate,
  presetDistribution,
  rescaleDistribution,
  TRAFFIC_CURVE,
} from './distribution.ts';

const TZ = 'Asia/Shanghai';
// 2026-03-10 10:30 in Shanghai (UTC+8) = 02:30 UTC
const at1030 = new Date('2026-03-10T02:30:00Z');
// 2026-03-10 23:15 in Shanghai
const at2315 = new Date('2026-03-10T15:15:00Z');

describe('business clock (Asia/Shanghai)', () => {
  it('reads the date and hour in Shanghai, whatever the machine zone', () => {
    expect(businessNow(at1030, TZ)).toEqual({ date: '2026-03-10', hour: 10 });
    expect(businessNow(new Date('2026-03-10T16:05:00Z'), TZ)).toEqual({ date: '2026-03-11', hour: 0 });
  });

  it('earliest start: today while an hour is ahead, else tomorrow', () => {
    expect(earliestStartDate(at1030, TZ)).toBe('2026-03-10');
    expect(earliestStartDate(at2315, TZ)).toBe('2026-03-11');
  });
});

describe('distribution presets', () => {
  it('allocate keeps the exact sum and the proportions', () => {
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocate(7, [0, 2, 1, 0])).toEqual([0, 5, 2, 0]);
    expect(allocate(5, [0, 0])).toEqual([0, 0]);
  });

  it('even spreads the daily count over 24 hours, summing to it', () => {
    const even = presetDistribution('even', 100);
    expect(even).toHaveLength(24);
    expect(distributionSum(even)).toBe(100);
    expect(Math.max(...even) - Math.min(...even)).toBeLessThanOrEqual(1);
    expect(presetDistribution('even', 48)).toEqual(Array(24).fill(2));
  });

  it('the traffic curve peaks in the evening and is quiet before dawn', () => {
    const curve = presetDistribution('curve', 1000);
    expect(distributionSum(curve)).toBe(1000);
    expect(curve[21]).toBe(Math.max(...curve));
    expect(curve[4]!).toBeLessThan(curve[10]!);
    expect(TRAFFIC_CURVE).toHaveLength(24);
  });

  it('keeps the sum for any daily count, even below 24', () => {
    for (const daily of [1, 5, 23, 24, 25, 99, 1234, 10000]) {
      expect(distributionSum(presetDistribution('even', daily))).toBe(daily);
      expect(distributionSum(presetDistribution('curve', daily))).toBe(daily);
    }
  });

  it('is the full daily pattern: every hour of the curve has its share', () => {
    const d = presetDistribution('curve', 100);
    expect(d.every((n) => n > 0)).toBe(true);
    expect(checkDistribution(d, 100)).toBeNull();
  });

  it('rescales a custom shape to a new daily count, keeping it', () => {
    const custom = [0, 0, 0, 0, 0, 0, 0, 0, 10, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20, 0, 0, 0];
    const doubled = rescaleDistribution(custom, 80);
    expect(doubled[8]).toBe(20);
    expect(doubled[20]).toBe(40);
    expect(distributionSum(doubled)).toBe(80);
    // a shape with nothing in it falls back to even
    const refit = rescaleDistribution(Array(24).fill(0), 26);
    expect(distributionSum(refit)).toBe(26);
    expect(Math.max(...refit) - Math.min(...refit)).toBeLessThanOrEqual(1);
  });
});

describe('the sum rule', () => {
  it('rejects a distribution that does not add up to the daily count', () => {
    const even = presetDistribution('even', 100);
    expect(checkDistribution(even, 100)).toBeNull();
    expect(checkDistribution(even, 101)).toBe('sum');
    expect(checkDistribution(even.slice(0, 23), 100)).toBe('length');
    expect(checkDistribution([-1, 101, ...Array(22).fill(0)], 100)).toBe('negative');
  });
});

describe('the first-day cut: starting today cuts today only', () => {
  const at0300 = new Date('2026-03-10T03:20:00+08:00');

  it('cuts the hours already begun from the first day, none from a later start', () => {
    expect(firstDayFromHour('2026-03-10', at0300, TZ)).toBe(4);
    expect(firstDayFromHour('2026-03-10', at1030, TZ)).toBe(11);
    expect(firstDayFromHour('2026-03-11', at0300, TZ)).toBe(0);
  });

  it('keeps the full pattern on every later day: 平均分布 of 24 a day from 03:20 for 3 days', () => {
    const even = presetDistribution('even', 24);
    expect(even).toEqual(Array(24).fill(1));
    expect(firstDayCount(even, 4)).toBe(20);
    expect(planTaskCount(even, 24, 3, 4)).toBe(20 + 24 + 24);
    expect(planTaskCount(even, 24, 3, 0)).toBe(72);
    expect(planTaskCount(even, 24, 1, 24)).toBe(0);
  });

  it('lets a plan start today while any task is left to do', () => {
    const even = presetDistribution('even', 48);
    expect(canStartOn('2026-03-10', even, 1, at1030, TZ)).toBe(true);
    expect(canStartOn('2026-03-11', even, 1, at1030, TZ)).toBe(true);
    expect(canStartOn('2026-03-09', even, 3, at1030, TZ)).toBe(false);
    const earlyOnly = [12, 12, 12, 12, ...Array(20).fill(0)];
    // nothing left today and no other day: refused; a second day gives it tasks
    expect(canStartOn('2026-03-10', earlyOnly, 1, at1030, TZ)).toBe(false);
    expect(canStartOn('2026-03-10', earlyOnly, 2, at1030, TZ)).toBe(true);
  });
});
