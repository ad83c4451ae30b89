/**
 * What a plan costs and what a stop gives back, in whole points, for the app's preview and the
 * server's charge alike:
 * unit = base service integral + the chosen options' integral (per task);
 * total = ceil(unit x dailyCount x days x discount); refund on stop = floor(undispatched tasks x
 * unit x discount). The member discount is a whole percent (95 for 0.95) and the arithmetic stays in
 * integers, so no floating point residue (100 x 0.55 = 55.00000000000001) can move a point.
 */
import type { BaseService } from './api-types.ts';

/** A member discount as a whole percent: 0.95 -> 95; none, zero or nonsense -> 100 (full price). */
export function discountPercent(discount: number | null | undefined): number {
  if (discount === null || discount === undefined || !Number.isFinite(discount) || discount <= 0) return 100;
  return Math.round(discount * 100);
}

/** Base service integral plus the integral of each chosen option (unknown ids count 0). */
export function unitCost(service: BaseService | undefined, optionIds: readonly (number | undefined)[]): number {
  if (!service) return 0;
  let sum = service.integral;
  for (const condition of service.conditionList) {
    for (const option of condition.optionList) if (optionIds.includes(option.id)) sum += option.integral;
  }
  return sum;
}

/** Total charge: ceil(unit x dailyCount x days x percent / 100); 0 while the form is incomplete. */
export function planTotalCost(unit: number, dailyCount: number, days: number, percent: number): number {
  if (!(unit > 0) || !(dailyCount > 0) || !(days > 0)) return 0;
  const hundredths = unit * dailyCount * days * percent;
  const rest = hundredths % 100;
  return (hundredths - rest) / 100 + (rest > 0 ? 1 : 0);
}

/** Refund of a stop: floor(undispatched tasks x unit x percent / 100), never below 0. */
export function stopRefund(totalCount: number, dispatched: number, unit: number, percent: number): number {
  const hundredths = Math.max(0, totalCount - dispatched) * unit * percent;
  return (hundredths - (hundredths % 100)) / 100;
}
