/**
 * /user/center: avatar (click to choose a preset), masked phone, level badge, deadline
 * (`YYYY-MM-DD HH:mm:ss` or `--`), expiry warning, balance with top-up, change password, invite link
 * with copy and QR code, the recommend list with paging, the latest orders, and 隐私与账号 (the
 * privacy policy, a copy of one's data, account deletion).
 */
import { useState, type ReactNode } from 'react';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import SvgIcon from '@/components/SvgIcon';
import PlainButton, { plainButtonClass } from '@/components/PlainButton';
import PlainTag, { type PlainTagColor } from '@/components/PlainTag';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import AfterFirstPaint from '@/components/AfterFirstPaint';
import MemberExpiryAlert from '@/components/MemberExpiryAlert';
import UserAvatar from '@/components/UserAvatar';
import { formatDateTime, formatPoints, maskPhone } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { openChangePasswordModal } from '@/lib/ui-events';
import AvatarChooser from '../components/AvatarChooser';
import InviteCard from '../components/InviteCard';
import RecommendList from '../components/RecommendList';
import DeviceList from '../components/DeviceList';
import PrivacyActions from '../components/PrivacyActions';
import '../user-center.css';

const LEVEL_COLORS: Record<number, PlainTagColor> = { 1: 'default', 3: 'gold', 5: 'geekblue', 7: 'purple' };

export interface UserCenterPageProps {
  /** The latest orders, a widget of the recharge feature that `src/app/` composes in. */
  orders?: ReactNode;
}

export default function UserCenterPage({ orders }: UserCenterPageProps) {
  const { t } = useTranslation('user');
  const { user } = useCurrentUser();
  const [choosing, setChoosing] = useState(false);
  if (!user) return null;

  return (
    <section className="page user-center">
      <h1 className="page-title">{t('title')}</h1>
      <div className="user-profile card">
        <button
          type="button"
          className="user-profile-avatar"
          onClick={() => setChoosing(true)}
          aria-label={t('avatar.change')}
          data-testid="change-avatar"
        >
          <UserAvatar avatar={user.avatar} memberLevel={user.memberLevel} size={88} />
          <span className="user-profile-avatar-edit">
            <SvgIcon icon={EditOutlined} />
          </span>
        </button>
        <dl className="user-profile-fields">
          <div>
            <dt>{t('phone')}</dt>
            <dd data-testid="masked-phone">{maskPhone(user.phone)}</dd>
          </div>
          <div>
            <dt>{t('level')}</dt>
            <dd>
              <PlainTag color={LEVEL_COLORS[user.memberLevel] ?? 'default'} data-testid="level-badge">
                {user.memberLevelDesc}
              </PlainTag>
            </dd>
          </div>
          <div>
            <dt>{t('deadline')}</dt>
            <dd data-testid="member-deadline" className="nowrap">
              {formatDateTime(user.memberDeadline)}
            </dd>
          </div>
          <div>
            <dt>{t('balance')}</dt>
            <dd>
              <strong data-testid="user-balance">{formatPoints(user.integral)}</strong>
              <Link href="/recharge/integral" className="user-profile-link">
                {t('topUp')}
              </Link>
            </dd>
          </div>
        </dl>
        <div className="user-profile-actions">
          <PlainButton onClick={openChangePasswordModal} data-testid="user-change-password">
            {t('changePassword')}
          </PlainButton>
          <Link href="/recharge/member" className={plainButtonClass({ variant: 'primary' })}>
            {t('upgrade')}
          </Link>
        </div>
      </div>
      <MemberExpiryAlert user={user} />

      <h2 className="section-title">{t('invite.title')}</h2>
      <div className="card">
        <InviteCard inviteCode={user.inviteCode} />
      </div>

      {/* Below the first screen of a phone: rendered once the page has painted. */}
      <AfterFirstPaint>
        <h2 className="section-title">{t('recommend.title')}</h2>
        <div className="card">
          <RecommendList />
        </div>

        <h2 className="section-title">{t('devices.title')}</h2>
        <div className="card">
          <DeviceList />
        </div>

        {orders && (
          <>
            <h2 className="section-title">{t('orders.title')}</h2>
            <div className="card">{orders}</div>
          </>
        )}

        <h2 className="section-title">{t('privacy.title')}</h2>
        <div className="card" data-testid="privacy-actions">
          <PrivacyActions user={user} />
        </div>
      </AfterFirstPaint>

      <AvatarChooser open={choosing} current={user.avatar} onClose={() => setChoosing(false)} />
    </section>
  );
}
