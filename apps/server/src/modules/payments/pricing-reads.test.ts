import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#app/db/connection.ts';
import { upsertQuotes } from '#app/modules/rates/store-rate-quotes.ts';
import { createTestDb } from '#app/test/test-db.ts';
import { createPricingReads, freshPricingReads } from './pricing-reads.ts';

// What a batch that prices many payments in a row (the renewal job) may keep, and for how long: an admin's change
// to a coin or a newly stored quote reaches it within the time kept, never later; a rate's age is judged at each
// payment; a refused coin is never kept.

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

const MAX_AGE = 300;
const setEnabled = (symbol: string, network: string, enabled: boolean) =>
  handle.db
    .updateTable('supported_cryptocurrencies')
    .set({ enabled })
    .where('symbol', '=', symbol)
    .where('network', '=', network)
    .execute();
const storeBtc = (usd: string, fetchedAt: Date) =>
  upsertQuotes(handle.db, 'coingecko', [
    { base: 'USD', symbol: 'BTC', rate: usd, quote: 'base_per_symbol', fetchedAt },
  ]);

describe('short-lived pricing reads', () => {
  it('keep a coin for the time given, then see that an admin disabled it', async () => {
    let t = 1_000_000;
    const reads = createPricingReads({ ttlMs: 5_000, clock: () => t });
    const first = await reads.currency({ db: handle.db, currency: 'LTC', network: 'litecoin' });
    expect(first.row.symbol).toBe('LTC');
    await setEnabled('LTC', 'litecoin', false);
    try {
      t += 4_999;
      expect((await reads.currency({ db: handle.db, currency: 'LTC', network: 'litecoin' })).row.id).toBe(
        first.row.id,
      );
      t += 1;
      await expect(
        reads.currency({ db: handle.db, currency: 'LTC', network: 'litecoin' }),
      ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
      // A fresh read refuses it at once.
      await expect(
        freshPricingReads.currency({ db: handle.db, currency: 'LTC', network: 'litecoin' }),
      ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    } finally {
      await setEnabled('LTC', 'litecoin', true);
    }
  });

  it('never keep a refused coin: enabled again, it is accepted on the next payment', async () => {
    const t = 2_000_000;
    const reads = createPricingReads({ ttlMs: 5_000, clock: () => t });
    await setEnabled('LTC', 'litecoin', false);
    try {
      await expect(
        reads.currency({ db: handle.db, currency: 'LTC', network: 'litecoin' }),
      ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    } finally {
      await setEnabled('LTC', 'litecoin', true);
    }
    expect((await reads.currency({ db: handle.db, currency: 'LTC', network: 'litecoin' })).row.symbol).toBe(
      'LTC',
    );
  });

  it('price with the quotes read at most the time given ago, and judge their age at each payment', async () => {
    let t = 3_000_000;
    const reads = createPricingReads({ ttlMs: 5_000, clock: () => t });
    const fetched = new Date();
    await storeBtc('90000', fetched);
    const at = (seconds: number) => new Date(fetched.getTime() + seconds * 1000);
    const before = await reads.rateBook({ db: handle.db, now: at(1), maxAgeSeconds: MAX_AGE });
    expect(before.coinRate('BTC', 'live')?.source).toBe('coingecko');

    // A newer quote is stored: kept quotes price until the time is up, then the new one.
    await storeBtc('91000', at(2));
    t += 4_000;
    const kept = await reads.rateBook({ db: handle.db, now: at(3), maxAgeSeconds: MAX_AGE });
    expect(kept.coinRate('BTC', 'live')?.fetchedAt?.getTime()).toBe(fetched.getTime());
    t += 1_000;
    const renewed = await reads.rateBook({ db: handle.db, now: at(4), maxAgeSeconds: MAX_AGE });
    expect(renewed.coinRate('BTC', 'live')?.fetchedAt?.getTime()).toBe(at(2).getTime());

    // Kept quotes grow old as a stored one does: past the maximum age, not a live rate any more.
    const late = await reads.rateBook({ db: handle.db, now: at(2 + MAX_AGE), maxAgeSeconds: MAX_AGE });
    expect(late.coinRate('BTC', 'live')).toBeNull();
    expect(late.coinRate('BTC', 'test')?.source).toBe('coingecko');
  });
});
