import { describe, expect, it } from 'vitest';
import type { BaseService } from './api-types.ts';
import { costBreakdown, discountPercent, stopRefund, tasksPrice, unitCost } from './plan-cost.ts';

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

describe('the price of tasks: floor(tasks x unit x discount), never against the seller', () => {
  it.each([
    // unit, tasks, discount% -> price
    [6, 30, 100, 180],
    [6, 30, 95, 171],
    [6, 30, 90, 162],
    [6, 30, 85, 153],
    [3, 33, 95, 94], // 94.05 -> 94 (the example: shown as 95 before)
    [7, 39, 95, 259], // 259.35 -> 259
    [3, 101, 95, 287], // 287.85 -> 287
    [3, 1, 85, 2], // 2.55 -> 2
    [1, 1, 95, 0], // 0.95 -> 0: one task of 1 point at 95% costs nothing rather than a whole point
    [3, 700, 100, 2100],
    [9, 900000, 85, 6885000],
  ])('unit %i x %i tasks at %i percent = %i', (unit, tasks, pct, price) => {
    expect(tasksPrice(tasks, unit, pct)).toBe(price);
    const { original, saving, paid } = costBreakdown(tasks, unit, pct);
    expect(paid).toBe(price);
    expect(original).toBe(unit * tasks);
    expect(original - saving).toBe(paid);
    // never more than the exact amount, never a whole point less
    expect(paid).toBeLessThanOrEqual((unit * tasks * pct) / 100);
    expect(paid).toBeGreaterThan((unit * tasks * pct) / 100 - 1);
  });

  it('never moves a point through floating point residue', () => {
    // with 55%, 1 x 100 x 0.55 is 55.00000000000001 in floating point
    expect(1 * 100 * 1 * 0.55).toBeGreaterThan(55);
    expect(tasksPrice(100, 1, discountPercent(0.55))).toBe(55);
    expect(tasksPrice(50, 1, discountPercent(0.14))).toBe(7);
    expect(tasksPrice(700, 3, discountPercent(0.95))).toBe(1995);
    expect(tasksPrice(900, 7, discountPercent(0.9))).toBe(5670);
  });

  it('is 0 while the form is incomplete', () => {
    expect(tasksPrice(100, 0, 100)).toBe(0);
    expect(tasksPrice(0, 3, 100)).toBe(0);
    expect(tasksPrice(Number.NaN, 3, 100)).toBe(0);
    expect(costBreakdown(0, 3, 95)).toEqual({ original: 0, saving: 0, paid: 0 });
  });
});

describe('stop refund: the charge minus the price of the tasks dispatched', () => {
  it('leaves the seller paying exactly the price of what was dispatched', () => {
    expect(stopRefund(2100, 0, 3, 100)).toBe(2100);
    expect(stopRefund(2100, 250, 3, 100)).toBe(1350);
    expect(stopRefund(287, 0, 3, 95)).toBe(287);
    expect(stopRefund(1995, 100, 3, 95)).toBe(1710); // 1995 - 285
    expect(stopRefund(180, 14, 6, 100)).toBe(96);
    // 30 tasks of 7 at 95%: charged floor(199.5) = 199; 14 dispatched cost floor(93.1) = 93
    expect(stopRefund(199, 14, 7, 95)).toBe(106);
    // 33 x 3 at 95%: charged 94; 1 dispatched costs floor(2.85) = 2
    expect(stopRefund(94, 1, 3, 95)).toBe(92);
  });

  it('refunds nothing once everything is dispatched, and never goes negative', () => {
    expect(stopRefund(199, 30, 7, 95)).toBe(0);
    expect(stopRefund(2100, 800, 3, 100)).toBe(0);
  });

  it("never refunds more than was charged, and the kept part is the dispatched tasks' price", () => {
    for (const pct of [100, 95, 90, 85]) {
      for (const [unit, tasks] of [
        [3, 303],
        [7, 39],
        [1, 1],
        [3, 33],
      ] as const) {
        const charged = tasksPrice(tasks, unit, pct);
        for (const dispatched of [0, 1, Math.floor(tasks / 2), tasks - 1, tasks]) {
          const refund = stopRefund(charged, dispatched, unit, pct);
          expect(refund).toBeGreaterThanOrEqual(0);
          expect(refund).toBeLessThanOrEqual(charged);
          expect(charged - refund).toBe(tasksPrice(dispatched, unit, pct));
        }
      }
    }
  });
});
