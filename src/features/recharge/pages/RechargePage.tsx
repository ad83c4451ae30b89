/**
 * /recharge layout: children integral, member, integral-details and record, each carrying
 * its type. The tab bar stays mounted while the child changes.
 */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { lazyAntdPart } from '@/components/lazy-antd';
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
  return (
    <section className="page recharge-page" data-recharge-type={type}>
      <h1 className="page-title">{t('title')}</h1>
      <nav className="recharge-tabs" aria-label={t('title')}>
        {tabs.map(([key, label]) => (
          <Link
            key={key}
            href={`/recharge/${key}`}
            className={key === type ? 'recharge-tab active' : 'recharge-tab'}
            aria-current={key === type ? 'page' : undefined}
            data-testid={`recharge-tab-${key}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      <div className="card">
        {type === 'integral' && <IntegralPanel />}
        <Suspense fallback={<div className="recharge-panel-loading" aria-busy="true" />}>
          {type === 'member' && <MemberPanel />}
          {type === 'integral-details' && <LedgerPanel />}
          {type === 'record' && <RecordPanel />}
        </Suspense>
      </div>
    </section>
  );
}
