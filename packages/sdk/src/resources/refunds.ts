import type { RequestOptions, Transport } from '../transport.ts';
import type { CreatedRefund, CreateRefundParams, PaymentRefunds, Refund } from '../types.ts';

const id = encodeURIComponent;

/**
 * Refunds: requests that you pay a customer back from your own wallet (Coinlane holds no funds). The customer
 * gives the address on a link; you then pay `paymentUri`.
 */
export class Refunds {
  constructor(private readonly t: Transport) {}

  /**
   * Issues a refund of a payment (all or part of its confirmed money). Carries an Idempotency-Key. The reply's
   * `addressLink`, when the payment has no customer e-mail, is shown this once: pass it on to the customer.
   */
  create(paymentId: string, params: CreateRefundParams, options?: RequestOptions): Promise<CreatedRefund> {
    return this.t.data({
      method: 'POST',
      path: `/payments/${id(paymentId)}/refunds`,
      body: params,
      idempotent: true,
      options,
    });
  }

  /** A payment's refunds and what may still be refunded. */
  listForPayment(paymentId: string, options?: RequestOptions): Promise<PaymentRefunds> {
    return this.t.data({ method: 'GET', path: `/payments/${id(paymentId)}/refunds`, options });
  }

  /** Cancels an open refund; its amount becomes refundable again. */
  cancel(refundId: string, options?: RequestOptions): Promise<Refund> {
    return this.t.data({ method: 'POST', path: `/refunds/${id(refundId)}/cancel`, options });
  }

  /** Test mode: simulates your refund transfer; a refund awaiting payment becomes paid. */
  simulate(refundId: string, options?: RequestOptions): Promise<Refund> {
    return this.t.data({ method: 'POST', path: `/refunds/${id(refundId)}/simulate`, options });
  }

  /** The QR code (SVG text) of a refund awaiting payment, for your wallet to scan. */
  qrSvg(refundId: string, options?: RequestOptions): Promise<string> {
    return this.t.text({ method: 'GET', path: `/refunds/${id(refundId)}/qr.svg`, options });
  }
}
