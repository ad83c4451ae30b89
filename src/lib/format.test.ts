import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_BUSINESS_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatPoints,
  formatPointsAmount,
  formatYuan,
  isMemberExpiringSoon,
  maskPhone,
  memberDaysLeft,
  setBusinessTimeZone,
} from './format';

const now = new Date('2026-11-22T12:00:00+08:00');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe('isMemberExpiringSoon (level above 1 and 1 to 7 days left)', () => {
  it('warns a paid member with 1 to 7 days left', () => {
    expect(isMemberExpiringSoon({ memberLevel: 3, memberDeadline: inDays(1) }, now)).toBe(true);
    expect(isMemberExpiringSoon({ memberLevel: 5, memberDeadline: inDays(7) }, now)).toBe(true);
    expect(isMemberExpiringSoon({ memberLevel: 7, memberDeadline: inDays(3.5) }, now)).toBe(true);
  });

  it('does not warn with more than 7 days left', () => {
    expect(isMemberExpiringSoon({ memberLevel: 3, memberDeadline: inDays(7.5) }, now)).toBe(false);
    expect(isMemberExpiringSoon({ memberLevel: 3, memberDeadline: inDays(30) }, now)).toBe(false);
  });

  it('does not warn once the deadline has passed, or without a deadline', () => {
    expect(isMemberExpiringSoon({ memberLevel: 3, memberDeadline: inDays(-0.5) }, now)).toBe(false);
    expect(isMemberExpiringSoon({ memberLevel: 3, memberDeadline: inDays(-3) }, now)).toBe(false);
    expect(isMemberExpiringSoon({ memberLevel: 3, memberDeadline: null }, now)).toBe(false);
    expect(isMemberExpiringSoon({ memberLevel: 3, memberDeadline: 'not a date' }, now)).toBe(false);
  });

  it('never warns a default member (level 1), nor without a user', () => {
    expect(isMemberExpiringSoon({ memberLevel: 1, memberDeadline: inDays(3) }, now)).toBe(false);
    expect(isMemberExpiringSoon(null, now)).toBe(false);
  });

  it('counts part of a day as a day', () => {
    expect(memberDaysLeft(inDays(0.2), now)).toBe(1);
    expect(memberDaysLeft(inDays(6.01), now)).toBe(7);
    expect(memberDaysLeft(null, now)).toBeNull();
  });
});

describe('formatting', () => {
  afterEach(() => setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE));

  it('formats dates as YYYY-MM-DD HH:mm:ss or --, in the business time zone whatever the device zone', () => {
    expect(formatDateTime('2026-01-05T01:03:07Z')).toBe('2026-01-05 09:03:07');
    expect(formatDateTime(new Date('2026-01-04T16:30:00Z'))).toBe('2026-01-05 00:30:00');
    expect(formatDate('2026-01-04T16:30:00Z')).toBe('2026-01-05');
    expect(formatDateTime(null)).toBe('--');
    expect(formatDateTime('')).toBe('--');
    expect(formatDateTime('garbage')).toBe('--');
  });

  it('follows the business time zone the server names, and ignores an unknown one', () => {
    setBusinessTimeZone('America/Los_Angeles');
    expect(formatDateTime('2026-01-05T01:03:07Z')).toBe('2026-01-04 17:03:07');
    expect(formatDate('2026-01-05T01:03:07Z')).toBe('2026-01-04');
    setBusinessTimeZone('Mars/Olympus');
    expect(formatDate('2026-01-05T01:03:07Z')).toBe('2026-01-04');
  });

  it('passes a plain calendar date (a plan day) through unchanged in any zone', () => {
    setBusinessTimeZone('America/Los_Angeles');
    expect(formatDate('2026-11-24')).toBe('2026-11-24');
  });

  it('formats points with their unit the one way: "3,200 积分"', () => {
    expect(formatPointsAmount(3200)).toBe('3,200 积分');
    expect(formatPointsAmount(1000)).toBe('1,000 积分');
  });

  it('formats points and fen', () => {
    expect(formatPoints(12345)).toBe('12,345');
    expect(formatPoints(0)).toBe('0');
    expect(formatPoints(undefined)).toBe('--');
    expect(formatYuan(1250)).toBe('12.50');
    expect(formatYuan(100000)).toBe('1,000.00');
    // What Intl.NumberFormat zh-CN with two decimals gives (no Intl formatter is built for it).
    const intl = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const fen of [0, 1, 5, 99, 100, 1005, 123456789, -1, -50, -1250, -123456, 12.5, 13.5, -12.5, 0.4]) {
      expect(formatYuan(fen), String(fen)).toBe(intl.format((Math.sign(fen) * Math.round(Math.abs(fen))) / 100));
    }
  });

  it('masks phones', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('138****8000')).toBe('138****8000');
    expect(maskPhone('')).toBe('--');
  });
});
