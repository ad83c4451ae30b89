/**
 * Online payment (pay types 1 Alipay and 2 WeChat Pay) goes through a PaymentProvider: the order
 * module's PaymentGateway (create a payment, ask whether an order was paid, close it) plus the
 * verification of the gateway's asynchronous notification. Orders only see the gateway half.
 */
import type { PaymentGateway, PaymentInstructions, PaymentRequest, VerifiedPayment } from '../order/index.ts';
import { currentLog } from '../../lib/logger.ts';

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

/**
 * A gateway call that failed, as the log shows it. `outcome` refused: the gateway answered with an
 * error of its own (its code and message); unreachable: no usable answer (connection refused,
 * timeout, an HTTP error, an answer whose signature does not verify).
 */
export interface GatewayFailure {
  gateway: 'alipay' | 'wechat';
  call: string;
  outcome: 'refused' | 'unreachable';
  /** HTTP status of the gateway's answer, when there was one. */
  status?: number;
  /** The vendor's error code (Alipay: code and sub_code; WeChat Pay: code). */
  code?: string;
  /** The vendor's or the transport's message, through safeGatewayText. */
  message?: string;
}

export type GatewayFailureLog = (failure: GatewayFailure) => void;

/**
 * The server's GatewayFailureLog: one JSON line at warn through currentLog(), so a failure met while
 * serving a request carries that request's id (reqId), and one met by the expiry sweep or the
 * reconciliation job the job's logger. Phone numbers are masked by the logger itself.
 */
export const logGatewayFailure: GatewayFailureLog = (failure) =>
  currentLog().warn({ gatewayFailure: failure }, `payment gateway ${failure.gateway} ${failure.call} ${failure.outcome}`);

const MAX_LOGGED_TEXT = 300;

/**
 * A vendor's or transport's message made safe to log: URLs lose their query strings (signed
 * requests carry sign, app_id and the whole biz_content there), long base64 runs (signatures, keys)
 * and `sign=` / `Authorization` values are replaced, and the text is cut to 300 characters.
 */
export function safeGatewayText(text: unknown): string {
  return String(text ?? '')
    .replace(/(https?:\/\/[^\s?#'"]+)[?#][^\s'"]*/g, '$1?[query removed]')
    .replace(/\b(sign|signature|authorization|private_key|app_private_key|api_v3_key)(\s*[=:]\s*)('[^']*'|"[^"]*"|\S+)/gi, '$1$2[redacted]')
    .replace(/[A-Za-z0-9+/=_-]{64,}/g, '[redacted]')
    .slice(0, MAX_LOGGED_TEXT);
}
