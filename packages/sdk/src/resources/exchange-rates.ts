import type { RequestOptions, Transport } from '../transport.ts';
import type { ExchangeRates, ExchangeRatesParams, ExchangeRatesStatus } from '../types.ts';

/** The exchange rates Coinlane prices fiat amounts with. */
export class ExchangeRatesResource {
  constructor(private readonly t: Transport) {}

  /** Rates against `base` (default USD) for the given comma-separated coins (default: the common ones). */
  list(params: ExchangeRatesParams = {}, options?: RequestOptions): Promise<ExchangeRates> {
    return this.t.data({ method: 'GET', path: '/exchange-rates', query: params, options });
  }

  /** How fresh the rates are. */
  status(options?: RequestOptions): Promise<ExchangeRatesStatus> {
    return this.t.data({ method: 'GET', path: '/exchange-rates/status', options });
  }
}
