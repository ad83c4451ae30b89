/**
 * The 24-hour distribution editor: presets (even, typical traffic curve, custom) and one number per
 * hour, the plan's full daily pattern. Presets keep the sum equal to the daily count; in custom mode
 * the daily count follows the hours. Folded by default (a 24-bar preview and the peak hour), so the
 * form stays short on a phone; unfolded for custom editing or an error. When the plan starts today,
 * the hours already begun are marked: they get nothing today only.
 */
import { useId, useState } from 'react';
import RadioGroup from '@/components/RadioGroup';
import PlainButton from '@/components/PlainButton';
import { useTranslation } from 'react-i18next';
import { DISTRIBUTION_PRESETS, distributionSum, type DistributionPreset } from '@common/distribution';
import { HOURS } from '@common/plan-limits';

export interface DistributionEditorProps {
  preset: DistributionPreset;
  distribution: number[];
  dailyCount: number;
  /** The first-day cut: hours before this one get no task today (0: none, the plan starts later). */
  cutBefore: number;
  error?: string;
  onPreset: (preset: DistributionPreset) => void;
  onHours: (distribution: number[]) => void;
}

export default function DistributionEditor({
  preset,
  distribution,
  dailyCount,
  cutBefore,
  error,
  onPreset,
  onHours,
}: DistributionEditorProps) {
  const { t } = useTranslation('flow');
  const gridId = useId();
  const [unfolded, setUnfolded] = useState(false);
  const open = unfolded || preset === 'custom' || Boolean(error);
  const max = Math.max(1, ...distribution);
  const sum = distributionSum(distribution);
  const peak = distribution.indexOf(Math.max(...distribution));
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
      {!open && (
        <div className="flow-dist-folded">
          <span className="flow-dist-mini" aria-hidden>
            {distribution.map((n, hour) => (
              <span key={hour} className={hour < cutBefore ? 'is-cut' : undefined} style={{ height: `${Math.max(4, (n / max) * 100)}%` }} />
            ))}
          </span>
          <span className="flow-hint flow-dist-peak">{sum > 0 && t('distribution.peak', { hour: peak, n: distribution[peak] })}</span>
        </div>
      )}
      <PlainButton
        variant="link"
        size="small"
        className="flow-dist-toggle"
        aria-expanded={open}
        aria-controls={gridId}
        disabled={preset === 'custom' || Boolean(error)}
        onClick={() => setUnfolded(!unfolded)}
        data-testid="distribution-toggle"
      >
        {open ? t('distribution.collapse') : t('distribution.expand')}
      </PlainButton>
      {open && (
        <>
          <p className="flow-hint">{t(preset === 'custom' ? 'distribution.customHint' : 'distribution.presetHint')}</p>
          <div className="flow-dist-grid" id={gridId}>
            {Array.from({ length: HOURS }, (_, hour) => {
              const cut = hour < cutBefore;
              const value = distribution[hour] ?? 0;
              return (
                <label
                  key={hour}
                  className={cut ? 'flow-dist-cell is-cut' : 'flow-dist-cell'}
                  title={cut ? t('distribution.cutToday') : undefined}
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
                    disabled={preset !== 'custom'}
                    aria-label={t('distribution.hour', { hour })}
                    data-hour={hour}
                    onChange={(e) => setHour(hour, e.target.value)}
                  />
                  <span className="flow-dist-hour">{String(hour).padStart(2, '0')}</span>
                </label>
              );
            })}
          </div>
        </>
      )}
      {cutBefore > 0 && cutBefore < HOURS && (
        <p className="flow-hint" data-testid="distribution-cut-hint">
          {t('distribution.begunHint', { hour: cutBefore })}
        </p>
      )}
      {error && <p className="flow-error">{t(error)}</p>}
    </div>
  );
}
