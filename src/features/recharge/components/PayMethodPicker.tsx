/** The payment-method choice among the pay types the server offers: codes from common/domain, names from the catalogue. */
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PayType } from '@common/domain';

export interface PayMethodPickerProps {
  offered: PayType[];
  value: PayType | null;
  onChange: (payType: PayType) => void;
}

export default function PayMethodPicker({ offered, value, onChange }: PayMethodPickerProps) {
  const { t } = useTranslation('common');
  const names: Record<PayType, string> = {
    1: t('payType.1'),
    2: t('payType.2'),
    3: t('payType.3'),
    4: t('payType.4'),
    6: t('payType.6'),
    9: t('payType.9'),
  };
  return (
    <Radio.Group
      className="recharge-paytypes"
      value={value}
      onChange={(e) => onChange(e.target.value as PayType)}
      optionType="button"
      buttonStyle="solid"
      data-testid="pay-methods"
      options={offered.map((code) => ({ value: code, label: names[code] }))}
    />
  );
}
