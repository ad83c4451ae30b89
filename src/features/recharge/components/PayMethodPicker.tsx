/**
 * The payment-method choice among the pay types the server offers: codes from common/domain, names
 * from the catalogue. Native radios in the look of antd's solid button Radio.Group (recharge.css,
 * `recharge-paytype`), so the top-up page loads no antd for it.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayType } from '@common/domain';
import { usePayTypeNames } from '@/lib/domain-names';

export interface PayMethodPickerProps {
  offered: PayType[];
  value: PayType | null;
  onChange: (payType: PayType) => void;
}

export default function PayMethodPicker({ offered, value, onChange }: PayMethodPickerProps) {
  const { t } = useTranslation('recharge');
  const names = usePayTypeNames();
  const name = useId();
  return (
    <div role="radiogroup" aria-label={t('checkout.method')} className="recharge-paytypes" data-testid="pay-methods">
      {offered.map((code) => (
        <label key={code} className={code === value ? 'recharge-paytype checked' : 'recharge-paytype'}>
          <input type="radio" name={name} value={code} checked={code === value} onChange={() => onChange(code)} />
          {names[code]}
        </label>
      ))}
    </div>
  );
}
