/** Calendar dates of the business time zone (Asia/Shanghai by default) as instants. */
import { badRequest } from '../../http/errors.ts';

const partsFormatter = new Map<string, Intl.DateTimeFormat>();
function wallClock(at: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  let f = partsFormatter.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatter.set(timeZone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(at)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out as ReturnType<typeof wallClock>;
}

/** Offset of the zone at `at`, in ms (wall clock minus UTC). */
function zoneOffset(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the calendar day `YYYY-MM-DD` begins in `timeZone`. */
export function startOfBusinessDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d);
  const first = naive - zoneOffset(new Date(naive), timeZone);
  return new Date(naive - zoneOffset(new Date(first), timeZone));
}

/** `YYYYMMDDHHmmss` of `at` in `timeZone` (the readable head of an order number). */
export function compactDateTime(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  const p = (n: number, l = 2) => String(n).padStart(l, '0');
  return `${p(w.year, 4)}${p(w.month)}${p(w.day)}${p(w.hour)}${p(w.minute)}${p(w.second)}`;
}

/** [from, to) instants of an inclusive calendar-day range; 400 when the end precedes the start. */
export function businessDayRange(
  range: { startDate?: string; endDate?: string },
  timeZone: string,
): { from?: Date; to?: Date } {
  if (range.startDate && range.endDate && range.endDate < range.startDate) {
    throw badRequest('结束日期不能早于开始日期');
  }
  const from = range.startDate ? startOfBusinessDay(range.startDate, timeZone) : undefined;
  let to: Date | undefined;
  if (range.endDate) {
    const [y, m, d] = range.endDate.split('-').map(Number) as [number, number, number];
    const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    to = startOfBusinessDay(next, timeZone);
  }
  return { from, to };
}
