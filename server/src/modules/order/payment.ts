/**
 * What the order module asks of online payment (pay types 1 ALI_PAY and 2 WX_PAY): for each pay
 * type the gateway taking it, which creates a payment (how the client pays), says whether an order
 * was paid, and closes an order. The pay module supplies it (the composition root hands it to the
 * order routes), so orders never import pay.
 */
import type { PayScene } from '../../../../common/api-types.ts';
import { PAY_TYPES } from '../../../../common/domain.ts';

export interface PaymentRequest {
  orderNo: string;
  /** Fen. */
  amount: number;
  subject: string;
  expiresAt: Date;
  /** 'qr': a code to scan from another device (desktop); 'wap': a page to open on this phone. */
  scene: PayScene;
}

/** What the client needs to pay. */
export interface PaymentInstructions {
  provider: string;
  /** A page to open (the gateway's phone cashier). */
  payUrl?: string;
  /** A QR payload to render. */
  qrCode?: string;
  /** Only the sandbox: the endpoint that simulates the payer completing payment. */
  sandboxUrl?: string;
}

/** A payment the gateway vouches for. */
export interface VerifiedPayment {
  orderNo: string;
  /** Fen actually paid, compared with the order amount before crediting. */
  paidAmount: number;
  providerTradeNo: string;
}

/** One row of a gateway's daily bill that moved money: a payment, or money returned (refund, revoked payment). */
export interface BillEntry {
  kind: 'payment' | 'refund' | 'revoked';
  orderNo: string;
  providerTradeNo: string;
  /** Fen, positive: what was paid, or what went back to the payer. */
  amount: number;
  /** The refund's own number (退款批次号 / 商户退款单号), when the bill gives one. */
  refundNo?: string;
}

/** A gateway's daily bill as read: its entries, and the rows that could not be read (reported, never guessed). */
export interface Bill {
  entries: BillEntry[];
  unreadable: Array<{ line: number; text: string; reason: string }>;
}

export interface PaymentGateway {
  readonly name: string;
  /** No money moves (the sandbox): nothing to keep, ask about or close. */
  readonly simulated?: boolean;
  createPayment(request: PaymentRequest): Promise<PaymentInstructions>;
  /** The payment of an order if the gateway says it was paid, else null. */
  queryPayment(orderNo: string): Promise<VerifiedPayment | null>;
  /** Makes the order unpayable at the gateway (an order the gateway never saw counts as closed). */
  closePayment(orderNo: string): Promise<void>;
  /**
   * The gateway's daily trade bill of one day (YYYY-MM-DD, Beijing time), for reconciliation. A day
   * without trades is an empty bill. Throws while the bill is not published yet or cannot be read.
   */
  downloadBill?(day: string): Promise<Bill>;
}

export type OnlinePayType = 1 | 2;

export const isOnlinePayType = (payType: number): payType is OnlinePayType => payType === PAY_TYPES.ALI_PAY || payType === PAY_TYPES.WX_PAY;

/** The gateway taking an online pay type, or null when that pay type is not offered. */
export type OrderPayments = (payType: OnlinePayType) => PaymentGateway | null;

/** The same gateways without the simulated one (the sandbox): what a client not allowed the development tools is offered. */
export const withoutSimulated =
  (payments: OrderPayments): OrderPayments =>
  (payType) => {
    const provider = payments(payType);
    return provider && !provider.simulated ? provider : null;
  };
