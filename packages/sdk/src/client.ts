import { CoinlaneError } from './errors.ts';
import { Analytics } from './resources/analytics.ts';
import { ExchangeRatesResource } from './resources/exchange-rates.ts';
import { PaymentLinks } from './resources/payment-links.ts';
import { Payments } from './resources/payments.ts';
import { Payouts } from './resources/payouts.ts';
import { Refunds } from './resources/refunds.ts';
import { Subscriptions } from './resources/subscriptions.ts';
import { Transactions } from './resources/transactions.ts';
import { WebhookEndpointResource, WebhookEvents } from './resources/webhooks.ts';
import { Transport } from './transport.ts';
import type { Mode } from './types.ts';

export type CoinlaneOptions = {
  /** An API key from the dashboard's API Keys page: `cl_test_...` (test mode) or `cl_live_...` (live mode). */
  apiKey: string;
  /** Your Coinlane server (`https://pay.example.com`); `/api/v1` is added unless the URL already ends with it. */
  baseUrl: string;
  /** Retries of a failed call (network error, 409, 429, 5xx). Default 2; 0 turns retries off. */
  maxRetries?: number;
  /** Milliseconds each attempt may take before it is abandoned. Default 30 000. */
  timeoutMs?: number;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
};

const KEY_PREFIX = /^cl_(test|live)_/;

/**
 * The Coinlane API client.
 *
 *   const coinlane = new Coinlane({ apiKey: process.env.COINLANE_API_KEY!, baseUrl: 'https://pay.example.com' });
 *   const payment = await coinlane.payments.create({ fiatAmount: '49.90', fiatCurrency: 'EUR', currency: 'BTC' });
 */
export class Coinlane {
  /** `test` or `live`, from the key's prefix: everything the client creates or reads is of this mode. */
  readonly mode: Mode;
  readonly payments: Payments;
  readonly paymentLinks: PaymentLinks;
  readonly refunds: Refunds;
  readonly transactions: Transactions;
  readonly analytics: Analytics;
  readonly exchangeRates: ExchangeRatesResource;
  readonly webhookEndpoint: WebhookEndpointResource;
  readonly webhookEvents: WebhookEvents;
  readonly subscriptions: Subscriptions;
  readonly payouts: Payouts;

  constructor(options: CoinlaneOptions) {
    const { apiKey, baseUrl, maxRetries = 2, timeoutMs = 30_000 } = options;
    const prefix = KEY_PREFIX.exec(apiKey ?? '');
    if (!prefix) {
      throw new CoinlaneError(
        'apiKey must be a Coinlane API key: cl_test_... (test mode) or cl_live_... (live mode), from the API Keys page',
      );
    }
    if (!baseUrl) throw new CoinlaneError('baseUrl is required: the address of your Coinlane server');
    if (!Number.isInteger(maxRetries) || maxRetries < 0) {
      throw new CoinlaneError('maxRetries must be a whole number, 0 or more');
    }
    const fetchFn = options.fetch ?? globalThis.fetch;
    if (typeof fetchFn !== 'function') {
      throw new CoinlaneError('No fetch available: use Node 18 or later, or pass options.fetch');
    }
    this.mode = prefix[1] as Mode;
    const transport = new Transport({
      apiKey,
      apiUrl: apiUrlOf(baseUrl),
      maxRetries,
      timeoutMs,
      fetch: (input, init) => fetchFn(input, init),
    });
    this.payments = new Payments(transport);
    this.paymentLinks = new PaymentLinks(transport);
    this.refunds = new Refunds(transport);
    this.transactions = new Transactions(transport);
    this.analytics = new Analytics(transport);
    this.exchangeRates = new ExchangeRatesResource(transport);
    this.webhookEndpoint = new WebhookEndpointResource(transport);
    this.webhookEvents = new WebhookEvents(transport);
    this.subscriptions = new Subscriptions(transport);
    this.payouts = new Payouts(transport);
  }
}

/** `https://pay.example.com/` -> `https://pay.example.com/api/v1`. */
function apiUrlOf(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed.endsWith('/api/v1') ? trimmed : `${trimmed}/api/v1`;
}
