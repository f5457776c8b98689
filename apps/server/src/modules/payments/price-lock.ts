import type { Config } from '#app/config.ts';

/**
 * How a payment's price is held, as this server is configured: the length of the rate lock
 * (PAYMENT_RATE_LOCK_SECONDS, default PAYMENT_WINDOW_MINUTES) and the largest age of a market rate that may price a
 * live amount (RATES_MAX_AGE_SECONDS). Read where a lock starts (a new payment, a re-price) and where one lapses:
 * every read of a payment applies its lapse on demand (settle-lapsed-payment.ts). Part of PaymentDeps.
 */
export type PriceLockSettings = { seconds: number; ratesMaxAgeSeconds: number };

export const priceLockOf = (
  config: Pick<Config, 'rateLockSeconds' | 'ratesMaxAgeSeconds'>,
): PriceLockSettings => ({
  seconds: config.rateLockSeconds,
  ratesMaxAgeSeconds: config.ratesMaxAgeSeconds,
});
