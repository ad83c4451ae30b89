import { describe, expect, it } from 'vitest';
import type { PlanRow } from '@common/api-types';
import { canDelete, lastPlanDay, progressPercent, stopPreview } from './rules';

function plan(id: number, patch: Partial<PlanRow>): PlanRow {
  return {
    id,
    flowType: 'tb',
    itemUrl: 'https://item.taobao.com/item.htm?id=123456',
    itemId: '123456',
    title: '商品',
    image: null,
    shopName: null,
    keywords: ['a'],
    configId: 1,
    configName: '搜索浏览',
    optionIds: [],
    options: [],
    dailyCount: 100,
    days: 7,
    startDate: '2026-03-11',
    distribution: [...Array<number>(20).fill(4), 5, 5, 5, 5],
    unitCost: 3,
    discount: 1,
    totalCount: 700,
    firstDayFromHour: 0,
    firstDayCount: 100,
    totalCost: 2100,
    dispatched: 0,
    status: 'pending',
    statusText: '待开始',
    refunded: 0,
    createdAt: '2026-03-10T02:00:00Z',
    endAt: '2026-03-18T00:00:00+08:00',
    stoppedAt: null,
    ...patch,
  };
}

describe('stop refund preview', () => {
  it('a pending plan refunds everything it cost (no discount)', () => {
    expect(stopPreview([plan(1, {})]).refund).toBe(2100);
  });

  it('a running plan refunds the charge minus the price of the dispatched tasks (rounded down, in the seller’s favour)', () => {
    // charged 1995; the 233 dispatched cost floor(233 x 3 x 0.95 = 664.05) = 664: 1995 - 664 = 1331
    const preview = stopPreview([plan(1, { status: 'running', dispatched: 233, discount: 0.95, totalCost: 1995 })]);
    expect(preview.refund).toBe(1331);
  });

  it('adds up a batch and leaves out plans that cannot stop', () => {
    const preview = stopPreview([
      plan(1, {}),
      plan(2, { status: 'running', dispatched: 100 }),
      plan(3, { status: 'completed', dispatched: 700 }),
      plan(4, { status: 'stopped', dispatched: 50, refunded: 1950 }),
    ]);
    expect(preview.stoppable.map((p) => p.id)).toEqual([1, 2]);
    expect(preview.skipped.map((p) => p.id)).toEqual([3, 4]);
    expect(preview.refund).toBe(2100 + 1800);
  });

  it('only completed or stopped plans can be deleted', () => {
    expect(canDelete(plan(1, { status: 'completed' }))).toBe(true);
    expect(canDelete(plan(1, { status: 'stopped' }))).toBe(true);
    expect(canDelete(plan(1, { status: 'running' }))).toBe(false);
    expect(canDelete(plan(1, { status: 'pending' }))).toBe(false);
  });
});

describe('plan dates', () => {
  it('the last day is start + days - 1, across month ends', () => {
    expect(lastPlanDay('2026-03-11', 1)).toBe('2026-03-11');
    expect(lastPlanDay('2026-03-11', 7)).toBe('2026-03-17');
    expect(lastPlanDay('2026-02-26', 5)).toBe('2026-03-02');
  });
});

describe('progressPercent', () => {
  it('is the dispatched share in whole percent, rounded down, 0 for an empty plan', () => {
    expect(progressPercent({ dispatched: 199, totalCount: 200 })).toBe(99);
    expect(progressPercent({ dispatched: 200, totalCount: 200 })).toBe(100);
    expect(progressPercent({ dispatched: 0, totalCount: 0 })).toBe(0);
  });
});
