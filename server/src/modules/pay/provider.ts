/**
 * Online payment (pay types 1 Alipay and 2 WeChat Pay) goes through a PaymentProvider: the order
 * module's PaymentGateway (create a payment, ask whether an order was paid, close it) plus the
 * verification of the gateway's asynchronous notification. Orders only see the gateway half.
 */
import type { PaymentGateway, PaymentInstructions, PaymentRequest, VerifiedPayment } from '../order/index.ts';

export type { PaymentInstructions, PaymentRequest, VerifiedPayment };

/** A provider's asynchronous notification, as received over HTTP. */
export interface ProviderNotification {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** A notification that is not genuine or not ours; the message is for the log only. */
export class RejectedNotification extends Error {}

/** How long a gateway call may take before it is answered 503, unless a provider is given its own `timeoutMs`. */
export const GATEWAY_TIMEOUT_MS = 10_000;

export interface PaymentProvider extends PaymentGateway {
  /**
   * Verifies the signature and parses the notification: the payment when it reports one, null when
   * it is genuine but reports something else (e.g. a trade created, not yet paid). Throws
   * RejectedNotification on anything not genuine or not addressed to this merchant.
   */
  verifyNotification(notification: ProviderNotification): Promise<VerifiedPayment | null>;
}

/** Yuan text of a fen amount, as the gateways want it ("300.00"). */
export const fenToYuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** Fen of a gateway's yuan text; NaN unless it is a plain amount with at most two decimals. */
export function yuanToFen(text: unknown): number {
  if (typeof text !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(text)) return Number.NaN;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
