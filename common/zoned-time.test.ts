import { describe, expect, it } from 'vitest';
import { daysBetween, formatLocalDateTime, isCalendarDate, localDate, localParts, zonedInstant } from './zoned-time.ts';

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

  it('zones without daylight saving since 1992 read the same by arithmetic as through Intl', () => {
    const viaIntl = (at: Date, timeZone: string) => {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }).formatToParts(at);
      const value = (type: string) => Number(parts.find((p) => p.type === type)!.value);
      return {
        year: value('year'),
        month: value('month'),
        day: value('day'),
        hour: value('hour') % 24,
        minute: value('minute'),
        second: value('second'),
      };
    };
    const from = Date.UTC(1992, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    for (const zone of ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Taipei', 'Asia/Singapore', 'UTC', 'Etc/UTC']) {
      for (let i = 0; i <= 500; i++) {
        // Spread over the years, with odd seconds and milliseconds, plus both ends.
        const at = new Date(i === 500 ? to : from + Math.floor(((to - from) / 500) * i) + i * 7919);
        expect(localParts(at, zone), `${zone} ${at.toISOString()}`).toEqual(viaIntl(at, zone));
      }
    }
    // Before 1992 Intl still answers: China kept summer time until 1991 (UTC+9 in July 1988).
    expect(formatLocalDateTime(new Date('1988-07-01T00:00:00Z'), 'Asia/Shanghai')).toBe('1988-07-01 09:00:00');
  });
});
