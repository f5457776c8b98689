import { type OffsetPage, PagePromise, walkOffset } from '../pagination.ts';
import type { RequestOptions, Transport } from '../transport.ts';
import type {
  CreatePaymentParams,
  FlushTransaction,
  ListPaymentsParams,
  Payment,
  PaymentDetail,
  SimulatePaymentParams,
  SimulatePaymentResult,
} from '../types.ts';

const id = encodeURIComponent;

/** Payments: one attempt to pay, with its address, amount due and status. */
export class Payments {
  constructor(private readonly t: Transport) {}

  /**
   * Creates a payment: `amount` in the coin, or `fiatAmount` + `fiatCurrency` priced at the current rate.
   * Needs the write permission. Safe to retry: it carries an Idempotency-Key.
   */
  create(params: CreatePaymentParams, options?: RequestOptions): Promise<Payment> {
    return this.t.data({ method: 'POST', path: '/payments', body: params, idempotent: true, options });
  }

  /** A payment with its transfers and price history. */
  retrieve(paymentId: string, options?: RequestOptions): Promise<PaymentDetail> {
    return this.t.data({ method: 'GET', path: `/payments/${id(paymentId)}`, options });
  }

  /** A page of payments, newest first; iterate the result with `for await` for every payment. */
  list(params: ListPaymentsParams = {}, options?: RequestOptions): PagePromise<OffsetPage<Payment>, Payment> {
    const page = (offset: number) =>
      this.t.json<OffsetPage<Payment>>({
        method: 'GET',
        path: '/payments',
        query: { ...params, offset },
        options,
      });
    return new PagePromise(
      () => page(params.offset ?? 0),
      () => walkOffset(page, params.offset ?? 0),
    );
  }

  /** Cancels a pending payment (409 INVALID_STATE once money arrived). */
  cancel(paymentId: string, options?: RequestOptions): Promise<Payment> {
    return this.t.data({ method: 'POST', path: `/payments/${id(paymentId)}/cancel`, options });
  }

  /** Accepts a payment that expired or was cancelled and was then paid late in full (`canAccept`). */
  accept(paymentId: string, options?: RequestOptions): Promise<Payment> {
    return this.t.data({
      method: 'POST',
      path: `/payments/${id(paymentId)}/accept`,
      idempotent: true,
      options,
    });
  }

  /**
   * Test mode: simulates a transfer to the payment (default: what is still due), which then moves through its
   * statuses and sends its webhooks as a real one would.
   */
  simulate(
    paymentId: string,
    params: SimulatePaymentParams = {},
    options?: RequestOptions,
  ): Promise<SimulatePaymentResult> {
    return this.t.data({
      method: 'POST',
      path: `/payments/${id(paymentId)}/simulate`,
      body: params ?? {},
      idempotent: true,
      options,
    });
  }

  /** Live EVM forwarder payments: the transaction that moves the deposit address's funds to your address. */
  flushTransaction(paymentId: string, options?: RequestOptions): Promise<FlushTransaction> {
    return this.t.data({ method: 'GET', path: `/payments/${id(paymentId)}/flush-transaction`, options });
  }
}
