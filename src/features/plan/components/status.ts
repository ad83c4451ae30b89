/** The plan statuses: their order, tag colours and catalogue names (plan:status.*). */
import { useTranslation } from 'react-i18next';
import type { PlanStatus } from '@common/domain';

export const STATUS_COLORS: Record<PlanStatus, string> = {
  pending: 'blue',
  running: 'green',
  completed: 'default',
  stopped: 'red',
};

export const PLAN_STATUSES: readonly PlanStatus[] = ['pending', 'running', 'completed', 'stopped'];

export function usePlanStatusNames(): Record<PlanStatus, string> {
  const { t } = useTranslation('plan');
  return { pending: t('status.pending'), running: t('status.running'), completed: t('status.completed'), stopped: t('status.stopped') };
}
