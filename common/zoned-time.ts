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

export function localParts(at: Date, timeZone: string): LocalParts {
  const key = `${timeZone}|${Math.floor(at.getTime() / 1000)}`;
  const known = recentParts.get(key);
  if (known) return known;
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const result = { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
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
  return asUtc - (at - (at % 1000 + 1000) % 1000);
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
