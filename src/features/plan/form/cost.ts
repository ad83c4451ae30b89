/**
 * The plan cost rules (common/plan-cost, the same functions the server charges with), taking the
 * member discount as the API sends it (a fraction such as 0.95).
 */
import { discountPercent, planTotalCost, stopRefund as refundAtPercent } from '@common/plan-cost';

export function totalCost(unit: number, dailyCount: number, days: number, discount: number | null | undefined): number {
  return planTotalCost(unit, dailyCount, days, discountPercent(discount));
}

export function stopRefund(totalCount: number, dispatched: number, unit: number, discount: number | null | undefined): number {
  return refundAtPercent(totalCount, dispatched, unit, discountPercent(discount));
}
