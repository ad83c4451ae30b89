/** The plan statuses: their order, tag colours and catalogue names (common:planStatus.*). */
import { useTranslation } from 'react-i18next';
import { PLAN_STATUSES, type PlanStatus } from '@common/domain';
import type { PlainTagColor } from '@/components/PlainTag';

export const STATUS_COLORS: Record<PlanStatus, PlainTagColor> = {
  pending: 'blue',
  running: 'green',
  completed: 'default',
  stopped: 'red',
};

export { PLAN_STATUSES };

export function usePlanStatusNames(): Record<PlanStatus, string> {
  const { t } = useTranslation('common');
  return {
    pending: t('planStatus.pending'),
    running: t('planStatus.running'),
    completed: t('planStatus.completed'),
    stopped: t('planStatus.stopped'),
  };
}
