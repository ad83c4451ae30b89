/**
 * What a plan costs and what a stop gives back, in whole points, for the app's preview and the
 * server's charge alike. One rounding rule, never against the seller:
 *
 *   price of N tasks = floor(N x unit x discount)   (the member's saving is rounded in the seller's favour)
 *   charge at publish = the price of the plan's tasks
 *   refund at stop    = charge - the price of the tasks dispatched
 *
 * So the seller never pays for a fraction of a point, a refund is never negative, and what a
 * stopped plan kept is exactly what its dispatched tasks cost. unit = base service integral + the
 * chosen options' integral (per task). The member discount is a whole percent (95 for 0.95) and the
 * arithmetic stays in integers, so no floating point residue (100 x 0.55 = 55.00000000000001) can
 * move a point.
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

/** The price of `tasks` tasks: floor(tasks x unit x percent / 100); 0 for no task, no unit or nonsense. */
export function tasksPrice(tasks: number, unit: number, percent: number): number {
  if (!(tasks > 0) || !(unit > 0) || !(percent > 0)) return 0;
  const hundredths = Math.floor(tasks) * unit * percent;
  return (hundredths - (hundredths % 100)) / 100;
}

/** A cost as a seller checks it: 原价 (tasks x unit), 会员优惠 (what the discount takes off) and 实付. */
export interface CostBreakdown {
  original: number;
  saving: number;
  paid: number;
}

export function costBreakdown(tasks: number, unit: number, percent: number): CostBreakdown {
  const original = tasks > 0 && unit > 0 ? Math.floor(tasks) * unit : 0;
  const paid = tasksPrice(tasks, unit, percent);
  return { original, saving: original - paid, paid };
}

/** Refund of a stop: the charge minus the price of the tasks dispatched, never below 0. */
export function stopRefund(totalCost: number, dispatched: number, unit: number, percent: number): number {
  return Math.max(0, totalCost - tasksPrice(Math.max(0, dispatched), unit, percent));
}
