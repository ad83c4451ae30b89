/** One plan's details and time distribution, read from plan detail while either view is open. */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '@/lib/lazy-part';
import PlainSkeleton from '@/components/PlainSkeleton';
import { usePlanDetail } from '../api';
import TimeDistribution from './TimeDistribution';
import { DetailsDrawer, TimeDistributionDialog } from './ViewDialogs';

// Its tables load when a drawer first opens, not with the list.
const PlanDetails = lazyPart(() => import('./PlanDetails'));

export interface PlanViewsProps {
  view: { kind: 'details' | 'time'; id: number } | null;
  onClose: () => void;
}

export default function PlanViews({ view, onClose }: PlanViewsProps) {
  const { t } = useTranslation('plan');
  const { data: detail } = usePlanDetail(view?.id ?? null);
  return (
    <>
      <DetailsDrawer open={view?.kind === 'details'} onClose={onClose} title={t('details.title')}>
        {detail ? (
          <Suspense fallback={<PlainSkeleton />}>
            <PlanDetails
              form={detail.plan}
              serviceName={detail.plan.configName}
              options={detail.plan.options ?? []}
              plan={detail.plan}
              schedule={detail.schedule}
              ledger={detail.ledger}
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
