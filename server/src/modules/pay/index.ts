/** The pay module: online payment providers and their notifications (no tables; orders are the order module's). */
export { payRoutes } from './routes.ts';
export { onlinePaymentProvider, sandboxProvider } from './providers.ts';
export type { PaymentProvider } from './provider.ts';
