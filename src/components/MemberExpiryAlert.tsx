/**
 * MemberExpiryAlert: the membership-expiring-soon warning (level above 1 and 1 to 7 days
 * left), with a renew link to /recharge/member. Renders nothing otherwise; antd's Alert is loaded
 * only when the warning shows (most visits never show it).
 * Props: `user` (memberLevel, memberDeadline), `now?` (for tests).
 */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { isMemberExpiringSoon, memberDaysLeft, type MemberStatus } from '@/lib/format';
import { lazyPart } from '@/lib/lazy-part';

const Alert = lazyPart(() => import('./AntdAlert'));

export default function MemberExpiryAlert({ user, now }: { user: MemberStatus | null | undefined; now?: Date }) {
  const { t } = useTranslation('common');
  if (!user || !isMemberExpiringSoon(user, now)) return null;
  const days = memberDaysLeft(user.memberDeadline, now) ?? 0;
  return (
    <Suspense fallback={null}>
      <Alert
        type="warning"
        showIcon
        data-testid="member-expiry-alert"
        title={t('memberExpiry.text', { days })}
        action={<Link href="/recharge/member">{t('memberExpiry.renew')}</Link>}
      />
    </Suspense>
  );
}
