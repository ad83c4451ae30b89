/**
 * Alipay (pay type 1) through the official alipay-sdk against the open platform gateway
 * (gateway.do): alipay.trade.precreate for a QR code, alipay.trade.wap.pay for the phone cashier,
 * alipay.trade.query and alipay.trade.close, and the daily bill (alipay.data.dataservice.bill.downloadurl.query);
 * every answer's RSA2 signature is checked by the SDK.
 */
import { AlipaySdk } from 'alipay-sdk';
import type { AlipaySettings } from './settings.ts';
import { formatLocalDateTime } from '../../../../common/zoned-time.ts';
import { serviceUnavailable } from '../../http/errors.ts';
import {
  fenToYuan,
  GATEWAY_TIMEOUT_MS,
  RejectedNotification,
  safeGatewayText,
  yuanToFen,
  type GatewayFailureLog,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderNotification,
  type VerifiedPayment,
} from './provider.ts';
import { readAlipayBill } from './bills.ts';

/** Alipay reads times as Beijing wall clock. */
const ALIPAY_TIME_ZONE = 'Asia/Shanghai';
const PAID_STATUSES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';

interface AlipayAnswer {
  code?: string;
  msg?: string;
  subCode?: string;
  subMsg?: string;
  qrCode?: string;
  tradeNo?: string;
  outTradeNo?: string;
  tradeStatus?: string;
  totalAmount?: string;
  billDownloadUrl?: string;
}

export interface AlipayProviderOptions {
  /** Where Alipay posts notifications; the phone cashier returns the payer to returnUrl. */
  notifyUrl: string;
  returnUrl: string;
  /** Where failed calls are reported (the server: logGatewayFailure). */
  log: GatewayFailureLog;
  /** How long a gateway call may take before it is answered 503 (default 10 s). */
  timeoutMs?: number;
}

export function createAlipayProvider(settings: AlipaySettings, options: AlipayProviderOptions): PaymentProvider {
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKey,
    keyType: 'PKCS8',
    alipayPublicKey: settings.alipayPublicKey,
    gateway: settings.gateway,
    timeout: options.timeoutMs ?? GATEWAY_TIMEOUT_MS,
  });

  const unavailable = () => serviceUnavailable('支付宝暂时无法处理，请稍后再试或选择其他支付方式');

  /** One gateway call, signature of the answer checked; transport failures logged and answered 503. */
  async function exec(method: string, bizContent: Record<string, unknown>, extra: Record<string, string> = {}): Promise<AlipayAnswer> {
    try {
      return (await sdk.exec(method, { ...extra, bizContent }, { validateSign: true })) as AlipayAnswer;
    } catch (err) {
      const message = (err as Error).message;
      // The SDK names the HTTP status of an error answer only in its message ("HTTP 请求错误, status: 502").
      const status = Number(/status: (\d{3})\b/.exec(message)?.[1]) || undefined;
      options.log({
        gateway: 'alipay',
        call: method,
        outcome: 'unreachable',
        ...(status ? { status } : {}),
        message: safeGatewayText(message),
      });
      throw unavailable();
    }
  }

  const failed = (method: string, answer: AlipayAnswer) => {
    options.log({
      gateway: 'alipay',
      call: method,
      outcome: 'refused',
      code: [answer.code, answer.subCode].filter(Boolean).join(' '),
      message: safeGatewayText([answer.msg, answer.subMsg].filter(Boolean).join(' ')),
    });
    return unavailable();
  };

  const bizContentOf = (request: PaymentRequest) => ({
    outTradeNo: request.orderNo,
    totalAmount: fenToYuan(request.amount),
    subject: request.subject,
    timeExpire: formatLocalDateTime(request.expiresAt, ALIPAY_TIME_ZONE),
  });

  const paymentOf = (orderNo: string, fields: { totalAmount?: unknown; tradeNo?: unknown }): VerifiedPayment => ({
    orderNo,
    paidAmount: yuanToFen(fields.totalAmount),
    providerTradeNo: String(fields.tradeNo ?? ''),
  });

  return {
    name: 'alipay',

    async createPayment(request) {
      if (request.scene === 'wap') {
        // A signed link to Alipay's phone cashier; the trade is created when the payer opens it.
        const payUrl = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
          bizContent: { ...bizContentOf(request), productCode: 'QUICK_WAP_WAY', quitUrl: options.returnUrl },
          notifyUrl: options.notifyUrl,
          returnUrl: options.returnUrl,
        });
        return { provider: 'alipay', payUrl };
      }
      const answer = await exec('alipay.trade.precreate', bizContentOf(request), { notifyUrl: options.notifyUrl });
      if (answer.code !== '10000' || !answer.qrCode) throw failed('alipay.trade.precreate', answer);
      return { provider: 'alipay', qrCode: answer.qrCode };
    },

    async verifyNotification({ body }: ProviderNotification) {
      const form = body as Record<string, unknown> | null;
      if (!form || typeof form !== 'object' || Object.values(form).some((v) => typeof v !== 'string')) {
        throw new RejectedNotification('not a form of single values');
      }
      if (!sdk.checkNotifySignV2(form)) throw new RejectedNotification('bad signature');
      if (form.app_id !== settings.appId) throw new RejectedNotification(`app_id ${String(form.app_id)} is not ours`);
      if (typeof form.out_trade_no !== 'string' || !form.out_trade_no) throw new RejectedNotification('no out_trade_no');
      if (!PAID_STATUSES.has(String(form.trade_status))) return null;
      return paymentOf(form.out_trade_no, { totalAmount: form.total_amount, tradeNo: form.trade_no });
    },

    async queryPayment(orderNo) {
      const answer = await exec('alipay.trade.query', { outTradeNo: orderNo });
      if (answer.code !== '10000') {
        if (answer.subCode === TRADE_NOT_EXIST) return null;
        throw failed('alipay.trade.query', answer);
      }
      return PAID_STATUSES.has(answer.tradeStatus ?? '') ? paymentOf(orderNo, answer) : null;
    },

    async closePayment(orderNo) {
      const answer = await exec('alipay.trade.close', { outTradeNo: orderNo });
      if (answer.code !== '10000' && answer.subCode !== TRADE_NOT_EXIST) throw failed('alipay.trade.close', answer);
    },

    async downloadBill(day) {
      const answer = await exec('alipay.data.dataservice.bill.downloadurl.query', { billType: 'trade', billDate: day });
      if (answer.code !== '10000' || !answer.billDownloadUrl) throw failed('alipay.data.dataservice.bill.downloadurl.query', answer);
      // The link is signed by Alipay and valid for 30 seconds: fetch it at once.
      const file = await fetch(answer.billDownloadUrl, { signal: AbortSignal.timeout(options.timeoutMs ?? GATEWAY_TIMEOUT_MS) });
      if (!file.ok) throw new Error(`alipay bill download answered ${file.status}`);
      return readAlipayBill(new Uint8Array(await file.arrayBuffer()));
    },
  };
}
