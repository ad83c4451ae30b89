/**
 * WeChat Pay API v3, Native (pay type 2): a code_url rendered as a QR code. Requests are signed
 * and answers verified by wechatpay-axios-plugin (merchant key, WeChat Pay public key); the
 * notification is verified on its raw body with the same public key and its resource decrypted
 * with the API v3 key (AES-256-GCM) through the plugin's Rsa and AesGcm.
 */
import { createHash } from 'node:crypto';
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import { readWechatPayBill } from './bills.ts';
import type { WechatPaySettings } from './settings.ts';
import { serviceUnavailable } from '../../http/errors.ts';
import {
  GATEWAY_TIMEOUT_MS,
  RejectedNotification,
  safeGatewayText,
  type GatewayFailureLog,
  type PaymentProvider,
  type ProviderNotification,
  type VerifiedPayment,
} from './provider.ts';

/** GET /v3/bill/tradebill's answer for a day without successful trades (HTTP 400). */
const NO_STATEMENT_EXIST = 'NO_STATEMENT_EXIST';

/** How far a notification's timestamp may be from our clock (the vendor's own limit for answers). */
const MAX_CLOCK_OFFSET_SECONDS = 300;

interface Transaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number };
}

/** The few API v3 paths used here, as the plugin's chained client exposes them. */
interface Endpoint {
  get(config: Record<string, unknown>): Promise<{ data: unknown }>;
  post(data: Record<string, unknown>, config?: Record<string, unknown>): Promise<{ data: unknown }>;
}
interface BillApi {
  bill: { tradebill: Endpoint };
  billdownload: { file: Endpoint };
}
interface TransactionsApi {
  native: Endpoint;
  outTradeNo: { _out_trade_no_: Endpoint & { close: Endpoint } };
}

/** What the plugin (axios) throws: the answer when there was one. */
interface CallError {
  response?: { status?: number; data?: { code?: string; message?: string } };
  message?: string;
}

export interface WechatPayProviderOptions {
  notifyUrl: string;
  /** Where failed calls are reported (the server: logGatewayFailure). */
  log: GatewayFailureLog;
  now?: () => Date;
  /** How long a gateway call may take before it is answered 503 (default 10 s). */
  timeoutMs?: number;
}

