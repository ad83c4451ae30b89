/**
 * Plan cost rules (product §4), the same arithmetic as the server:
 * unit = base service integral + the chosen options' integral;
 * total = ceil(unit x dailyCount x days x discount); refund on stop = floor((total count - dispatched)
 * x unit x discount). The discount is handled as a whole percent (0.95 -> 95) so that no floating
 * point residue (100 x 0.55 = 55.00000000000001) can push a ceiling one point up.
 */
import type { BaseService } from '@common/api-types';

export function discountPercent(discount: number | null | undefined): number {
  if (discount === null || discount === undefined || !Number.isFinite(discount) || discount <= 0) return 100;
  return Math.round(discount * 100);
}

/** Base service integral plus the integral of each chosen option (unknown ids count 0). */
export function unitCost(config: BaseService | undefined, optionIds: readonly (number | undefined)[]): number {
  if (!config) return 0;
  let sum = config.integral;
  for (const condition of config.conditionList) {
    for (const option of condition.optionList) if (optionIds.includes(option.id)) sum += option.integral;
  }
  return sum;
}

export function totalCost(unit: number, dailyCount: number, days: number, discount: number | null | undefined): number {
  if (!(unit > 0) || !(dailyCount > 0) || !(days > 0)) return 0;
  return Math.ceil((unit * dailyCount * days * discountPercent(discount)) / 100);
}

export function stopRefund(totalCount: number, dispatched: number, unit: number, discount: number | null | undefined): number {
  const remaining = Math.max(0, totalCount - dispatched);
  return Math.floor((remaining * unit * discountPercent(discount)) / 100);
}
