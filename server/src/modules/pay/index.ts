/** The pay module: online payment providers (Alipay, WeChat Pay, the sandbox) and their notifications (no tables; orders are the order module's). */
export { payRoutes, type PayRoutesOptions } from './routes.ts';
export { createPaymentGateways, sandboxProvider, type PaymentConfig, type PaymentGateways } from './providers.ts';
export { paymentSettings, productionPaymentProblems, readPaymentSettings, type PaymentSettings } from './settings.ts';
export type { PaymentProvider } from './provider.ts';
export { createAlipayProvider } from './alipay.ts';
export { createWechatPayProvider } from './wechatpay.ts';
