/** Base service (one of the platform's planConfigList) and one option per deep-visit condition. */
import { useTranslation } from 'react-i18next';
import { formatPoints, formatPointsAmount } from '@/lib/format';
import type { BaseService } from '@common/api-types';
import RadioGroup from '@/components/RadioGroup';

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
      <RadioGroup
        optionType="button"
        buttonStyle="solid"
        value={configId}
        onChange={onConfig}
        options={configs.map((c) => ({ value: c.id, label: `${c.name} · ${formatPointsAmount(c.integral)}` }))}
        aria-label={t('service.label')}
        data-testid="base-service"
      />
      {config && config.conditionList.length > 0 && (
        <div className="flow-conditions" data-testid="conditions">
          {config.conditionList.map((condition) => (
            <div className="flow-condition" key={condition.id}>
              <span className="flow-condition-label">{condition.label}</span>
              <RadioGroup
                value={options[condition.id]}
                onChange={(optionId) => onOption(condition.id, optionId)}
                aria-label={condition.label}
                options={condition.optionList.map((option) => ({
                  value: option.id,
                  label: (
                    <>
                      {option.label}
                      <span className="flow-option-price">
                        {option.integral > 0 ? t('plusPoints', { n: formatPoints(option.integral) }) : t('free')}
                      </span>
                    </>
                  ),
                }))}
              />
            </div>
          ))}
        </div>
      )}
      {error && <p className="flow-error">{t(error)}</p>}
    </div>
  );
}
