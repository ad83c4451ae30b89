/** The payment-method choice: codes and labels from common/domain (shared with the server). */
import { Radio } from 'antd';
import { PAY_TYPE_CODES, PAY_TYPE_LABELS, type PayType } from '@common/domain';

export default function PayMethodPicker({ value, onChange }: { value: PayType; onChange: (payType: PayType) => void }) {
  return (
    <Radio.Group
      className="recharge-paytypes"
      value={value}
      onChange={(e) => onChange(e.target.value as PayType)}
      optionType="button"
      buttonStyle="solid"
      data-testid="pay-methods"
      options={PAY_TYPE_CODES.map((code) => ({ value: code, label: PAY_TYPE_LABELS[code] }))}
    />
  );
}
