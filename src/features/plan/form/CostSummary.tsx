/** Live cost summary: unit cost, member discount, total (same formula as the server), balance after. */
import { useTranslation } from 'react-i18next';
import { formatPoints, formatPointsAmount } from '@/lib/format';
import { discountPercent } from '@common/plan-cost';
import { totalCost } from './cost';
import './plan-form.css';

export interface CostSummaryProps {
  unit: number;
  dailyCount: number;
  days: number;
  /** user-data `discount`, a fraction (0.95); missing = no discount. */
  discount: number | null | undefined;
  /** Current balance; undefined while unknown. */
  balance: number | undefined;
}

export default function CostSummary({ unit, dailyCount, days, discount, balance }: CostSummaryProps) {
  const { t } = useTranslation('flow');
  const total = totalCost(unit, dailyCount, days, discount);
  const percent = discountPercent(discount);
  const after = balance === undefined ? undefined : balance - total;
  const short = after !== undefined && after < 0;
  return (
    <dl className="flow-summary" data-testid="cost-summary">
      <div>
        <dt>{t('summary.unit')}</dt>
        <dd data-testid="summary-unit">{formatPointsAmount(unit)}</dd>
      </div>
      <div>
        <dt>{t('summary.count')}</dt>
        <dd>
          {t('summary.countValue', { daily: formatPoints(dailyCount), days: formatPoints(days), total: formatPoints(dailyCount * days) })}
        </dd>
      </div>
      <div>
        <dt>{t('summary.discount')}</dt>
        <dd data-testid="summary-discount">{percent >= 100 ? t('summary.noDiscount') : t('summary.discountValue', { n: percent / 10 })}</dd>
      </div>
      <div className="flow-summary-total">
        <dt>{t('summary.total')}</dt>
        <dd data-testid="summary-total">{formatPointsAmount(total)}</dd>
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
  );
}
