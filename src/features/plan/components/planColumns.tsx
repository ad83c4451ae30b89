/** The plan table's columns: item, platform, service, daily x days, dates, progress, cost, status and the row actions. */
import type { TableColumnsType } from 'antd';
import PlainButton from '@/components/PlainButton';
import PlainTag from '@/components/PlainTag';
import ProgressBar from '@/components/ProgressBar';
import { useTranslation } from 'react-i18next';
import type { PlanRow } from '@common/api-types';
import type { FlowType, PlanStatus } from '@common/domain';
import { formatPoints } from '@/lib/format';
import { useFlowTypeNames } from '@/lib/flow-type-names';
import { canDelete, canStop, lastPlanDay, progressPercent } from '../rules';
import { STATUS_COLORS, usePlanStatusNames } from './status';

export interface PlanRowActions {
  details: (plan: PlanRow) => void;
  time: (plan: PlanRow) => void;
  stop: (plan: PlanRow) => void;
  remove: (plan: PlanRow) => void;
  toTemplate: (plan: PlanRow) => void;
}

export function usePlanColumns(actions: PlanRowActions): TableColumnsType<PlanRow> {
  const { t } = useTranslation('plan');
  const statusNames = usePlanStatusNames();
  const platformNames = useFlowTypeNames();
  return [
    {
      title: t('field.item'),
      key: 'item',
      width: 200,
      render: (_, p) => (
        <div className="plan-cell-item">
          <span className="plan-cell-title" title={p.title}>
            {p.title}
          </span>
          <span className="plan-cell-sub">
            #{p.id} · {p.itemId}
          </span>
        </div>
      ),
    },
    { title: t('field.platform'), dataIndex: 'flowType', render: (v: FlowType) => platformNames[v] },
    { title: t('field.service'), dataIndex: 'configName' },
    { title: t('field.count'), key: 'count', render: (_, p) => t('dailyTimesDays', { daily: formatPoints(p.dailyCount), days: p.days }) },
    {
      title: t('field.dates'),
      key: 'dates',
      width: 120,
      render: (_, p) => (
        <span className="plan-cell-dates">
          {p.startDate}
          <br />~ {lastPlanDay(p.startDate, p.days)}
        </span>
      ),
    },
    {
      title: t('field.progress'),
      key: 'progress',
      width: 130,
      render: (_, p) => (
        <div data-testid="plan-progress">
          <ProgressBar aria-label={t('field.progress')} percent={progressPercent(p)} showInfo={false} />
          <span className="plan-cell-sub">
            {formatPoints(p.dispatched)} / {formatPoints(p.totalCount)}
          </span>
        </div>
      ),
    },
    { title: t('field.totalCost'), dataIndex: 'totalCost', render: (n: number) => formatPoints(n) },
    {
      title: t('field.status'),
      dataIndex: 'status',
      render: (s: PlanStatus) => <PlainTag color={STATUS_COLORS[s]}>{statusNames[s]}</PlainTag>,
    },
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: 180,
      render: (_, p) => (
        <span className="plan-actions">
          <PlainButton variant="link" size="small" onClick={() => actions.details(p)}>
            {t('action.details')}
          </PlainButton>
          <PlainButton variant="link" size="small" onClick={() => actions.time(p)}>
            {t('action.time')}
          </PlainButton>
          {canStop(p) && (
            <PlainButton variant="link" size="small" danger onClick={() => actions.stop(p)}>
              {t('action.stop')}
            </PlainButton>
          )}
          {canDelete(p) && (
            <PlainButton variant="link" size="small" danger onClick={() => actions.remove(p)}>
              {t('action.delete')}
            </PlainButton>
          )}
          <PlainButton variant="link" size="small" onClick={() => actions.toTemplate(p)}>
            {t('action.toTemplate')}
          </PlainButton>
        </span>
      ),
    },
  ];
}
