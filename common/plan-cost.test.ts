import { describe, expect, it } from 'vitest';
import type { BaseService } from './api-types.ts';
import { discountPercent, planTotalCost, stopRefund, unitCost } from './plan-cost.ts';

const service: BaseService = {
  id: 1,
  name: '搜索浏览',
  integral: 2,
  conditionList: [
    {
      id: 10,
      label: '浏览时长',
      optionList: [
        { id: 100, label: '60 秒', integral: 0 },
        { id: 101, label: '120 秒', integral: 1 },
        { id: 102, label: '180 秒', integral: 2 },
      ],
    },
    {
      id: 11,
      label: '货比三家',
      optionList: [
        { id: 110, label: '不需要', integral: 0 },
        { id: 111, label: '需要', integral: 1 },
      ],
    },
  ],
};

describe('unit cost', () => {
  it('is the base service plus the chosen options', () => {
    expect(unitCost(service, [100, 110])).toBe(2);
    expect(unitCost(service, [102, 111])).toBe(5);
    expect(unitCost(service, [999])).toBe(2);
    expect(unitCost(undefined, [100])).toBe(0);
  });
});

describe('member discount', () => {
  it('reads the API discount fraction as a whole percent, full price without one', () => {
    expect(discountPercent(0.95)).toBe(95);
    expect(discountPercent(0.85)).toBe(85);
    expect(discountPercent(1)).toBe(100);
    expect(discountPercent(undefined)).toBe(100);
    expect(discountPercent(null)).toBe(100);
    expect(discountPercent(0)).toBe(100);
    expect(discountPercent(Number.NaN)).toBe(100);
  });
});

describe('plan total', () => {
  it.each([
    // unit, daily, days, discount% -> total
    [6, 10, 3, 100, 180],
    [6, 10, 3, 95, 171],
    [6, 10, 3, 90, 162],
    [6, 10, 3, 85, 153],
    [7, 13, 3, 95, 260], // 259.35 -> 260
    [3, 101, 1, 95, 288], // 287.85 -> 288
    [3, 1, 1, 85, 3], // 2.55 -> 3
    [1, 1, 1, 95, 1], // 0.95 -> 1
    [3, 100, 7, 100, 2100],
    [9, 10000, 90, 85, 6885000],
  ])('unit %i x %i a day x %i days at %i percent = %i', (unit, daily, days, pct, total) => {
    expect(planTotalCost(unit, daily, days, pct)).toBe(total);
  });

  it('never rounds a whole result up through floating point residue', () => {
    // with 55%, 1 x 100 x 1 x 0.55 is 55.00000000000001 in floating point
    expect(1 * 100 * 1 * 0.55).toBeGreaterThan(55);
    expect(planTotalCost(1, 100, 1, discountPercent(0.55))).toBe(55);
    expect(planTotalCost(1, 50, 1, discountPercent(0.14))).toBe(7);
    expect(planTotalCost(3, 100, 7, discountPercent(0.95))).toBe(1995);
    expect(planTotalCost(7, 300, 3, discountPercent(0.9))).toBe(5670);
  });

  it('is 0 while the form is incomplete', () => {
    expect(planTotalCost(0, 100, 1, 100)).toBe(0);
    expect(planTotalCost(3, 0, 1, 100)).toBe(0);
    expect(planTotalCost(3, 100, Number.NaN, 100)).toBe(0);
  });
});

describe('stop refund', () => {
  it('refunds the undispatched tasks x unit x discount, rounded down', () => {
    expect(stopRefund(700, 0, 3, 100)).toBe(2100);
    expect(stopRefund(700, 250, 3, 100)).toBe(1350);
    expect(stopRefund(101, 0, 3, 95)).toBe(287); // 287.85
    expect(stopRefund(700, 100, 3, 95)).toBe(1710);
    expect(stopRefund(30, 14, 6, 100)).toBe(96);
    expect(stopRefund(30, 14, 7, 95)).toBe(106); // 106.4
  });

  it('refunds nothing once everything is dispatched', () => {
    expect(stopRefund(30, 30, 7, 95)).toBe(0);
    expect(stopRefund(700, 800, 3, 100)).toBe(0);
  });

  it('never refunds more than was charged', () => {
    for (const pct of [100, 95, 90, 85]) {
      for (const [unit, daily, days] of [
        [3, 101, 3],
        [7, 13, 3],
        [1, 1, 1],
      ] as const) {
        for (const dispatched of [0, 1, daily, daily * days - 1]) {
          expect(stopRefund(daily * days, dispatched, unit, pct)).toBeLessThanOrEqual(planTotalCost(unit, daily, days, pct));
        }
      }
    }
  });
});
