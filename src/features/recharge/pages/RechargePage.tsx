/**
 * /recharge layout: children integral, member, integral-details and record, each carrying
 * its type. The tab bar stays mounted while the child changes.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import IntegralPanel from '../components/IntegralPanel';
import LedgerPanel from '../components/LedgerPanel';
import MemberPanel from '../components/MemberPanel';
import RecordPanel from '../components/RecordPanel';
import '../recharge.css';

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
        {type === 'member' && <MemberPanel />}
        {type === 'integral-details' && <LedgerPanel />}
        {type === 'record' && <RecordPanel />}
      </div>
    </section>
  );
}
