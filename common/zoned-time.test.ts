import { describe, expect, it } from 'vitest';
import { daysBetween, formatLocalDateTime, isCalendarDate, localDate, zonedInstant } from './zoned-time.ts';

const TZ = 'Asia/Shanghai';

describe('zoned time', () => {
  it('converts business-zone wall clock both ways, across the UTC date line', () => {
    expect(zonedInstant('2026-12-01', 0, 0, TZ).toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(zonedInstant('2026-12-01', 2, 24, TZ).toISOString()).toBe('2026-12-03T16:00:00.000Z');
    expect(localDate(new Date('2026-11-30T16:30:00Z'), TZ)).toBe('2026-12-01');
    expect(formatLocalDateTime(new Date('2026-11-30T16:30:05Z'), TZ)).toBe('2026-12-01 00:30:05');
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-1-01')).toBe(false);
  });

  it('handles a zone with daylight saving (the business zone is configurable)', () => {
    // New York, 2026-03-08: 02:00 does not exist; 03:00 EDT = 07:00Z.
    expect(zonedInstant('2026-03-08', 0, 3, 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(zonedInstant('2026-07-01', 0, 9, 'America/New_York').toISOString()).toBe('2026-07-01T13:00:00.000Z');
  });
});

