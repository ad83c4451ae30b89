/** The payment-method choice among the pay types the server offers: codes from common/domain, names from the catalogue. */
import { Radio } from 'antd';
import type { PayType } from '@common/domain';
import { usePayTypeNames } from '@/lib/domain-names';

export interface PayMethodPickerProps {
  offered: PayType[];
  value: PayType | null;
  onChange: (payType: PayType) => void;
}

export default function PayMethodPicker({ offered, value, onChange }: PayMethodPickerProps) {
  const names = usePayTypeNames();
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
