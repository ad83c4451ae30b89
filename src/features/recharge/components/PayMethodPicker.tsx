/** The payment-method choice among the pay types the server offers: codes from common/domain, names from the catalogue. */
import { useTranslation } from 'react-i18next';
import type { PayType } from '@common/domain';
import RadioGroup from '@/components/RadioGroup';
import { usePayTypeNames } from '@/lib/domain-names';

export interface PayMethodPickerProps {
  offered: PayType[];
  value: PayType | null;
  onChange: (payType: PayType) => void;
}

export default function PayMethodPicker({ offered, value, onChange }: PayMethodPickerProps) {
  const { t } = useTranslation('recharge');
  const names = usePayTypeNames();
  return (
    <RadioGroup
      optionType="button"
      buttonStyle="solid"
      aria-label={t('checkout.method')}
      value={value}
      onChange={onChange}
      options={offered.map((code) => ({ value: code, label: names[code] }))}
      data-testid="pay-methods"
    />
  );
}
