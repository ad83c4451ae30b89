/** Choose a payment method for the selected goods, create the order, then pay it. */
import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAY_TYPES, type PayType } from '@common/domain';
import { formatYuan } from '@/lib/format';
import { useSingleFlight } from '@/lib/single-flight';
import type { Goods, OrderRow } from '@common/api-types';
import { createOrder } from '../api';
import OrderPayment, { startPayment } from './OrderPayment';
import PayMethodPicker from './PayMethodPicker';

export interface CheckoutProps {
  goods: Goods | null;
  /** Called with the order once created (e.g. to lock the goods choice). */
  onOrder?: (order: OrderRow | null) => void;
}

export default function Checkout({ goods, onOrder }: CheckoutProps) {
  const { t } = useTranslation('recharge');
  const [payType, setPayType] = useState<PayType>(PAY_TYPES.ALI_PAY);
  const [order, setOrder] = useState<OrderRow | null>(null);
  const [submitting, runSubmit] = useSingleFlight();

  const restart = () => {
    setOrder(null);
    onOrder?.(null);
  };

  if (order) return <OrderPayment order={order} onRestart={restart} />;

  async function submit() {
    if (!goods) return;
    await runSubmit(async () => {
      try {
        const created = startPayment(await createOrder(goods.id, payType));
        setOrder(created);
        onOrder?.(created);
      } catch {
        /* the API client toasted the server's message */
      }
    });
  }

  return (
    <div className="recharge-checkout" data-testid="checkout">
      <div className="recharge-checkout-row">
        <span className="recharge-label">{t('checkout.method')}</span>
        <PayMethodPicker value={payType} onChange={setPayType} />
      </div>
      <div className="recharge-checkout-row">
        <span className="recharge-checkout-summary">
          {goods ? t('checkout.selected', { name: goods.name, amount: formatYuan(goods.price) }) : t('checkout.chooseGoods')}
        </span>
        <Button type="primary" size="large" disabled={!goods} loading={submitting} onClick={() => void submit()} data-testid="checkout-pay">
          {t('checkout.pay')}
        </Button>
      </div>
    </div>
  );
}
