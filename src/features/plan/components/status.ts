/** Tag colours of the plan statuses (labels come from the server's statusText / the catalogue). */
import type { PlanStatus } from '@common/domain';

export const STATUS_COLORS: Record<PlanStatus, string> = {
  pending: 'blue',
  running: 'green',
  completed: 'default',
  stopped: 'red',
};

export const PLAN_STATUSES: readonly PlanStatus[] = ['pending', 'running', 'completed', 'stopped'];