const header = (headers: ProviderNotification['headers'], name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

export function createWechatPayProvider(settings: WechatPaySettings, options: WechatPayProviderOptions): PaymentProvider {
  const publicKey = Rsa.from(settings.platformPublicKey, Rsa.KEY_TYPE_PUBLIC);
  const client = new Wechatpay({
    mchid: settings.mchId,
    serial: settings.serialNo,
    privateKey: settings.privateKey,
    certs: { [settings.platformPublicKeyId]: publicKey },
    baseURL: settings.baseUrl,
    timeout: options.timeoutMs ?? GATEWAY_TIMEOUT_MS,
  });
  // The client is a proxy that turns property chains into API paths (outTradeNo -> out-trade-no, _x_ -> {x}).
  const transactions = (client as unknown as { v3: { pay: { transactions: TransactionsApi } } }).v3.pay.transactions;
  const bills = (client as unknown as { v3: BillApi }).v3;
  const now = options.now ?? (() => new Date());

  const unavailable = (call: string, err: unknown) => {
    const { response, message } = err as CallError;
    const code = response?.data?.code;
    options.log({
      gateway: 'wechat',
      call,
      // An answer with the vendor's error code is a refusal; anything else (no answer, a 5xx page, a bad signature) unreachable.
      outcome: code ? 'refused' : 'unreachable',
      ...(response?.status ? { status: response.status } : {}),
      ...(code ? { code } : {}),
      message: safeGatewayText(response?.data?.message ?? message),
    });
    return serviceUnavailable('微信支付暂时无法处理，请稍后再试或选择其他支付方式');
  };

  const paymentOf = (t: Transaction): VerifiedPayment | null =>
    t.trade_state === 'SUCCESS' && t.out_trade_no
      ? {
          orderNo: t.out_trade_no,
          paidAmount: Number.isInteger(t.amount?.total) ? t.amount!.total! : Number.NaN,
          providerTradeNo: t.transaction_id ?? '',
        }
      : null;

  return {
    name: 'wechat',

    async createPayment(request) {
      try {
        const { data } = (await transactions.native.post({
          appid: settings.appId,
          mchid: settings.mchId,
          description: request.subject,
          out_trade_no: request.orderNo,
          time_expire: request.expiresAt.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
          notify_url: options.notifyUrl,
          amount: { total: request.amount, currency: 'CNY' },
        })) as { data?: { code_url?: unknown } };
        if (typeof data?.code_url !== 'string') throw new Error('no code_url in the answer');
        return { provider: 'wechat', qrCode: data.code_url };
      } catch (err) {
        throw unavailable('native order', err);
      }
    },

    async verifyNotification({ headers, body }: ProviderNotification) {
      if (typeof body !== 'string') throw new RejectedNotification('no raw body');
      const timestamp = header(headers, 'Wechatpay-Timestamp');
      const nonce = header(headers, 'Wechatpay-Nonce');
      const signature = header(headers, 'Wechatpay-Signature');
      const serial = header(headers, 'Wechatpay-Serial');
      if (!timestamp || !nonce || !signature || !serial) throw new RejectedNotification('Wechatpay-* headers missing');
      if (serial !== settings.platformPublicKeyId) throw new RejectedNotification(`signed with unknown key ${serial}`);
      if (Math.abs(now().getTime() / 1000 - Number(timestamp)) > MAX_CLOCK_OFFSET_SECONDS)
        throw new RejectedNotification('timestamp too far from now');
      if (!Rsa.verify(Formatter.response(timestamp, nonce, body), signature, publicKey)) throw new RejectedNotification('bad signature');
      let transaction: Transaction;
      try {
        const notice = JSON.parse(body) as { resource?: { ciphertext: string; nonce: string; associated_data?: string } };
        const resource = notice.resource!;
        transaction = JSON.parse(
          Aes.AesGcm.decrypt(resource.ciphertext, settings.apiV3Key, resource.nonce, resource.associated_data ?? ''),
        );
      } catch {
        throw new RejectedNotification('resource cannot be decrypted');
      }
      if (transaction.mchid !== settings.mchId || transaction.appid !== settings.appId) {
        throw new RejectedNotification(`mchid/appid ${transaction.mchid}/${transaction.appid} are not ours`);
      }
      return paymentOf(transaction);
    },

    async queryPayment(orderNo) {
      try {
        const { data } = await transactions.outTradeNo._out_trade_no_.get({ params: { mchid: settings.mchId }, out_trade_no: orderNo });
        return paymentOf(data as Transaction);
      } catch (err) {
        if ((err as CallError).response?.data?.code === 'ORDER_NOT_EXIST') return null;
        throw unavailable('query', err);
      }
    },

    async closePayment(orderNo) {
      try {
        await transactions.outTradeNo._out_trade_no_.close.post({ mchid: settings.mchId }, { out_trade_no: orderNo });
      } catch (err) {
        if ((err as CallError).response?.data?.code === 'ORDER_NOT_EXIST') return;
        throw unavailable('close', err);
      }
    },

    async downloadBill(day) {
      let data: { download_url?: string; hash_type?: string; hash_value?: string };
      try {
        ({ data } = (await bills.bill.tradebill.get({ params: { bill_date: day, bill_type: 'ALL' } })) as { data: typeof data });
      } catch (err) {
        const failure = err as CallError;
        // No successful trade that day: WeChat Pay makes no bill (400 NO_STATEMENT_EXIST). A reconciled day, with an empty bill.
        if (failure.response?.data?.code === NO_STATEMENT_EXIST) return { entries: [], unreadable: [] };
        // Anything else (STATEMENT_CREATING before it is published, the gateway down) is tried again later.
        const answer = [failure.response?.status, failure.response?.data?.code, failure.response?.data?.message ?? failure.message];
        throw new Error(`wechatpay tradebill ${day}: ${answer.filter(Boolean).join(' ')}`, { cause: err });
      }
      if (!data.download_url) throw new Error('wechatpay tradebill: no download_url');
      // The file itself is not signed (the plugin knows /v3/billdownload/file); its SHA-1 comes with the signed answer above.
      const link = new URL(data.download_url);
      const file = await bills.billdownload.file.get({ params: Object.fromEntries(link.searchParams), responseType: 'arraybuffer' });
      const bytes = Buffer.from(file.data as ArrayBuffer);
      if (data.hash_type === 'SHA1' && createHash('sha1').update(bytes).digest('hex') !== data.hash_value?.toLowerCase()) {
        throw new Error('wechatpay bill: SHA-1 does not match hash_value');
      }
      return readWechatPayBill(bytes.toString('utf8'));
    },
  };
}
