/**
 * Paying one order: what to do per method (sandbox cashier, collect QR with the order number as
 * transfer remark, bank details, contact service), polling the order while it is pending, and,
 * once paid, the new balance or membership (the session is refreshed so the top bar follows).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Result, Spin } from 'antd';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPoints, formatYuan } from '@/lib/format';
import { refreshCurrentUser, useCurrentUser } from '@/lib/session';
import { toastSuccess } from '@/lib/toast';
import { openServiceModal } from '@/lib/ui-events';
import type { OrderRow } from '@common/api-types';
import { confirmSandboxPayment, fetchOrder, ORDER_DETAIL_PATH } from '../api';

/** How often a pending order is re-read. */
export const ORDER_POLL_MS = 2000;

export interface OrderPaymentProps {
  order: OrderRow;
  /** Start over (after expiry, or to buy again). */
  onRestart?: () => void;
}

export default function OrderPayment({ order: created, onRestart }: OrderPaymentProps) {
  const { t } = useTranslation('recharge');
  const { user } = useCurrentUser();
  const [paying, setPaying] = useState(false);
  const [pending, setPending] = useState(created.status === 'pending');
  const { data, mutate } = useSWR<OrderRow>(
    [ORDER_DETAIL_PATH, created.orderNo],
    () => fetchOrder(created.orderNo),
    { fallbackData: created, refreshInterval: pending ? ORDER_POLL_MS : 0, revalidateOnMount: false, revalidateOnFocus: pending },
  );
  const order = data ?? created;
  // the pay instructions come with the creation answer (and with detail while pending)
  const pay = order.pay ?? created.pay;

  const refreshed = useRef(false);
  // The success message quotes the new balance / deadline, so it waits for the refreshed user.
  const [userRefreshed, setUserRefreshed] = useState(false);
  useEffect(() => {
    setPending(order.status === 'pending');
    if (order.status === 'paid' && !refreshed.current) {
      refreshed.current = true;
      void refreshCurrentUser().finally(() => setUserRefreshed(true));
    }
  }, [order.status]);

  const staffOpened = useRef(false);
  useEffect(() => {
    if (pay?.kind === 'staff' && order.status === 'pending' && !staffOpened.current) {
      staffOpened.current = true;
      openServiceModal();
    }
  }, [pay?.kind, order.status]);

  async function paySandbox(url: string) {
    setPaying(true);
    try {
      const answer = await confirmSandboxPayment(url);
      await mutate({ ...order, ...answer }, { revalidate: false });
    } catch {
      /* the API client toasted the reason */
    } finally {
      setPaying(false);
    }
  }

  async function copyOrderNo() {
    try {
      await navigator.clipboard.writeText(order.orderNo);
      toastSuccess(t('pay.copied'));
    } catch (error) {
      console.warn('copy failed', error);
    }
  }

  if (order.status === 'paid' && !userRefreshed) return <Spin data-testid="pay-settling" />;
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
        extra={onRestart ? <Button onClick={onRestart}>{t('pay.close')}</Button> : undefined}
      />
    );
  }
  if (order.status === 'expired' || order.status === 'cancelled') {
    return (
      <Result
        status="warning"
        title={<span data-testid="pay-expired">{order.status === 'expired' ? t('pay.expired') : t('pay.cancelled')}</span>}
        subTitle={`${t('pay.orderNo')}：${order.orderNo}`}
        extra={onRestart ? <Button type="primary" onClick={onRestart}>{t('pay.again')}</Button> : undefined}
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

      {pay?.kind === 'online' && pay.sandboxUrl && (
        <div className="recharge-pay-block">
          <Alert type="info" showIcon title={t('pay.sandboxHint')} />
          <Button type="primary" size="large" loading={paying} onClick={() => void paySandbox(pay.sandboxUrl!)} data-testid="sandbox-pay">
            {t('pay.sandboxPay')}
          </Button>
        </div>
      )}
      {pay?.kind === 'online' && !pay.sandboxUrl && pay.payUrl && (
        <div className="recharge-pay-block">
          <p>{t('pay.onlineHint')}</p>
          <Button type="primary" size="large" href={pay.payUrl} target="_blank" rel="noopener noreferrer">
            {t('pay.openPayPage')}
          </Button>
        </div>
      )}
      {pay?.kind === 'collect' && (
        <div className="recharge-pay-block" data-testid="collect-pay">
          {pay.alipayCollectQr && <p>{t('pay.alipayCollect')}</p>}
          {pay.wxpayCollectQr && <p>{t('pay.wxpayCollect')}</p>}
          {(pay.alipayCollectQr || pay.wxpayCollectQr) && (
            <img className="recharge-collect-qr" src={pay.alipayCollectQr || pay.wxpayCollectQr} alt={t('pay.collectQrAlt')} width={200} height={200} />
          )}
          {pay.bankAccount && (
            <>
              <p>{t('pay.bankCollect')}</p>
              <p className="recharge-bank" data-testid="bank-account">
                {pay.bankAccount}
              </p>
            </>
          )}
          <Alert
            type="warning"
            showIcon
            title={
              <span data-testid="transfer-remark">
                {t('pay.remark')}
                <strong>{pay.transferRemark}</strong>
              </span>
            }
            action={
              <Button size="small" onClick={() => void copyOrderNo()}>
                {t('pay.copy')}
              </Button>
            }
          />
          <p className="recharge-hint">{t('pay.collectWait')}</p>
        </div>
      )}
      {pay?.kind === 'staff' && (
        <div className="recharge-pay-block" data-testid="staff-pay">
          <p>{t('pay.staffHint')}</p>
          <Button type="primary" onClick={openServiceModal} data-testid="contact-staff">
            {t('pay.contactStaff')}
          </Button>
          <p className="recharge-hint">{t('pay.collectWait')}</p>
        </div>
      )}
    </div>
  );
}
