/**
 * Calendar dates of the business time zone (Asia/Shanghai by default) as instants, over the
 * zone arithmetic of common/zoned-time.ts.
 */
import { badRequest } from '../../http/errors.ts';
import { formatLocalDateTime, zonedInstant } from '../../../../common/zoned-time.ts';

/** `YYYYMMDDHHmmss` of `at` in `timeZone` (the readable head of an order number). */
export function compactDateTime(at: Date, timeZone: string): string {
  return formatLocalDateTime(at, timeZone).replace(/[-: ]/g, '');
}

/** [from, to) instants of an inclusive calendar-day range; 400 when the end precedes the start. */
export function businessDayRange(range: { startDate?: string; endDate?: string }, timeZone: string): { from?: Date; to?: Date } {
  if (range.startDate && range.endDate && range.endDate < range.startDate) throw badRequest('结束日期不能早于开始日期');
  return {
    from: range.startDate ? zonedInstant(range.startDate, 0, 0, timeZone) : undefined,
    to: range.endDate ? zonedInstant(range.endDate, 1, 0, timeZone) : undefined,
  };
}
