/** One plan's details and time distribution, read from plan detail while either view is open. */
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '@/lib/lazy-part';
import PlainSkeleton from '@/components/PlainSkeleton';
import PlainButton from '@/components/PlainButton';
import { usePlanDetail } from '../api';
import { canDelete, canStop } from '../rules';
import type { PlanRowActions } from './planColumns';
import TimeDistribution from './TimeDistribution';
import { DetailsDrawer, TimeDistributionDialog } from './ViewDialogs';

// Its tables load when a drawer first opens, not with the list.
const PlanDetails = lazyPart(() => import('./PlanDetails'));

export interface PlanViewsProps {
  view: { kind: 'details' | 'time'; id: number } | null;
  onClose: () => void;
  /** The plan's actions at the foot of its details (phones, where the list rows carry none). */
  actions?: PlanRowActions;
}

export default function PlanViews({ view, onClose, actions }: PlanViewsProps) {
  const { t } = useTranslation('plan');
  const { data: detail } = usePlanDetail(view?.id ?? null);
  const plan = detail?.plan;
  // 时间分布 at the details' foot brings the details' own time distribution into view (the same
  // figure, today's hours included): no dialog over a full-screen drawer, the answer within a frame.
  const timeHeadingId = useId();
  const showTime = () => {
    const heading = document.getElementById(timeHeadingId);
    heading?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
  };
  const act = (run: (p: NonNullable<typeof plan>) => void) => () => {
    if (!plan) return;
    onClose();
    run(plan);
  };
  const footer =
    actions && plan ? (
      <div className="plan-details-actions" data-testid="plan-details-actions">
        <PlainButton onClick={showTime}>{t('action.time')}</PlainButton>
        <PlainButton onClick={act(actions.toTemplate)}>{t('action.toTemplate')}</PlainButton>
        {canStop(plan) && (
          <PlainButton danger onClick={act(actions.stop)}>
            {t('action.stop')}
          </PlainButton>
        )}
        {canDelete(plan) && (
          <PlainButton danger onClick={act(actions.remove)}>
            {t('action.delete')}
          </PlainButton>
        )}
      </div>
    ) : undefined;
  return (
    <>
      <DetailsDrawer open={view?.kind === 'details'} onClose={onClose} title={t('details.title')} footer={footer}>
        {detail ? (
          <Suspense fallback={<PlainSkeleton />}>
            <PlanDetails
              form={detail.plan}
              serviceName={detail.plan.configName}
              options={detail.plan.options ?? []}
              plan={detail.plan}
              schedule={detail.schedule}
              ledger={detail.ledger}
              timeHeadingId={timeHeadingId}
            />
          </Suspense>
        ) : (
          <PlainSkeleton />
        )}
      </DetailsDrawer>
      <TimeDistributionDialog open={view?.kind === 'time'} onClose={onClose}>
        {detail ? (
          <>
            <p className="plan-hint">
              {t('timeDist.summary', { title: detail.plan.title, daily: detail.plan.dailyCount, today: detail.schedule.today })}
            </p>
            <TimeDistribution
              distribution={detail.schedule.distribution}
              dispatchedByHour={detail.schedule.currentDay !== null ? detail.schedule.dispatchedTodayByHour : undefined}
              currentHour={detail.schedule.currentHour}
            />
          </>
        ) : (
          <PlainSkeleton />
        )}
      </TimeDistributionDialog>
    </>
  );
}
