/** The pay module: online payment providers (Alipay, WeChat Pay, the sandbox) and their notifications (no tables; orders are the order module's). */
export { payRoutes } from './routes.ts';
export { createPaymentGateways, type PaymentGateways } from './providers.ts';
export { paymentSettings, readPaymentSettings, type PaymentSettings } from './settings.ts';
export type { GatewayFailure, PaymentProvider } from './provider.ts';
