import { describe, expect, it } from 'vitest';
import {
  allocate,
  begunHours,
  businessNow,
  canStartOn,
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

  it('hours begun: up to the current hour today, none on a later day', () => {
    expect(begunHours('2026-03-10', at1030, TZ)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(begunHours('2026-03-11', at1030, TZ)).toEqual([]);
    expect(begunHours('', at1030, TZ)).toEqual([]);
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

  it('puts nothing in hours already begun today', () => {
    const blocked = begunHours('2026-03-10', at1030, TZ);
    for (const preset of ['even', 'curve'] as const) {
      const d = presetDistribution(preset, 100, blocked);
      expect(d.slice(0, 11)).toEqual(Array(11).fill(0));
      expect(distributionSum(d)).toBe(100);
      expect(checkDistribution(d, 100, '2026-03-10', at1030, TZ)).toBeNull();
    }
  });

  it('rescales a custom shape to a new daily count, keeping it', () => {
    const custom = [0, 0, 0, 0, 0, 0, 0, 0, 10, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20, 0, 0, 0];
    const doubled = rescaleDistribution(custom, 80);
    expect(doubled[8]).toBe(20);
    expect(doubled[20]).toBe(40);
    expect(distributionSum(doubled)).toBe(80);
    // a shape living only in begun hours falls back to even over the open hours
    const early = [5, 5, ...Array(22).fill(0)];
    const refit = rescaleDistribution(early, 26, begunHours('2026-03-10', at1030, TZ));
    expect(refit.slice(0, 11)).toEqual(Array(11).fill(0));
    expect(distributionSum(refit)).toBe(26);
    expect(Math.max(...refit.slice(11)) - Math.min(...refit.slice(11))).toBeLessThanOrEqual(1);
  });
});

describe('the sum rule', () => {
  it('rejects a distribution that does not add up to the daily count', () => {
    const even = presetDistribution('even', 100);
    expect(checkDistribution(even, 100, null, at1030, TZ)).toBeNull();
    expect(checkDistribution(even, 101, null, at1030, TZ)).toBe('sum');
    expect(checkDistribution(even.slice(0, 23), 100, null, at1030, TZ)).toBe('length');
    expect(checkDistribution([-1, 101, ...Array(22).fill(0)], 100, null, at1030, TZ)).toBe('negative');
  });

  it('rejects tasks in hours already begun when the start date is today', () => {
    const even = presetDistribution('even', 48);
    expect(checkDistribution(even, 48, '2026-03-10', at1030, TZ)).toBe('begun');
    expect(checkDistribution(even, 48, '2026-03-11', at1030, TZ)).toBeNull();
    expect(canStartOn('2026-03-10', even, at1030, TZ)).toBe(false);
    expect(canStartOn('2026-03-11', even, at1030, TZ)).toBe(true);
    expect(canStartOn('2026-03-09', even, at1030, TZ)).toBe(false);
    const lateOnly = [...Array(20).fill(0), 12, 12, 12, 12];
    expect(canStartOn('2026-03-10', lateOnly, at1030, TZ)).toBe(true);
  });
});
