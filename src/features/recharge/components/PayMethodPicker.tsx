/** The payment-method choice: codes from common/domain (shared with the server), names from the catalogue. */
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAY_TYPE_CODES, type PayType } from '@common/domain';

export default function PayMethodPicker({ value, onChange }: { value: PayType; onChange: (payType: PayType) => void }) {
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
      options={PAY_TYPE_CODES.map((code) => ({ value: code, label: names[code] }))}
    />
  );
}
