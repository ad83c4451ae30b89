/**
 * Which provider takes an online pay type: Alipay (1) and WeChat Pay (2) when their settings are
 * present; outside production an unconfigured online type falls back to the sandbox; in
 * production it is not offered.
 */
import type { Config } from '../../config.ts';
import type { PaymentSettings } from './settings.ts';
import { PAY_TYPES } from '../../../../common/domain.ts';
import type { OrderPayments } from '../order/index.ts';
import { createAlipayProvider } from './alipay.ts';
import { logGatewayFailure, type PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createWechatPayProvider } from './wechatpay.ts';

/** What building the gateways needs: their settings, and where the local server listens (the fallback origin). */
export type PaymentConfig = Pick<Config, 'nodeEnv' | 'port'> & { payments: PaymentSettings };

/** One per process: its signing secret lives as long as the process. */
export const sandboxProvider = createSandboxProvider();

/** The public origin gateways call back; outside production the local server will do. */
export const publicBaseUrl = (config: PaymentConfig) => config.payments.publicBaseUrl ?? `http://127.0.0.1:${config.port}`;

export const NOTIFY_PATHS = { alipay: '/api/pay/notify/alipay', wechat: '/api/pay/notify/wechat' } as const;
const RETURN_PATH = '/recharge/record';

/** The configured gateways, built once (the SDK clients hold parsed keys) by the composition root. */
export interface PaymentGateways {
  alipay: PaymentProvider | null;
  wechat: PaymentProvider | null;
  /** The provider of an online pay type (as the order module asks for it), or null when that pay type is not offered. */
  forPayType: OrderPayments;
}

export function createPaymentGateways(config: PaymentConfig): PaymentGateways {
  const base = publicBaseUrl(config);
  const { alipay: alipaySettings, wechatPay } = config.payments;
  const alipay = alipaySettings
    ? createAlipayProvider(alipaySettings, { notifyUrl: base + NOTIFY_PATHS.alipay, returnUrl: base + RETURN_PATH, log: logGatewayFailure })
    : null;
  const wechat = wechatPay ? createWechatPayProvider(wechatPay, { notifyUrl: base + NOTIFY_PATHS.wechat, log: logGatewayFailure }) : null;
  // Outside production an unconfigured online pay type falls back to the sandbox; in production it is not offered.
  const fallback = config.nodeEnv === 'production' ? null : sandboxProvider;
  return { alipay, wechat, forPayType: (payType) => (payType === PAY_TYPES.ALI_PAY ? alipay : wechat) ?? fallback };
}
