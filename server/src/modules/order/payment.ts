/**
 * What the order module asks of an online payment provider (pay types 1 ALI_PAY and 2 WX_PAY):
 * create a payment for an order and say how the client pays it. The pay module supplies the
 * provider (the composition root hands it to the order routes), so orders never import pay.
 */
export interface PaymentRequest {
  orderNo: string;
  /** Fen. */
  amount: number;
  subject: string;
  payType: 1 | 2;
  expiresAt: Date;
}

/** What the client needs to pay. */
export interface PaymentInstructions {
  provider: string;
  /** A page to open (cashier / H5 pay page). */
  payUrl?: string;
  /** A QR payload to render (native QR pay). */
  qrCode?: string;
  /** Only the sandbox: the endpoint that simulates the payer completing payment. */
  sandboxUrl?: string;
}

export interface PaymentStarter {
  createPayment(request: PaymentRequest): Promise<PaymentInstructions>;
}
