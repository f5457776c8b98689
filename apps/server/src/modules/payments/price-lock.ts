import { PAYMENT_WINDOW_MINUTES } from '@coinlane/core/api/payments';
import type { Config } from '#app/config.ts';

/**
 * How a payment's price is held, as this server is configured (buildApp calls configurePriceLock): the length of
 * the rate lock (PAYMENT_RATE_LOCK_SECONDS, default PAYMENT_WINDOW_MINUTES) and the largest age of a market rate
 * that may price a live amount (RATES_MAX_AGE_SECONDS). Read where a lock starts (a new payment, a re-price) and
 * where one lapses: every read of a payment applies its lapse on demand (settle-lapsed-payment.ts), so these are
 * needed far from any route, like the address sources (address-sources.ts), hence one object per process.
 */
export type PriceLockSettings = { seconds: number; ratesMaxAgeSeconds: number };

export const priceLock: PriceLockSettings = {
  seconds: PAYMENT_WINDOW_MINUTES * 60,
  ratesMaxAgeSeconds: 300,
};

export function configurePriceLock(config: Pick<Config, 'rateLockSeconds' | 'ratesMaxAgeSeconds'>): void {
  priceLock.seconds = config.rateLockSeconds;
  priceLock.ratesMaxAgeSeconds = config.ratesMaxAgeSeconds;
}
