/**
 * The time-distribution view (shared by /plan/list and /plan/template): 24 bars, one per hour, the
 * current hour marked and, for a running plan, the part already dispatched today. Plain CSS bars.
 */
import { useTranslation } from 'react-i18next';

export interface TimeDistributionProps {
  distribution: number[];
  /** Tasks dispatched today per hour (plans only). */
  dispatchedByHour?: number[];
  /** Current hour in the business time zone; marked when given. */
  currentHour?: number | null;
  /** On the plan's first day, the hours before this one were cut (they get nothing today). */
  cutBefore?: number;
}

export default function TimeDistribution({ distribution, dispatchedByHour, currentHour, cutBefore = 0 }: TimeDistributionProps) {
  const { t } = useTranslation('plan');
  const max = Math.max(1, ...distribution);
  return (
    <figure className="time-dist" data-testid="time-distribution">
      <div className="time-dist-bars" role="img" aria-label={t('timeDist.aria')}>
        {distribution.map((planned, hour) => {
          const done = Math.min(planned, dispatchedByHour?.[hour] ?? 0);
          const isCurrent = hour === currentHour;
          const className = [
            'time-dist-col',
            isCurrent ? 'is-current' : '',
            done > 0 ? 'is-dispatched' : '',
            hour < cutBefore ? 'is-cut' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <div key={hour} className={className} data-hour={hour} title={t('timeDist.tip', { hour, planned, done })}>
              <span className="time-dist-value">{planned}</span>
              <span className="time-dist-track">
                <span className="time-dist-planned" style={{ height: `${(planned / max) * 100}%` }}>
                  <span className="time-dist-done" style={{ height: planned ? `${(done / planned) * 100}%` : 0 }} />
                </span>
              </span>
              <span className="time-dist-hour">{String(hour).padStart(2, '0')}</span>
            </div>
          );
        })}
      </div>
      <figcaption className="time-dist-legend">
        <span className="legend-planned">{t('timeDist.planned')}</span>
        {dispatchedByHour && <span className="legend-done">{t('timeDist.dispatched')}</span>}
        {currentHour !== undefined && currentHour !== null && (
          <span className="legend-current">{t('timeDist.current', { hour: currentHour })}</span>
        )}
        {cutBefore > 0 && <span className="legend-cut">{t('timeDist.cut', { hour: cutBefore })}</span>}
      </figcaption>
    </figure>
  );
}
