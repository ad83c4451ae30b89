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
    ...initialFlowForm('2026-03-11', SH, 100, at1030),
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

  it('a preset follows the daily count; custom hours drive the daily count', () => {
    let state = applyFormChange(filled(), { dailyCount: 240 }, SH, at1030);
    expect(distributionSum(state.distribution)).toBe(240);
    state = applyFormChange(state, { preset: 'custom' }, SH, at1030);
    state = applyFormChange(state, { distribution: state.distribution.map((n, h) => (h === 12 ? n + 5 : n)) }, SH, at1030);
    expect(state.dailyCount).toBe(245);
    expect(distributionSum(state.distribution)).toBe(245);
    state = applyFormChange(state, { dailyCount: 490 }, SH, at1030);
    expect(distributionSum(state.distribution)).toBe(490);
  });

  it('a new form starting today leaves the hours already begun empty', () => {
    const state = initialFlowForm('2026-03-10', SH, 100, at1030);
    expect(state.distribution.slice(0, 11)).toEqual(Array(11).fill(0));
    expect(distributionSum(state.distribution)).toBe(100);
  });

  it('moving the start date to today empties the hours already begun', () => {
    for (const preset of ['even', 'curve', 'custom'] as const) {
      let state = applyFormChange(filled(), { preset }, SH, at1030);
      state = applyFormChange(state, { startDate: '2026-03-10' }, SH, at1030);
      expect(state.distribution.slice(0, 11)).toEqual(Array(11).fill(0));
      expect(distributionSum(state.distribution)).toBe(100);
      expect(validateFlowForm(state, config, { requireStartDate: true, timeZone: SH, now: at1030 }).distribution).toBeUndefined();
    }
  });

  it('custom edits cannot put tasks into begun hours', () => {
    let state = applyFormChange({ ...filled(), preset: 'custom' }, { startDate: '2026-03-10' }, SH, at1030);
    state = applyFormChange(state, { distribution: state.distribution.map((n, h) => (h === 3 ? 9 : n)) }, SH, at1030);
    expect(state.distribution[3]).toBe(0);
    expect(state.dailyCount).toBe(distributionSum(state.distribution));
  });
});
