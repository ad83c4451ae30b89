/**
 * 返回继续发布: the way back to the form a seller left for money (src/lib/return-point.ts), above
 * the packages and in the payment result. Taking it clears the return point; the form restores its
 * draft by itself.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import PlainButton from '@/components/PlainButton';
import { clearReturnPoint, readReturnPoint } from '@/lib/return-point';

export default function ReturnToForm({ placement }: { placement: 'top' | 'result' }) {
  const { t } = useTranslation('recharge');
  const [, navigate] = useLocation();
  const [point] = useState(readReturnPoint);
  if (!point) return null;
  const label = point.kind === 'publish' ? t('returnTo.publish') : t('returnTo.publishTemplate');
  const back = () => {
    clearReturnPoint();
    navigate(point.path);
  };
  if (placement === 'top') {
    return (
      <p className="recharge-return" data-testid="return-to-form-top">
        {t('returnTo.hint')}
        <PlainButton variant="link" onClick={back}>
          {label}
        </PlainButton>
      </p>
    );
  }
  return (
    <PlainButton variant="primary" onClick={back} data-testid="return-to-form">
      {label}
    </PlainButton>
  );
}
