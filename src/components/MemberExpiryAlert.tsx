/**
 * MemberExpiryAlert: the membership-expiring-soon warning (level above 1 and 1 to 7 days
 * left), with a renew link to /recharge/member. Renders nothing otherwise. Plain markup that looks
 * like antd's warning Alert (PlainAlert): the home page shows it and loads no antd.
 * Props: `user` (memberLevel, memberDeadline), `now?` (for tests).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { isMemberExpiringSoon, memberDaysLeft, type MemberStatus } from '@/lib/format';
import PlainAlert from './PlainAlert';
import './PlainAlert.css';

export default function MemberExpiryAlert({ user, now }: { user: MemberStatus | null | undefined; now?: Date }) {
  const { t } = useTranslation('common');
  if (!user || !isMemberExpiringSoon(user, now)) return null;
  const days = memberDaysLeft(user.memberDeadline, now) ?? 0;
  return (
    <PlainAlert
      data-testid="member-expiry-alert"
      action={
        <Link href="/recharge/member" className="plain-alert-action">
          {t('memberExpiry.renew')}
        </Link>
      }
    >
      {t('memberExpiry.text', { days })}
    </PlainAlert>
  );
}
