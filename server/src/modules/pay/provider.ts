/**
 * Online payment (pay types 1 ALI_PAY and 2 WX_PAY) goes through a PaymentProvider shaped like a
 * real Alipay / WeChat Pay integration: create a payment for an order (what the client needs to
 * pay: a page URL and/or a QR payload), then verify and parse the provider's asynchronous
 * notification into {orderNo, paidAmount, providerTradeNo}. Order logic only sees the creating
 * half (the order module's PaymentStarter), so a real gateway is added by implementing it and naming it in PAY_PROVIDER.
 */
import type { PaymentRequest, PaymentInstructions, PaymentStarter } from '../order/index.ts';

export type { PaymentRequest, PaymentInstructions };

/** A provider's asynchronous notification, as received over HTTP. */
export interface ProviderNotification {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface VerifiedPayment {
  orderNo: string;
  /** Fen actually paid, compared with the order amount before crediting. */
  paidAmount: number;
  providerTradeNo: string;
}

export interface PaymentProvider extends PaymentStarter {
  readonly name: string;
  /** Verifies the signature and parses the notification; throws on anything not genuine. */
  verifyNotification(notification: ProviderNotification): Promise<VerifiedPayment>;
  /** The body the provider expects back once a notification was handled (e.g. "success"). */
  readonly notificationAck: string;
}
