/**
 * The one way to format numbers and dates in the app.
 * - `formatPoints(n)`: integer points with thousands separators ("12,345"), '--' when missing (shared
 *   with the server); `formatPointsAmount(n)`: the same with its unit from the catalogue ("12,345 积分").
 * - `formatYuan(fen)`: money in fen as yuan with two decimals ("¥12.50" without the sign: "12.50").
 * - `formatDateTime(value)`: `YYYY-MM-DD HH:mm:ss`, '--' when empty or invalid.
 * - `formatDate(value)`: `YYYY-MM-DD`, '--' when empty or invalid; a plain date passes unchanged.
 *   Both show the instant in the business time zone (the server's TZ_BUSINESS, learnt from
 *   user-data through `setBusinessTimeZone`), never the device's, so a phone abroad shows the same
 *   day as the plan dates.
 * - `memberDaysLeft(deadline, now)`, `isMemberExpiringSoon(user, now)`: level above 1 and 1 to 7 days
 *   left until memberDeadline.
 * - `maskPhone(phone)`: "138****8000".
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { formatPoints, groupThousands } from '@common/points-format';
import { formatLocalDateTime, localDate } from '@common/zoned-time';
import { DEFAULT_BUSINESS_TIME_ZONE, getBusinessTimeZone, setBusinessTimeZone } from './session-store';

export { formatPoints };

dayjs.locale('zh-cn');

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';
export const MEMBER_EXPIRY_WARNING_DAYS = 7;

export { DEFAULT_BUSINESS_TIME_ZONE, getBusinessTimeZone, setBusinessTimeZone };

export function formatPointsAmount(points: number | null | undefined): string {
  return i18n.t('common:pointsAmount', { n: formatPoints(points) });
}

export function formatYuan(fen: number | null | undefined): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '--';
  // Whole fen (half away from zero, as Intl rounds), then yuan and fen apart: exact, and no Intl
  // formatter to build (see common/points-format).
  const cents = Math.sign(fen) * Math.round(Math.abs(fen));
  const yuan = Math.trunc(cents / 100);
  const rest = String(Math.abs(cents % 100)).padStart(2, '0');
  return `${cents < 0 && yuan === 0 ? '-' : ''}${groupThousands(yuan)}.${rest}`;
}

type DateInput = string | number | Date | null | undefined;

function toInstant(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDateTime(value: DateInput): string {
  const at = toInstant(value);
  return at ? formatLocalDateTime(at, getBusinessTimeZone()) : '--';
}

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function formatDate(value: DateInput): string {
  if (typeof value === 'string' && PLAIN_DATE.test(value)) return value;
  const at = toInstant(value);
  return at ? localDate(at, getBusinessTimeZone()) : '--';
}

/** Whole days (rounded up) from now until the deadline; null without a valid deadline. */
export function memberDaysLeft(deadline: DateInput, now: DateInput = new Date()): number | null {
  if (deadline === null || deadline === undefined || deadline === '') return null;
  const end = dayjs(deadline);
  if (!end.isValid()) return null;
  const ms = end.valueOf() - dayjs(now).valueOf();
  return Math.ceil(ms / 86_400_000);
}

export interface MemberStatus {
  memberLevel: number;
  memberDeadline?: string | null;
}

/** Member level above 1 and 1 to 7 days remaining until memberDeadline. */
export function isMemberExpiringSoon(user: MemberStatus | null | undefined, now: DateInput = new Date()): boolean {
  if (!user || !(user.memberLevel > 1)) return false;
  const days = memberDaysLeft(user.memberDeadline, now);
  return days !== null && days >= 1 && days <= MEMBER_EXPIRY_WARNING_DAYS;
}

export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '--';
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
