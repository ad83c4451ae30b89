/**
 * /recharge layout: children integral, member, integral-details and record, each carrying
 * its type. The tab bar stays mounted while the child changes.
 */
import { Suspense, useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { lazyAntdPart } from '@/components/lazy-antd';
import { useAfterPaint, useNavigateAfterPaint } from '@/lib/after-paint';
import IntegralPanel from '../components/IntegralPanel';
import '../recharge.css';

// The points packages come with the page (its first tab, the one the top-up links open); the other
// tabs load their code when shown, so the first tab does not carry their tables, dialogs and alerts.
// The first tab is plain markup; the others use antd and bring its provider along.
const MemberPanel = lazyAntdPart(() => import('../components/MemberPanel'));
const LedgerPanel = lazyAntdPart(() => import('../components/LedgerPanel'));
const RecordPanel = lazyAntdPart(() => import('../components/RecordPanel'));

export type RechargeType = 'integral' | 'member' | 'integral-details' | 'record';

export interface RechargePageProps {
  type: RechargeType;
}

export default function RechargePage({ type }: RechargePageProps) {
  const { t } = useTranslation('recharge');
  const tabs: Array<[RechargeType, string]> = [
    ['integral', t('tabs.integral')],
    ['member', t('tabs.member')],
    ['integral-details', t('tabs.integralDetails')],
    ['record', t('tabs.record')],
  ];
  // A tapped tab is marked at once; the route changes once that has painted.
  const [tapped, choose] = useNavigateAfterPaint((key: RechargeType) => `/recharge/${key}`);
  const active = tapped ?? type;
  const tap = (key: RechargeType) => (event: MouseEvent) => {
    if (key === active) return;
    event.preventDefault();
    choose(key);
  };
  // The tab shows at once; its panel (antd's tables and forms) renders once that has painted, in a
  // transition, so the tap's answer never waits for the panel.
  const shown = useAfterPaint(type);
  const panel = useMemo(
    () => (
      <div className="card">
        {shown === 'integral' && <IntegralPanel />}
        <Suspense fallback={<div className="recharge-panel-loading" aria-busy="true" />}>
          {shown === 'member' && <MemberPanel />}
          {shown === 'integral-details' && <LedgerPanel />}
          {shown === 'record' && <RecordPanel />}
        </Suspense>
      </div>
    ),
    [shown],
  );
  return (
    <section className="page recharge-page" data-recharge-type={shown}>
      <h1 className="page-title">{t('title')}</h1>
      <nav className="recharge-tabs" aria-label={t('title')}>
        {tabs.map(([key, label]) => (
          <Link
            key={key}
            href={`/recharge/${key}`}
            onClick={tap(key)}
            className={key === active ? 'recharge-tab active' : 'recharge-tab'}
            aria-current={key === active ? 'page' : undefined}
            data-testid={`recharge-tab-${key}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      {panel}
    </section>
  );
}
