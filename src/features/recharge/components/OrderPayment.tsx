/**
 * Paying one order, driven by the order as the server has it (useOrder): while pending, how to pay
 * it, with 取消订单 and 更换支付方式 (cancel it, then choose again); once paid and the user data
 * re-read, the credited points and new balance or the new level and deadline; expired or
 * cancelled, an offer to start again.
 */
import { Button, Descriptions, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '@common/api-types';
import { formatDateTime, formatPoints, formatYuan } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { useSingleFlight } from '@/lib/single-flight';
import { cancelOrder } from '../api';
import PayInstructions from './PayInstructions';
import ReturnToForm from './ReturnToForm';
import { useOrder } from './useOrder';

export interface OrderPaymentProps {
  order: OrderRow;
  /** Start over (after expiry, to buy again, or to pay another way). */
  onRestart?: () => void;
}

export default function OrderPayment({ order: created, onRestart }: OrderPaymentProps) {
  const { t } = useTranslation('recharge');
  const { user } = useCurrentUser();
  const { order, settled, update } = useOrder(created);
  // the pay instructions come with the creation answer (and with detail while pending)
  const pay = order.pay ?? created.pay;
  const [cancelling, runCancel] = useSingleFlight();

  /** Cancels the order at the server (which closes it at the gateway); then, to change the method, starts over. */
  function cancel(thenRestart: boolean) {
    return runCancel(async () => {
      try {
        const cancelled = await cancelOrder(order.orderNo);
        if (thenRestart && onRestart) onRestart();
        else await update(cancelled);
      } catch {
        /* the API client toasted the reason (e.g. paid meanwhile); the poll shows the new state */
      }
    });
  }

  if (order.status === 'paid' && !settled) return <Spin data-testid="pay-settling" />;
  if (order.status === 'paid') {
    const title =
      order.type === 'integral'
        ? t('pay.paidIntegral', { points: formatPoints(order.goods.points), balance: formatPoints(user?.integral) })
        : t('pay.paidMember', { level: user?.memberLevelDesc ?? order.goodsName, deadline: formatDateTime(user?.memberDeadline) });
    return (
      <Result
        status="success"
        title={<span data-testid="pay-success">{title}</span>}
        subTitle={`${t('pay.orderNo')}：${order.orderNo}`}
        extra={
          <Space wrap>
            {/* back to the form the seller left for the money (去充值), with all it held */}
            {order.type === 'integral' && <ReturnToForm placement="result" />}
            {onRestart && <Button onClick={onRestart}>{t('pay.close')}</Button>}
          </Space>
        }
      />
    );
  }
  if (order.status === 'expired' || order.status === 'cancelled') {
    return (
      <Result
        status="warning"
        title={<span data-testid="pay-expired">{order.status === 'expired' ? t('pay.expired') : t('pay.cancelled')}</span>}
        subTitle={`${t('pay.orderNo')}：${order.orderNo}`}
        extra={
          onRestart ? (
            <Button type="primary" onClick={onRestart}>
              {t('pay.again')}
            </Button>
          ) : undefined
        }
      />
    );
  }

  return (
    <div className="recharge-payment" data-testid="order-payment" data-order-no={order.orderNo}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('pay.orderNo')}>
          <span data-testid="order-no">{order.orderNo}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('pay.amount')}>
          <strong className="recharge-price">{t('yuan', { amount: formatYuan(order.amount) })}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('pay.status')}>
          <Spin size="small" /> <span data-testid="order-status">{t('pay.waiting')}</span>
        </Descriptions.Item>
      </Descriptions>
      {pay && <PayInstructions order={order} pay={pay} onPaid={(next) => void update(next)} />}
      <Space wrap>
        {onRestart && (
          <Button loading={cancelling} onClick={() => void cancel(true)} data-testid="order-change-method">
            {t('pay.changeMethod')}
          </Button>
        )}
        <Button danger loading={cancelling} onClick={() => void cancel(false)} data-testid="order-cancel">
          {t('pay.cancel')}
        </Button>
      </Space>
    </div>
  );
}
