import { describe, expect, it } from 'vitest';
import type { BaseService } from '@common/api-types';
import { distributionSum } from '@common/distribution';
import { applyFormChange, chosenOptionIds, defaultOptions, initialFlowForm, toPlanForm, validateFlowForm } from './form';

const SH = 'Asia/Shanghai';
const at1030 = new Date('2026-03-10T02:30:00Z'); // 10:30 in Shanghai
const config: BaseService = {
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
      ],
    },
  ],
};

function filled() {
  return {
    ...initialFlowForm('2026-03-11', 100),
    itemUrl: 'https://item.taobao.com/item.htm?id=123456789',
    item: { itemId: '123456789', url: 'https://item.taobao.com/item.htm?id=123456789' },
    title: '测试商品',
    keywords: ['连衣裙'],
    configId: 1,
    options: defaultOptions(config),
  };
}

describe('plan form', () => {
  it('a filled form is valid and becomes the wire form', () => {
    const state = filled();
    expect(validateFlowForm(state, config, { requireStartDate: true, timeZone: SH, now: at1030 })).toEqual({});
    const form = toPlanForm(state, 'tb', config);
    expect(form).toMatchObject({
      flowType: 'tb',
      itemId: '123456789',
      configId: 1,
      optionIds: [100],
      dailyCount: 100,
      days: 1,
      startDate: '2026-03-11',
    });
    expect(distributionSum(form.distribution)).toBe(100);
  });

  it('checks keywords: 1 to 5, each 1 to 30 characters', () => {
    const check = (keywords: string[]) =>
      validateFlowForm({ ...filled(), keywords }, config, { requireStartDate: true, timeZone: SH, now: at1030 }).keywords;
    expect(check([''])).toBe('error.keywordsRequired');
    expect(check(['a', 'b', 'c', 'd', 'e', 'f'])).toBe('error.keywordsTooMany');
    expect(check(['x'.repeat(31)])).toBe('error.keywordTooLong');
    expect(check(['a', ' '])).toBe('error.keywordEmpty');
    expect(check(['a', 'a '])).toBe('error.keywordsDuplicate');
    expect(check(['x'.repeat(30), 'b', 'c', 'd', 'e'])).toBeUndefined();
  });

  it('needs an item, a title and one option per condition', () => {
    expect(validateFlowForm({ ...filled(), item: null }, config, { requireStartDate: true, timeZone: SH }).item).toBe('error.itemRequired');
    expect(validateFlowForm({ ...filled(), title: ' ' }, config, { requireStartDate: true, timeZone: SH }).title).toBe(
      'error.titleRequired',
    );
    expect(validateFlowForm({ ...filled(), options: {} }, config, { requireStartDate: true, timeZone: SH }).options).toBe(
      'error.optionsRequired',
    );
    expect(chosenOptionIds(config, { 10: 101 })).toEqual([101]);
  });

  it('a price the card marks as not one stops the publish; none, or a valid one, goes through as shown', () => {
    const check = (price: number | null | undefined) =>
      validateFlowForm({ ...filled(), item: { ...filled().item, price } }, config, { requireStartDate: true, timeZone: SH, now: at1030 })
        .price;
    expect(check(Number.NaN)).toBe('error.price');
    expect(check(null)).toBeUndefined();
    expect(check(3990)).toBeUndefined();
    expect(toPlanForm({ ...filled(), item: { ...filled().item, price: 3990 } }, 'tb', config).price).toBe(3990);
    expect(toPlanForm({ ...filled(), item: { ...filled().item, price: null } }, 'tb', config)).not.toHaveProperty('price');
  });

  it('a preset follows the daily count; custom hours drive the daily count', () => {
    let state = applyFormChange(filled(), { dailyCount: 240 });
    expect(distributionSum(state.distribution)).toBe(240);
    state = applyFormChange(state, { preset: 'custom' });
    state = applyFormChange(state, { distribution: state.distribution.map((n, h) => (h === 12 ? n + 5 : n)) });
    expect(state.dailyCount).toBe(245);
    expect(distributionSum(state.distribution)).toBe(245);
    state = applyFormChange(state, { dailyCount: 490 });
    expect(distributionSum(state.distribution)).toBe(490);
  });

  it('moving the start date to today keeps the full daily pattern: the cut is for the first day only', () => {
    for (const preset of ['even', 'curve', 'custom'] as const) {
      let state = applyFormChange(filled(), { preset });
      const pattern = state.distribution;
      state = applyFormChange(state, { startDate: '2026-03-10' });
      expect(state.distribution).toEqual(pattern);
      expect(distributionSum(state.distribution)).toBe(100);
      expect(validateFlowForm(state, config, { requireStartDate: true, timeZone: SH, now: at1030 }).distribution).toBeUndefined();
    }
  });

  it('custom edits may put tasks into any hour, the daily count following', () => {
    let state = applyFormChange({ ...filled(), preset: 'custom' }, { startDate: '2026-03-10' });
    state = applyFormChange(state, { distribution: state.distribution.map((n, h) => (h === 3 ? n + 9 : n)) });
    expect(state.distribution[3]).toBeGreaterThanOrEqual(9);
    expect(state.dailyCount).toBe(distributionSum(state.distribution));
  });

  it('refuses a one-day plan for today whose every task falls in hours already begun', () => {
    const early = [50, 50, ...Array<number>(22).fill(0)];
    const state = { ...filled(), preset: 'custom' as const, distribution: early, startDate: '2026-03-10', days: 1 };
    expect(validateFlowForm(state, config, { requireStartDate: true, timeZone: SH, now: at1030 }).distribution).toBe(
      'error.distribution.nothingToday',
    );
    expect(validateFlowForm({ ...state, days: 2 }, config, { requireStartDate: true, timeZone: SH, now: at1030 })).toEqual({});
  });
});
