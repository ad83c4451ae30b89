/**
 * How to pay a pending order, per method: sandbox cashier; the gateway's QR code to scan with the
 * amount and the time left, or its phone cashier page; collect QR or bank account with the order
 * number as transfer remark; contact service.
 */
import { Alert, Button, Statistic } from 'antd';
import QRCode from '@/components/LazyQRCode';
import { PAY_TYPES } from '@common/domain';
import { formatYuan } from '@/lib/format';
import { useTranslation } from 'react-i18next';
import type { OrderRow, PayInstructions as Instructions } from '@common/api-types';
import { copyText } from '@/lib/clipboard';
import { toastSuccess } from '@/lib/toast';
import { openServiceModal } from '@/lib/ui-events';
import { useSingleFlight } from '@/lib/single-flight';
import { confirmSandboxPayment } from '../api';

export interface PayInstructionsProps {
  order: OrderRow;
  pay: Instructions;
  /** The sandbox confirm answered the order's new state. */
  onPaid: (order: OrderRow) => void;
}

export default function PayInstructions({ order, pay, onPaid }: PayInstructionsProps) {
  const { t } = useTranslation('recharge');
  const [paying, runPay] = useSingleFlight();

  async function paySandbox(url: string) {
    await runPay(async () => {
      try {
        const answer = await confirmSandboxPayment(url);
        onPaid({ ...order, ...answer });
      } catch {
        /* the API client toasted the reason */
      }
    });
  }

  async function copyOrderNo() {
    try {
      await copyText(order.orderNo);
      toastSuccess(t('pay.copied'));
    } catch (error) {
      console.warn('copy failed', error);
    }
  }

  if (pay.kind === 'online' && pay.sandboxUrl) {
    const sandboxUrl = pay.sandboxUrl;
    return (
      <div className="recharge-pay-block">
        <Alert type="info" showIcon title={t('pay.sandboxHint')} />
        <Button type="primary" size="large" loading={paying} onClick={() => void paySandbox(sandboxUrl)} data-testid="sandbox-pay">
          {t('pay.sandboxPay')}
        </Button>
      </div>
    );
  }
  if (pay.kind === 'online' && pay.qrCode) {
    return (
      <div className="recharge-pay-block recharge-online-qr" data-testid="online-pay" data-pay-code={pay.qrCode}>
        <p>{order.payType === PAY_TYPES.WX_PAY ? t('pay.scanWechat') : t('pay.scanAlipay')}</p>
        <QRCode value={pay.qrCode} size={200} bordered />
        <p>
          {t('pay.amount')}：<strong className="recharge-price">{t('yuan', { amount: formatYuan(order.amount) })}</strong>
        </p>
        <Statistic.Timer
          type="countdown"
          title={t('pay.timeLeft')}
          value={Date.parse(order.expiresAt)}
          format="mm:ss"
          data-testid="pay-time-left"
        />
      </div>
    );
  }
  if (pay.kind === 'online') {
    return pay.payUrl ? (
      <div className="recharge-pay-block" data-testid="online-pay-page">
        <p>{t('pay.onlineHint')}</p>
        <Button type="primary" size="large" href={pay.payUrl}>
          {t('pay.openPayPage')}
        </Button>
      </div>
    ) : null;
  }
  if (pay.kind === 'collect') {
    const qr = pay.alipayCollectQr || pay.wxpayCollectQr;
    return (
      <div className="recharge-pay-block" data-testid="collect-pay">
        {pay.alipayCollectQr && <p>{t('pay.alipayCollect')}</p>}
        {pay.wxpayCollectQr && <p>{t('pay.wxpayCollect')}</p>}
        {qr && <img className="recharge-collect-qr" src={qr} alt={t('pay.collectQrAlt')} width={200} height={200} />}
        {pay.payee && (
          <p className="recharge-payee" data-testid="collect-payee">
            {t('pay.payee')}
            <strong>{pay.payee}</strong>
          </p>
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
    );
  }
  return (
    <div className="recharge-pay-block" data-testid="staff-pay">
      <p>{t('pay.staffHint')}</p>
      <Button type="primary" onClick={openServiceModal} data-testid="contact-staff">
        {t('pay.contactStaff')}
      </Button>
      <p className="recharge-hint">{t('pay.collectWait')}</p>
    </div>
  );
}
