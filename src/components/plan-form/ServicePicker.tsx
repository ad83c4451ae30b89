/** Base service (one of the platform's planConfigList) and one option per deep-visit condition. */
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPoints, formatPointsAmount } from '@/lib/format';
import type { BaseService } from '@common/api-types';

export interface ServicePickerProps {
  configs: BaseService[];
  configId: number | null;
  options: Record<number, number>;
  error?: string;
  onConfig: (configId: number) => void;
  onOption: (conditionId: number, optionId: number) => void;
}

export default function ServicePicker({ configs, configId, options, error, onConfig, onOption }: ServicePickerProps) {
  const { t } = useTranslation('flow');
  const config = configs.find((c) => c.id === configId);
  return (
    <div className="flow-service">
      <Radio.Group value={configId} onChange={(e) => onConfig(e.target.value as number)} optionType="button" buttonStyle="solid" data-testid="base-service">
        {configs.map((c) => (
          <Radio.Button key={c.id} value={c.id}>
            {c.name} · {formatPointsAmount(c.integral)}
          </Radio.Button>
        ))}
      </Radio.Group>
      {config && config.conditionList.length > 0 && (
        <div className="flow-conditions" data-testid="conditions">
          {config.conditionList.map((condition) => (
            <div className="flow-condition" key={condition.id}>
              <span className="flow-condition-label">{condition.label}</span>
              <Radio.Group value={options[condition.id]} onChange={(e) => onOption(condition.id, e.target.value as number)}>
                {condition.optionList.map((option) => (
                  <Radio key={option.id} value={option.id}>
                    {option.label}
                    <span className="flow-option-price">{option.integral > 0 ? t('plusPoints', { n: formatPoints(option.integral) }) : t('free')}</span>
                  </Radio>
                ))}
              </Radio.Group>
            </div>
          ))}
        </div>
      )}
      {error && <p className="flow-error">{t(error)}</p>}
    </div>
  );
}
