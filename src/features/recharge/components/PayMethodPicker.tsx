/** The payment-method choice among the pay types the server offers; labels from common/domain (the zh-cn catalogue). */
import { Radio } from 'antd';
import { PAY_TYPE_LABELS, type PayType } from '@common/domain';

export interface PayMethodPickerProps {
  offered: PayType[];
  value: PayType | null;
  onChange: (payType: PayType) => void;
}

export default function PayMethodPicker({ offered, value, onChange }: PayMethodPickerProps) {
  return (
    <Radio.Group
      className="recharge-paytypes"
      value={value}
      onChange={(e) => onChange(e.target.value as PayType)}
      optionType="button"
      buttonStyle="solid"
      data-testid="pay-methods"
      options={offered.map((code) => ({ value: code, label: PAY_TYPE_LABELS[code] }))}
    />
  );
}
