/**
 * The embedded sandbox payment provider: no money moves. Its "cashier" is
 * POST /api/pay/sandbox/{orderNo}/confirm, which builds the same signed notification a gateway
 * would send and feeds it through verifyNotification, so the order path is the real one.
 * Never available when NODE_ENV=production.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  RejectedNotification,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderNotification,
  type VerifiedPayment,
} from './provider.ts';

interface SandboxNotice {
  orderNo: string;
  paidAmount: number;
  tradeNo: string;
  sign: string;
}

export const sandboxConfirmPath = (orderNo: string) => `/api/pay/sandbox/${encodeURIComponent(orderNo)}/confirm`;

export function createSandboxProvider(secret: Buffer = randomBytes(32)): PaymentProvider & {
  /** What the sandbox gateway would post after the payer paid `request`. */
  notificationFor(orderNo: string, paidAmount: number): ProviderNotification;
} {
  const sign = (orderNo: string, paidAmount: number, tradeNo: string) =>
    createHmac('sha256', secret).update(`${orderNo}|${paidAmount}|${tradeNo}`).digest('hex');
  return {
    name: 'sandbox',
    simulated: true,
    async createPayment(request: PaymentRequest) {
      const url = sandboxConfirmPath(request.orderNo);
      return { provider: 'sandbox', payUrl: url, sandboxUrl: url, qrCode: `sandbox://pay?orderNo=${request.orderNo}` };
    },
    notificationFor(orderNo, paidAmount) {
      const tradeNo = `SANDBOX${Date.now()}${randomBytes(4).toString('hex')}`;
      const body: SandboxNotice = { orderNo, paidAmount, tradeNo, sign: sign(orderNo, paidAmount, tradeNo) };
      return { headers: {}, body };
    },
    async verifyNotification(notification): Promise<VerifiedPayment> {
      const n = notification.body as Partial<SandboxNotice> | null;
      if (
        !n ||
        typeof n.orderNo !== 'string' ||
        !Number.isInteger(n.paidAmount) ||
        typeof n.tradeNo !== 'string' ||
        typeof n.sign !== 'string'
      ) {
        throw new RejectedNotification('malformed sandbox notice');
      }
      const expected = Buffer.from(sign(n.orderNo, n.paidAmount!, n.tradeNo));
      const given = Buffer.from(n.sign);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new RejectedNotification('bad sandbox signature');
      return { orderNo: n.orderNo, paidAmount: n.paidAmount!, providerTradeNo: n.tradeNo };
    },
    // No money moves in the sandbox: nothing to ask about or close.
    async queryPayment() {
      return null;
    },
    async closePayment() {},
  };
}
