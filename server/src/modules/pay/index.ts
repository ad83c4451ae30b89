/** The pay module: online payment providers (Alipay, WeChat Pay, the sandbox) and their notifications (no tables; orders are the order module's). */
export { payRoutes } from './routes.ts';
export { orderPayments, sandboxProvider } from './providers.ts';
export type { PaymentProvider } from './provider.ts';
export { createAlipayProvider } from './alipay.ts';
export { createWechatPayProvider } from './wechatpay.ts';
