import type { Db } from '#app/db/connection.ts';
import { type ResolvedCurrency, resolveCurrency } from '#app/modules/currencies/resolve-currency.ts';
import { loadRateBook, loadRateEntries } from '#app/modules/rates/load-rate-book.ts';
import { RateBook, type RateEntry } from '#app/modules/rates/rate-book.ts';

/** The two reads that pricing a payment makes (preparePayment): the coin's catalogue row and the rate book. */
export type PricingReads = {
  currency(o: { db: Db; currency: string; network?: string | null }): Promise<ResolvedCurrency>;
  rateBook(o: { db: Db; now: Date; maxAgeSeconds: number }): Promise<RateBook>;
};

/** Both read the database every time: what pricing one payment, link or invoice does. */
export const freshPricingReads: PricingReads = {
  currency: (o) => resolveCurrency(o),
  rateBook: (o) => loadRateBook(o),
};

/** How long short-lived pricing reads keep what they read. */
export const PRICING_READS_TTL_MS = 5_000;

/**
 * Pricing reads for a caller that prices many payments one after another, each in its own transaction (the
 * renewal batch: thousands of invoices in a run): the coin's catalogue row and the stored quotes are read once
 * and kept for `ttlMs`, instead of two reads (one of every stored quote) per payment. What it keeps is what a
 * read at that moment returned, so:
 * - a coin an admin disables or edits, or a quote the rate refresh stores, reaches these payments at most
 *   `ttlMs` later (a payment priced just before the change would have had the old one too);
 * - a rate's freshness is still judged at each payment's own time: the book is built anew for each one from the
 *   kept quotes, so a quote that grew older than maxAgeSeconds meanwhile is stale exactly as on a fresh read
 *   (never used for a live amount);
 * - a coin refused (unknown, disabled, a network needed) is not kept: it is read, and refused, each time.
 * Made by the caller for one run and dropped with it: never shared by the process, so there is nothing to clear.
 */
export function createPricingReads({
  ttlMs = PRICING_READS_TTL_MS,
  clock = Date.now,
}: {
  ttlMs?: number;
  clock?: () => number;
} = {}): PricingReads {
  const currencies = new Map<string, { readAt: number; value: ResolvedCurrency }>();
  let quotes: { readAt: number; entries: RateEntry[] } | null = null;
  return {
    async currency(o) {
      const key = `${o.currency}\n${o.network ?? ''}`;
      const kept = currencies.get(key);
      if (kept && clock() - kept.readAt < ttlMs) return kept.value;
      // Timed from before the read: what is kept is never older than it says.
      const readAt = clock();
      const value = await resolveCurrency(o);
      currencies.set(key, { readAt, value });
      return value;
    },
    async rateBook({ db, now, maxAgeSeconds }) {
      if (!quotes || clock() - quotes.readAt >= ttlMs) {
        const readAt = clock();
        quotes = { readAt, entries: await loadRateEntries({ db }) };
      }
      return new RateBook(quotes.entries, { now, maxAgeSeconds });
    },
  };
}
