/**
 * The 24-hour distribution editor: presets (even, typical traffic curve, custom) and one number per
 * hour. Presets keep the sum equal to the daily count; in custom mode the daily count follows the
 * hours. Hours already begun today are locked at 0.
 */
import RadioGroup from '@/components/RadioGroup';
import { useTranslation } from 'react-i18next';
import { DISTRIBUTION_PRESETS, distributionSum, type DistributionPreset } from '@common/distribution';
import { HOURS } from '@common/plan-limits';

export interface DistributionEditorProps {
  preset: DistributionPreset;
  distribution: number[];
  dailyCount: number;
  blockedHours: number[];
  error?: string;
  onPreset: (preset: DistributionPreset) => void;
  onHours: (distribution: number[]) => void;
}

export default function DistributionEditor({
  preset,
  distribution,
  dailyCount,
  blockedHours,
  error,
  onPreset,
  onHours,
}: DistributionEditorProps) {
  const { t } = useTranslation('flow');
  const max = Math.max(1, ...distribution);
  const sum = distributionSum(distribution);
  const presetLabels: Record<DistributionPreset, string> = {
    even: t('distribution.preset.even'),
    curve: t('distribution.preset.curve'),
    custom: t('distribution.preset.custom'),
  };
  const setHour = (hour: number, raw: string) => {
    const value = raw === '' ? 0 : Math.max(0, Math.floor(Number(raw)));
    if (!Number.isFinite(value)) return;
    onHours(distribution.map((n, h) => (h === hour ? value : n)));
  };
  return (
    <div className="flow-dist" data-testid="distribution">
      <div className="flow-dist-head">
        <RadioGroup
          optionType="button"
          value={preset}
          onChange={onPreset}
          options={DISTRIBUTION_PRESETS.map((p) => ({ value: p, label: presetLabels[p] }))}
          aria-label={t('distribution.label')}
          data-testid="distribution-presets"
        />
        <span className={sum === dailyCount ? 'flow-dist-sum' : 'flow-dist-sum flow-error'} data-testid="distribution-sum">
          {t('distribution.sum', { sum, daily: dailyCount })}
        </span>
      </div>
      <p className="flow-hint">{t(preset === 'custom' ? 'distribution.customHint' : 'distribution.presetHint')}</p>
      <div className="flow-dist-grid">
        {Array.from({ length: HOURS }, (_, hour) => {
          const blocked = blockedHours.includes(hour);
          const value = distribution[hour] ?? 0;
          return (
            <label
              key={hour}
              className={blocked ? 'flow-dist-cell is-blocked' : 'flow-dist-cell'}
              title={blocked ? t('distribution.begun') : undefined}
            >
              <span className="flow-dist-bar" aria-hidden>
                <span style={{ height: `${(value / max) * 100}%` }} />
              </span>
              <input
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                value={value}
                disabled={blocked || preset !== 'custom'}
                aria-label={t('distribution.hour', { hour })}
                data-hour={hour}
                onChange={(e) => setHour(hour, e.target.value)}
              />
              <span className="flow-dist-hour">{String(hour).padStart(2, '0')}</span>
            </label>
          );
        })}
      </div>
      {blockedHours.length > 0 && blockedHours.length < HOURS && (
        <p className="flow-hint">{t('distribution.begunHint', { hour: blockedHours.length })}</p>
      )}
      {error && <p className="flow-error">{t(error)}</p>}
    </div>
  );
}
