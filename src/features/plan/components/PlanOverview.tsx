/** Home overview: plan counts by status, today's dispatched, the five latest plans. No antd: the home page loads none. */
import PlainTag from '@/components/PlainTag';
import ProgressBar from '@/components/ProgressBar';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDateTime, formatPoints } from '@/lib/format';
import { OVERVIEW_LATEST, usePlanCounts, usePlanList } from '../api';
import { progressPercent } from '../rules';
import { PLAN_STATUSES, STATUS_COLORS, usePlanStatusNames } from './status';
import '../plan.css';

export default function PlanOverview() {
  const { t } = useTranslation('plan');
  const { data: counts } = usePlanCounts();
  const { data: latest } = usePlanList({}, 1, OVERVIEW_LATEST);
  const statusNames = usePlanStatusNames();
  return (
    <section className="plan-overview" data-testid="plan-overview">
      <h2 className="section-title">{t('overview.title')}</h2>
      <div className="plan-overview-counts">
        {PLAN_STATUSES.map((s) => (
          <div key={s} className="plan-overview-count" data-testid={`count-${s}`}>
            <span>{statusNames[s]}</span>
            <strong>{formatPoints(counts?.[s] ?? 0)}</strong>
          </div>
        ))}
        <div className="plan-overview-count" data-testid="count-today">
          <span>{t('overview.todayDispatched')}</span>
          <strong>{formatPoints(counts?.todayDispatched ?? 0)}</strong>
        </div>
      </div>
      <div className="card plan-overview-latest">
        <div className="plan-overview-head">
          <h3>{t('overview.latest')}</h3>
          <Link href="/plan/list">{t('overview.all')}</Link>
        </div>
        {latest && latest.list.length === 0 && (
          <p className="plan-hint">
            {t('overview.none')} <Link href="/flow/tb">{t('publishNew')}</Link>
          </p>
        )}
        <ul>
          {latest?.list.map((p) => (
            <li key={p.id}>
              <span className="plan-cell-title" title={p.title}>
                {p.title}
              </span>
              <PlainTag color={STATUS_COLORS[p.status]}>{statusNames[p.status]}</PlainTag>
              <ProgressBar aria-label={t('field.progress')} className="plan-overview-progress" percent={progressPercent(p)} />
              <span className="plan-cell-sub nowrap">{formatDateTime(p.createdAt)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
