/**
 * MemberExpiryAlert: the membership-expiring-soon warning (level above 1 and 1 to 7 days
 * left), with a renew link to /recharge/member. Renders nothing otherwise.
 * Props: `user` (memberLevel, memberDeadline), `now?` (for tests).
 */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { isMemberExpiringSoon, memberDaysLeft, type MemberStatus } from '@/lib/format';

export default function MemberExpiryAlert({ user, now }: { user: MemberStatus | null | undefined; now?: Date }) {
  const { t } = useTranslation('common');
  if (!user || !isMemberExpiringSoon(user, now)) return null;
  const days = memberDaysLeft(user.memberDeadline, now) ?? 0;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="member-expiry-alert"
      title={t('memberExpiry.text', { days })}
      action={<Link href="/recharge/member">{t('memberExpiry.renew')}</Link>}
    />
  );
}
