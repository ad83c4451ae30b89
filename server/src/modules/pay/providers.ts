/**
 * Which provider takes an online pay type: Alipay (1) and WeChat Pay (2) when their settings are
 * present; outside production an unconfigured online type falls back to the sandbox; in
 * production it is not offered.
 */
import type { Config } from '../../config.ts';
import { PAY_TYPES } from '../../../../common/domain.ts';
import type { OnlinePayType, OrderPayments } from '../order/index.ts';
import { createAlipayProvider } from './alipay.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createWechatPayProvider } from './wechatpay.ts';

type PaymentConfig = Pick<Config, 'nodeEnv' | 'payments' | 'port'>;

/** One per process: its signing secret lives as long as the process. */
export const sandboxProvider = createSandboxProvider();

const logPayment = (message: string) => console.error(`payment: ${message}`);

/** The public origin gateways call back; outside production the local server will do. */
export const publicBaseUrl = (config: PaymentConfig) => config.payments.publicBaseUrl ?? `http://127.0.0.1:${config.port}`;

export const NOTIFY_PATHS = { alipay: '/api/pay/notify/alipay', wechat: '/api/pay/notify/wechat' } as const;
const RETURN_PATH = '/recharge/record';

interface Gateways {
  alipay: PaymentProvider | null;
  wechat: PaymentProvider | null;
}

/** Providers are built once per configuration (the SDK clients hold parsed keys). */
const built = new WeakMap<PaymentConfig['payments'], Gateways>();

export function gateways(config: PaymentConfig): Gateways {
  let found = built.get(config.payments);
  if (!found) {
    const base = publicBaseUrl(config);
    const { alipay, wechatPay } = config.payments;
    found = {
      alipay: alipay
        ? createAlipayProvider(alipay, { notifyUrl: base + NOTIFY_PATHS.alipay, returnUrl: base + RETURN_PATH, log: logPayment })
        : null,
      wechat: wechatPay ? createWechatPayProvider(wechatPay, { notifyUrl: base + NOTIFY_PATHS.wechat, log: logPayment }) : null,
    };
    built.set(config.payments, found);
  }
  return found;
}

/** The provider of an online pay type, or null when that pay type is not offered. */
export function paymentProvider(config: PaymentConfig, payType: OnlinePayType): PaymentProvider | null {
  const { alipay, wechat } = gateways(config);
  const configured = payType === PAY_TYPES.ALI_PAY ? alipay : wechat;
  if (configured) return configured;
  return config.nodeEnv === 'production' ? null : sandboxProvider;
}

/** The gateways as the order module asks for them. */
export const orderPayments =
  (config: PaymentConfig): OrderPayments =>
  (payType) =>
    paymentProvider(config, payType);
