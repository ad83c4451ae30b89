/**
 * The embedded sandbox payment provider: no money moves. Its "cashier" is
 * POST /api/pay/sandbox/{orderNo}/confirm, which builds the same signed notification a gateway
 * would send and feeds it through verifyNotification, so the order path is the real one.
 * Never available when NODE_ENV=production.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../../http/errors.ts';
import type { PaymentProvider, PaymentRequest, ProviderNotification, VerifiedPayment } from './provider.ts';

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
    notificationAck: 'success',
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
      if (!n || typeof n.orderNo !== 'string' || !Number.isInteger(n.paidAmount) || typeof n.tradeNo !== 'string' || typeof n.sign !== 'string') {
        throw badRequest('支付通知格式不正确');
      }
      const expected = Buffer.from(sign(n.orderNo, n.paidAmount!, n.tradeNo));
      const given = Buffer.from(n.sign);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badRequest('支付通知签名无效');
      return { orderNo: n.orderNo, paidAmount: n.paidAmount!, providerTradeNo: n.tradeNo };
    },
  };
}
