/**
 * Wall-clock time in a given IANA time zone (the business zone, Asia/Shanghai by default, is passed
 * in by the caller) with Intl only: an instant's local date and hour, and the instant a local
 * date-and-hour begins. Zones with daylight saving are handled by re-checking the offset at the
 * computed instant. Shared by the server and the app.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
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
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * formatToParts costs microseconds per call and a list page asks about the same few instants
 * (now, midnight) for every row: remember recent answers (bounded).
 */
const recentParts = new Map<string, LocalParts>();
const RECENT_LIMIT = 1024;

/**
 * Zones whose offset from UTC has not changed since 1992 (no daylight saving), in minutes: from
 * then on their wall clock is UTC plus a constant and needs no Intl formatter, whose first build
 * costs 100-200 ms on a phone-speed CPU on every page that shows a date. Older instants, and every
 * other zone, go through Intl.
 */
const FIXED_OFFSET_MINUTES = new Map<string, number>([
  ['Asia/Shanghai', 480],
  ['Asia/Hong_Kong', 480],
  ['Asia/Taipei', 480],
  ['Asia/Singapore', 480],
  ['UTC', 0],
  ['Etc/UTC', 0],
]);
const FIXED_SINCE = Date.UTC(1992, 0, 1);

export function localParts(at: Date, timeZone: string): LocalParts {
  const fixedOffset = FIXED_OFFSET_MINUTES.get(timeZone);
  if (fixedOffset !== undefined && at.getTime() >= FIXED_SINCE) {
    const wall = new Date(at.getTime() + fixedOffset * 60_000);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    };
  }
  const key = `${timeZone}|${Math.floor(at.getTime() / 1000)}`;
  const known = recentParts.get(key);
  if (known) return known;
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const result = {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
  if (recentParts.size >= RECENT_LIMIT) recentParts.clear();
  recentParts.set(key, result);
  return result;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The local calendar date of an instant, `YYYY-MM-DD`. */
export function localDate(at: Date, timeZone: string): string {
  const p = localParts(at, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** `YYYY-MM-DD HH:mm:ss` in the given zone (the product's date-time format). */
export function formatLocalDateTime(at: Date, timeZone: string): string {
  const p = localParts(at, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** Offset of the zone from UTC at an instant, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const p = localParts(new Date(at), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (at - (((at % 1000) + 1000) % 1000));
}

/** The instant the local `date` (YYYY-MM-DD) plus `dayOffset` days, at `hour`:00, begins. */
export function zonedInstant(date: string, dayOffset: number, hour: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d + dayOffset, hour);
  let guess = wall - offsetAt(wall, timeZone);
  const corrected = wall - offsetAt(guess, timeZone);
  if (corrected !== guess) guess = corrected;
  return new Date(guess);
}

/** Whole calendar days from date `a` to date `b` (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  const toDay = (s: string) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d) / 86_400_000;
  };
  return toDay(b) - toDay(a);
}

/** date + n days, YYYY-MM-DD. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  return addDays(s, 0) === s;
}
