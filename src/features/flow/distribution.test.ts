import { afterEach, describe, expect, it, vi } from 'vitest';
import { begunHours, businessNow, canStartOn, earliestStartDate, getBusinessTimeZone, setBusinessTimeZone } from './distribution';

// 2026-03-10 10:30 in Shanghai (UTC+8) = 02:30 UTC
const at1030 = new Date('2026-03-10T02:30:00Z');

describe('business time zone from the server (plan/config timeZone)', () => {
  afterEach(() => setBusinessTimeZone('Asia/Shanghai'));

  it('counts in Asia/Shanghai until the server says otherwise, then in the server zone', () => {
    expect(getBusinessTimeZone()).toBe('Asia/Shanghai');
    setBusinessTimeZone('America/New_York'); // 2026-03-10 02:30 UTC = 03-09 22:30 EDT
    expect(getBusinessTimeZone()).toBe('America/New_York');
    expect(businessNow(at1030)).toEqual({ date: '2026-03-09', hour: 22 });
    expect(begunHours('2026-03-09', at1030)).toHaveLength(23);
    expect(earliestStartDate(at1030)).toBe('2026-03-09');
    expect(canStartOn('2026-03-10', Array<number>(24).fill(1), at1030)).toBe(true);
  });

  it('a missing or unknown zone keeps the current one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setBusinessTimeZone('Not/AZone');
    setBusinessTimeZone(undefined);
    setBusinessTimeZone('');
    expect(getBusinessTimeZone()).toBe('Asia/Shanghai');
    expect(businessNow(at1030)).toEqual({ date: '2026-03-10', hour: 10 });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
