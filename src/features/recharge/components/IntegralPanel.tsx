/**
 * /recharge/integral: points packages (each with its true rate and its bonus over the base one),
 * payment method, pay flow, then the new balance. A seller who came from a form (去充值) sees the
 * way back above it and in the payment result.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPoints, formatPointsAmount, formatYuan } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import type { Goods } from '@common/api-types';
import { useGoods } from '../api';
import { packageValues } from '../membership';
import Checkout from './Checkout';
import ReturnToForm from './ReturnToForm';

const IDEOGRAPHIC_SPACE = '\u3000';

export default function IntegralPanel() {
  const { t } = useTranslation('recharge');
  const { user } = useCurrentUser();
  const { data: goods, isLoading } = useGoods('integral');
  const [selected, setSelected] = useState<Goods | null>(null);
  const [locked, setLocked] = useState(false);
  const current = selected ?? goods?.[0] ?? null;
  const values = packageValues(goods ?? []);

  return (
    <div className="recharge-panel" data-testid="recharge-integral">
      <ReturnToForm placement="top" />
      <p className="recharge-balance">
        {t('balance')}：<strong data-testid="recharge-balance">{formatPoints(user?.integral)}</strong>
      </p>
      <h2 className="section-title">{t('integral.packages')}</h2>
      {goods && goods.length === 0 && <p className="plain-empty">{t('integral.empty')}</p>}
      <div className="recharge-packages" role="radiogroup" aria-label={t('integral.packages')} aria-busy={isLoading || undefined}>
        {/* Stand-ins of the usual four packages, the same size, so the checkout below stays put. A line's
            height comes from its font: the lines that hold Chinese text (points, rate) are drawn in the
            CJK font, taller than a Latin blank, so their blanks are ideographic spaces; the price is Latin. */}
        {isLoading &&
          [0, 1, 2, 3].map((n) => (
            <span key={n} className="recharge-package recharge-package-placeholder" aria-hidden="true">
              <span className="recharge-package-points">{IDEOGRAPHIC_SPACE}</span>
              <span className="recharge-price">&nbsp;</span>
              <span className="recharge-hint">{IDEOGRAPHIC_SPACE}</span>
            </span>
          ))}
        {goods?.map((g, index) => (
          <button
            key={g.id}
            type="button"
            role="radio"
            aria-checked={current?.id === g.id}
            disabled={locked}
            className={current?.id === g.id ? 'recharge-package selected' : 'recharge-package'}
            onClick={() => setSelected(g)}
            data-testid={`package-${g.id}`}
          >
            {values[index]!.bonus > 0 && (
              <span className="recharge-bonus" data-testid={`package-bonus-${g.id}`}>
                {t('integral.bonus', { n: formatPoints(values[index]!.bonus) })}
              </span>
            )}
            <span className="recharge-package-points">{formatPointsAmount(g.points)}</span>
            <span className="recharge-price">{t('yuan', { amount: formatYuan(g.price) })}</span>
            <span className="recharge-hint" data-testid={`package-rate-${g.id}`}>
              {t('integral.perYuan', { rate: values[index]!.rate })}
            </span>
          </button>
        ))}
      </div>
      <div className="card recharge-checkout-card">
        <Checkout goods={current} onOrder={(order) => setLocked(order !== null)} />
      </div>
    </div>
  );
}
