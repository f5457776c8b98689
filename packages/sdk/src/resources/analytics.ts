import type { RequestOptions, Transport } from '../transport.ts';
import type { AnalyticsParams, Balances, PaymentAnalytics } from '../types.ts';

/** The dashboard's figures. */
export class Analytics {
  constructor(private readonly t: Transport) {}

  /** Payment and payment-link figures (volume by day, counts, success rate), in your time zone if given. */
  payments(params: AnalyticsParams = {}, options?: RequestOptions): Promise<PaymentAnalytics> {
    return this.t.data({ method: 'GET', path: '/analytics/payments', query: params, options });
  }

  /** Confirmed money per coin. */
  balances(options?: RequestOptions): Promise<Balances> {
    return this.t.data({ method: 'GET', path: '/analytics/balances', options });
  }
}
