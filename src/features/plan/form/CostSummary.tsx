/**
 * Live cost summary a seller can check: unit, tasks (today's after the first-day cut, then each
 * later day's), 原价, 会员优惠, 实付 (the same rule as the server's charge, stated under it), the
 * balance and what is left after.
 */
import { useTranslation } from 'react-i18next';
import { formatPoints, formatPointsAmount } from '@/lib/format';
import type { PlanQuote } from './cost';
import './plan-form.css';

export interface CostSummaryProps {
  unit: number;
  dailyCount: number;
  days: number;
  quote: PlanQuote;
  /** Current balance; undefined while unknown. */
  balance: number | undefined;
}

/** "今日 20 + 24 × 2 天 = 68" when the first day is cut, else "24 × 3 天 = 72". */
export function useTaskCountText() {
  const { t } = useTranslation('flow');
  return (dailyCount: number, days: number, quote: PlanQuote) =>
    quote.cut
      ? days > 1
        ? t('summary.countCut', {
            today: formatPoints(quote.firstDay),
            daily: formatPoints(dailyCount),
            rest: formatPoints(days - 1),
            total: formatPoints(quote.tasks),
          })
        : t('summary.countTodayOnly', { today: formatPoints(quote.firstDay) })
      : t('summary.countValue', { daily: formatPoints(dailyCount), days: formatPoints(days), total: formatPoints(quote.tasks) });
}

export default function CostSummary({ unit, dailyCount, days, quote, balance }: CostSummaryProps) {
  const { t } = useTranslation('flow');
  const countText = useTaskCountText();
  const { cost, percent } = quote;
  const after = balance === undefined ? undefined : balance - cost.paid;
  const short = after !== undefined && after < 0;
  return (
    <div className="flow-summary-wrap">
      <dl className="flow-summary" data-testid="cost-summary">
        <div>
          <dt>{t('summary.unit')}</dt>
          <dd data-testid="summary-unit">{t('summary.unitValue', { n: formatPoints(unit) })}</dd>
        </div>
        <div>
          <dt>{t('summary.count')}</dt>
          <dd data-testid="summary-count">{countText(dailyCount, days, quote)}</dd>
        </div>
        <div>
          <dt>{t('summary.original')}</dt>
          <dd data-testid="summary-original">{formatPointsAmount(cost.original)}</dd>
        </div>
        <div>
          <dt>
            {t('summary.saving')}
            <span className="flow-summary-note">
              {percent >= 100 ? t('summary.noDiscount') : t('summary.discountValue', { n: percent / 10 })}
            </span>
          </dt>
          <dd data-testid="summary-saving">{cost.saving > 0 ? `−${formatPointsAmount(cost.saving)}` : formatPointsAmount(0)}</dd>
        </div>
        <div className="flow-summary-total">
          <dt>{t('summary.total')}</dt>
          <dd data-testid="summary-total">{formatPointsAmount(cost.paid)}</dd>
        </div>
        <div>
          <dt>{t('summary.balance')}</dt>
          <dd data-testid="summary-balance">{formatPointsAmount(balance)}</dd>
        </div>
        <div>
          <dt>{t('summary.after')}</dt>
          <dd data-testid="summary-after" className={short ? 'flow-error' : undefined}>
            {short ? t('summary.short', { n: formatPoints(-after!) }) : formatPointsAmount(after)}
          </dd>
        </div>
      </dl>
      <p className="flow-hint" data-testid="summary-rule">
        {t('summary.rule')}
      </p>
    </div>
  );
}
