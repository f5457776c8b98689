import type { TBalance, TBalances } from '@coinlane/core/api/analytics';
import { cryptoToFiat, formatUnits, pow10, rational } from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { sumConfirmedByCoin } from '#app/modules/payments/summarize-merchant-payments.ts';
import { loadRateBook } from '#app/modules/rates/load-rate-book.ts';
import { usd2 } from './get-payment-analytics.ts';

/**
 * GET /analytics/balances: per coin, the sum of the confirmed amounts of confirmed payments (exact, in whole
 * coins) and its USD value. The value is at the current rate when one is known for the mode (test: any
 * source including the built-in test prices; live: market, manual or stale market, never test prices),
 * `valuation: 'current'` with its source; otherwise the sum of the payments' USD values at their locked
 * rates, `valuation: 'locked'`. Sorted by USD value, largest first.
 */
export async function getBalances({
  db,
  userId,
  mode,
  maxAgeSeconds,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  maxAgeSeconds: number;
  now?: Date;
}): Promise<TBalances> {
  const groups = await sumConfirmedByCoin({ db, userId, mode });
  // One coin may come in several decimals (USDT: 6 on Ethereum, 18 on BNB Smart Chain): sum at the largest.
  const byCoin = new Map<string, { units: bigint; decimals: number; lockedCents: bigint; count: number }>();
  for (const g of groups) {
    const cur = byCoin.get(g.currency) ?? { units: 0n, decimals: 0, lockedCents: 0n, count: 0 };
    const decimals = Math.max(cur.decimals, g.decimals);
    const units = cur.units * pow10(decimals - cur.decimals) + g.units * pow10(decimals - g.decimals);
    byCoin.set(g.currency, {
      units,
      decimals,
      lockedCents: cur.lockedCents + BigInt(usd2(g.lockedUsd).replace('.', '')),
      count: cur.count + g.count,
    });
  }
  const book = byCoin.size > 0 ? await loadRateBook({ db, now, maxAgeSeconds }) : null;
  const balances: TBalance[] = [];
  for (const [currency, b] of byCoin) {
    const rate = book?.coinRate(currency, mode === 'test' ? 'test' : 'display') ?? null;
    const usdAmount = rate
      ? cryptoToFiat({
          units: b.units,
          decimals: b.decimals,
          cryptoRate: rate.rate,
          fiatRate: rational(1n),
          fiatDecimals: 2,
        })
      : formatUnits(b.lockedCents, 2, { minDecimals: 2 });
    balances.push({
      currency,
      amount: formatUnits(b.units, b.decimals),
      usdAmount,
      valuation: rate ? 'current' : 'locked',
      rateSource: rate?.source ?? null,
      paymentCount: b.count,
    });
  }
  const cents = (v: string) => BigInt(v.replace('.', ''));
  balances.sort((a, b) => {
    const d = cents(b.usdAmount) - cents(a.usdAmount);
    return d > 0n ? 1 : d < 0n ? -1 : a.currency.localeCompare(b.currency);
  });
  const total = balances.reduce((sum, b) => sum + cents(b.usdAmount), 0n);
  return { totalUsd: formatUnits(total, 2, { minDecimals: 2 }), balances };
}
