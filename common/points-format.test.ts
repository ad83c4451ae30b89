import { describe, expect, it } from 'vitest';
import { formatPoints, groupThousands } from './points-format.ts';

describe('formatPoints', () => {
  it('reads like Intl.NumberFormat zh-CN, integers only', () => {
    const intl = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
    for (const n of [
      0,
      7,
      12,
      999,
      1000,
      3200,
      12345,
      999999,
      1000000,
      123456789,
      -1,
      -1000,
      -1234567,
      Number.MAX_SAFE_INTEGER,
      1e21,
      -4.2e22,
    ]) {
      expect(formatPoints(n), String(n)).toBe(intl.format(n));
    }
    expect(formatPoints(1234.99)).toBe('1,234');
    expect(formatPoints(-1234.99)).toBe('-1,234');
  });

  it('says -- when there is no number', () => {
    for (const missing of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatPoints(missing)).toBe('--');
  });

  it('groupThousands keeps the sign', () => {
    expect(groupThousands(-1234567)).toBe('-1,234,567');
    expect(groupThousands(100)).toBe('100');
  });
});
