/**
 * Choose a payment method among those offered for the selected goods, create the order (or resume
 * the pending one), then pay it. On a phone Alipay opens its cashier page instead of a QR code.
 */
import { Suspense, useState } from 'react';
import { goodsLabel } from '../goods-label';
import PlainAlert from '@/components/PlainAlert';
import PlainButton from '@/components/PlainButton';
import { useTranslation } from 'react-i18next';
import { PAY_TYPES, type PayType } from '@common/domain';
import { formatYuan } from '@/lib/format';
import { useSingleFlight } from '@/lib/single-flight';
import type { Goods, OrderRow } from '@common/api-types';
import { createOrder, usePayTypes } from '../api';
import { isPhoneBrowser } from '../device';
import { loadOrderPayment, OrderPayment, startPayment } from './payment-start';
import PayMethodPicker from './PayMethodPicker';

export interface CheckoutProps {
  goods: Goods | null;
  /** Called with the order once created (e.g. to lock the goods choice). */
  onOrder?: (order: OrderRow | null) => void;
}

export default function Checkout({ goods, onOrder }: CheckoutProps) {
  const { t } = useTranslation('recharge');
  const { data: payTypes } = usePayTypes();
  const offered = payTypes?.map((option) => option.payType) ?? [];
  const [chosen, setChosen] = useState<PayType | null>(null);
  const payType = chosen !== null && offered.includes(chosen) ? chosen : (offered[0] ?? null);
  const [order, setOrder] = useState<OrderRow | null>(null);
  const [submitting, runSubmit] = useSingleFlight();

  const restart = () => {
    setOrder(null);
    onOrder?.(null);
  };

  if (order) {
    return (
      <Suspense fallback={null}>
        <OrderPayment order={order} onRestart={restart} />
      </Suspense>
    );
  }

  async function submit() {
    if (!goods || payType === null) return;
    await runSubmit(async () => {
      void loadOrderPayment().catch(() => undefined);
      try {
        const scene = payType === PAY_TYPES.ALI_PAY && isPhoneBrowser() ? 'wap' : 'qr';
        const created = startPayment(await createOrder(goods.id, payType, scene));
        setOrder(created);
        onOrder?.(created);
        const pay = created.pay;
        if (scene === 'wap' && pay?.kind === 'online' && pay.payUrl && !pay.sandboxUrl) window.location.assign(pay.payUrl);
      } catch {
        /* the API client toasted the server's message */
      }
    });
  }

  return (
    <div className="recharge-checkout" data-testid="checkout">
      <div className="recharge-checkout-row">
        <span className="recharge-label">{t('checkout.method')}</span>
        <PayMethodPicker offered={offered} value={payType} onChange={setChosen} />
      </div>
      {payTypes && offered.length === 0 && <PlainAlert>{t('checkout.noPayTypes')}</PlainAlert>}
      <div className="recharge-checkout-row">
        <span className="recharge-checkout-summary">
          {goods ? t('checkout.selected', { name: goodsLabel(goods), amount: formatYuan(goods.price) }) : t('checkout.chooseGoods')}
        </span>
        <PlainButton
          variant="primary"
          size="large"
          disabled={!goods || payType === null}
          loading={submitting}
          onClick={() => void submit()}
          data-testid="checkout-pay"
        >
          {t('checkout.pay')}
        </PlainButton>
      </div>
    </div>
  );
}
