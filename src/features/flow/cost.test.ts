import { describe, expect, it } from 'vitest';
import type { BaseService } from '@common/api-types';
import { discountPercent, stopRefund, totalCost, unitCost } from './cost';

const config: BaseService = {
  id: 1,
  name: '搜索浏览',
  integral: 2,
  conditionList: [
    { id: 10, label: '浏览时长', optionList: [{ id: 100, label: '60 秒', integral: 0 }, { id: 101, label: '120 秒', integral: 1 }, { id: 102, label: '180 秒', integral: 2 }] },
    { id: 11, label: '货比三家', optionList: [{ id: 110, label: '不需要', integral: 0 }, { id: 111, label: '需要', integral: 1 }] },
  ],
};

describe('plan cost (product §4, same formula as the server)', () => {
  it('unit cost = base service + the chosen options', () => {
    expect(unitCost(config, [100, 110])).toBe(2);
    expect(unitCost(config, [102, 111])).toBe(5);
    expect(unitCost(config, [999])).toBe(2);
    expect(unitCost(undefined, [100])).toBe(0);
  });

  it('total = ceil(unit x daily x days x discount)', () => {
    expect(totalCost(3, 100, 7, 1)).toBe(2100);
    expect(totalCost(3, 100, 7, undefined)).toBe(2100);
    expect(totalCost(3, 101, 1, 0.95)).toBe(288); // 287.85 rounds up
    expect(totalCost(1, 1, 1, 0.85)).toBe(1); // 0.85 rounds up to 1
  });

  it('never rounds a whole result up through floating point residue', () => {
    // discounts are configuration: with 55%, 1 x 100 x 1 x 0.55 is 55.00000000000001 in floating point
    expect(1 * 100 * 1 * 0.55).toBeGreaterThan(55);
    expect(totalCost(1, 100, 1, 0.55)).toBe(55);
    expect(totalCost(1, 50, 1, 0.14)).toBe(7);
    expect(totalCost(3, 100, 7, 0.95)).toBe(1995);
    expect(totalCost(7, 300, 3, 0.9)).toBe(5670);
  });

  it('is 0 while the form is incomplete', () => {
    expect(totalCost(0, 100, 1, 1)).toBe(0);
    expect(totalCost(3, 0, 1, 1)).toBe(0);
    expect(totalCost(3, 100, Number.NaN, 1)).toBe(0);
  });

  it('reads the user-data discount fraction as whole percent', () => {
    expect(discountPercent(0.95)).toBe(95);
    expect(discountPercent(0.85)).toBe(85);
    expect(discountPercent(1)).toBe(100);
    expect(discountPercent(undefined)).toBe(100);
    expect(discountPercent(0)).toBe(100);
  });
});

describe('stop refund preview', () => {
  it('refunds (total - dispatched) x unit x discount, rounded down', () => {
    expect(stopRefund(700, 0, 3, 1)).toBe(2100);
    expect(stopRefund(700, 250, 3, 1)).toBe(1350);
    expect(stopRefund(101, 0, 3, 0.95)).toBe(287); // 287.85 rounds down
    expect(stopRefund(700, 100, 3, 0.95)).toBe(1710);
  });

  it('refunds nothing once everything is dispatched', () => {
    expect(stopRefund(700, 700, 3, 1)).toBe(0);
    expect(stopRefund(700, 800, 3, 1)).toBe(0);
  });

  it('never refunds more than was charged', () => {
    for (const discount of [1, 0.95, 0.9, 0.85]) {
      for (const [unit, daily, days] of [[3, 101, 3], [7, 13, 2], [1, 1, 1]] as const) {
        expect(stopRefund(daily * days, 0, unit, discount)).toBeLessThanOrEqual(totalCost(unit, daily, days, discount));
      }
    }
  });
});
