/**
 * The one way to format numbers and dates in the app.
 * - `formatPoints(n)`: integer points with thousands separators ("12,345"), '--' when missing.
 * - `formatYuan(fen)`: money in fen as yuan with two decimals ("¥12.50" without the sign: "12.50").
 * - `formatDateTime(value)`: `YYYY-MM-DD HH:mm:ss`, '--' when empty or invalid.
 * - `formatDate(value)`: `YYYY-MM-DD`, '--' when empty or invalid.
 * - `memberDaysLeft(deadline, now)`, `isMemberExpiringSoon(user, now)`: level above 1 and 1 to 7 days
 *   left until memberDeadline.
 * - `maskPhone(phone)`: "138****8000".
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';
export const MEMBER_EXPIRY_WARNING_DAYS = 7;

const pointsFormatter = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
const yuanFormatter = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatPoints(points: number | null | undefined): string {
  if (points === null || points === undefined || !Number.isFinite(points)) return '--';
  return pointsFormatter.format(Math.trunc(points));
}

export function formatYuan(fen: number | null | undefined): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '--';
  return yuanFormatter.format(fen / 100);
}

type DateInput = string | number | Date | null | undefined;

export function formatDateTime(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '--';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '--';
}

export function formatDate(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '--';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '--';
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
