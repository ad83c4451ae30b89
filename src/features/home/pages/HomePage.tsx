/**
 * /: balance and member status (with the expiry warning), the install card, three platform cards
 * (/flow/tb|jd|pdd), shortcuts to top-up and membership, and an `extra` slot that `src/app/` fills
 * (the plans feature's overview: counts by status, today's dispatched, latest plans).
 * No antd: the page a user lands on after signing in loads none of its code or run-time styles.
 */
import type { ReactNode } from 'react';
import CrownOutlined from '@ant-design/icons-svg/es/asn/CrownOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import WalletOutlined from '@ant-design/icons-svg/es/asn/WalletOutlined';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FLOW_TYPES } from '@common/domain';
import InstallCard from '@/components/InstallCard';
import MemberExpiryAlert from '@/components/MemberExpiryAlert';
import { plainButtonClass } from '@/components/PlainButton';
import SvgIcon from '@/components/SvgIcon';
import { formatDateTime, formatPoints } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { useFlowTypeNames } from '@/lib/flow-type-names';
import '../home.css';

export interface HomePageProps {
  extra?: ReactNode;
}

export default function HomePage({ extra }: HomePageProps) {
  const { t } = useTranslation('home');
  const { user } = useCurrentUser();
  const platformNames = useFlowTypeNames();

  return (
    <section className="page home-page">
      <div className="home-summary">
        <div className="home-card home-balance" data-testid="home-balance">
          <span className="home-card-label">
            <SvgIcon icon={WalletOutlined} /> {t('balance')}
          </span>
          <strong className="home-card-value">{formatPoints(user?.integral)}</strong>
          <Link href="/recharge/integral" className={plainButtonClass({ variant: 'primary' })}>
            {t('topUp')}
          </Link>
        </div>
        <div className="home-card home-member" data-testid="home-member">
          <span className="home-card-label">
            <SvgIcon icon={CrownOutlined} /> {t('member')}
          </span>
          <strong className="home-card-value">{user?.memberLevelDesc ?? '--'}</strong>
          <span className="home-card-sub">
            {t('deadline')}
            <span className="nowrap">{user && user.memberLevel > 1 ? formatDateTime(user.memberDeadline) : '--'}</span>
          </span>
          <Link href="/recharge/member" className={plainButtonClass()}>
            {t('upgrade')}
          </Link>
        </div>
      </div>
      <MemberExpiryAlert user={user} />

      <h2 className="section-title">{t('publishTitle')}</h2>
      <div className="platform-cards">
        {FLOW_TYPES.map((flowType) => (
          <Link
            key={flowType}
            href={`/flow/${flowType}`}
            className={`platform-card platform-${flowType}`}
            data-testid={`platform-${flowType}`}
          >
            <span className="platform-card-name">{platformNames[flowType]}</span>
            <span className="platform-card-action">
              {t('publishAction')} <SvgIcon icon={RightOutlined} />
            </span>
          </Link>
        ))}
      </div>

      <h2 className="section-title">{t('shortcuts')}</h2>
      <div className="shortcuts">
        <Link href="/recharge/integral" className="shortcut">
          {t('shortcut.integral')}
        </Link>
        <Link href="/recharge/member" className="shortcut">
          {t('shortcut.member')}
        </Link>
        <Link href="/plan/list" className="shortcut">
          {t('shortcut.plans')}
        </Link>
        <Link href="/recharge/integral-details" className="shortcut">
          {t('shortcut.details')}
        </Link>
      </div>

      {extra}
      {/* Last: Chrome's beforeinstallprompt often fires after the first paint, and a card that
          appears there must not push the page down (a layout shift). */}
      <InstallCard />
    </section>
  );
}
