/** Plan rules the list needs: what may stop or be deleted, the stop refund preview, the last plan day. */
import { stopRefund } from './form/cost';
import type { PlanRow } from '@common/api-types';
import { addDays } from '@common/zoned-time';

export const canStop = (plan: Pick<PlanRow, 'status'>) => plan.status === 'pending' || plan.status === 'running';
export const canDelete = (plan: Pick<PlanRow, 'status'>) => plan.status === 'completed' || plan.status === 'stopped';

export interface StopPreview {
  stoppable: PlanRow[];
  /** Chosen plans that cannot stop (completed or already stopped). */
  skipped: PlanRow[];
  refund: number;
}

export function stopPreview(plans: readonly PlanRow[]): StopPreview {
  const stoppable = plans.filter(canStop);
  const refund = stoppable.reduce(
    (sum, p) => sum + stopRefund(p.totalCost, p.status === 'pending' ? 0 : p.dispatched, p.unitCost, p.discount),
    0,
  );
  return { stoppable, skipped: plans.filter((p) => !canStop(p)), refund };
}

/** The plan's last calendar day (YYYY-MM-DD): start date + days - 1, plain date arithmetic. */
export const lastPlanDay = (startDate: string, days: number): string => addDays(startDate, Math.max(1, days) - 1);

/** Share of the plan's tasks already dispatched, a whole percent rounded down. */
export const progressPercent = (plan: Pick<PlanRow, 'dispatched' | 'totalCount'>) =>
  plan.totalCount ? Math.floor((plan.dispatched / plan.totalCount) * 100) : 0;
