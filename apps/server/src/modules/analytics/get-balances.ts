import type { TBalance, TBalances } from '@coinlane/core/api/analytics';
import { cryptoToFiat, formatUnits, pow10, rational } from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { sumConfirmedByCoin } from '#app/modules/payments/summarize-merchant-payments.ts';
import { loadRateBook } from '#app/modules/rates/load-rate-book.ts';
import { usd2 } from './get-payment-analytics.ts';

/**
 * GET /analytics/balances: per coin, all the money received with its confirmations (exact, in whole coins),
 * whatever the status of its payment (confirmed, accepted or unaccepted late, partial: it is in the merchant's
 * wallet either way), less the refunds the merchant paid from it, and its USD value; beside it the part on payments that are not confirmed, which Total Volume
 * leaves out (outsideVolumeAmount / outsideVolumeUsd, and their total). The value is at the current rate when one is known for the mode (test: any
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
  type Coin = {
    units: bigint;
    outsideUnits: bigint;
    decimals: number;
    lockedCents: bigint;
    outsideLockedCents: bigint;
    count: number;
  };
  const byCoin = new Map<string, Coin>();
  const centsOf = (usd: string) => BigInt(usd2(usd).replace('.', ''));
  for (const g of groups) {
    const cur = byCoin.get(g.currency) ?? {
      units: 0n,
      outsideUnits: 0n,
      decimals: 0,
      lockedCents: 0n,
      outsideLockedCents: 0n,
      count: 0,
    };
    const decimals = Math.max(cur.decimals, g.decimals);
    const scale = (mine: bigint, theirs: bigint) =>
      mine * pow10(decimals - cur.decimals) + theirs * pow10(decimals - g.decimals);
    byCoin.set(g.currency, {
      units: scale(cur.units, g.units),
      outsideUnits: scale(cur.outsideUnits, g.outsideUnits),
      decimals,
      lockedCents: cur.lockedCents + centsOf(g.lockedUsd),
      outsideLockedCents: cur.outsideLockedCents + centsOf(g.outsideLockedUsd),
      count: cur.count + g.count,
    });
  }
  const book = byCoin.size > 0 ? await loadRateBook({ db, now, maxAgeSeconds }) : null;
  const balances: TBalance[] = [];
  for (const [currency, b] of byCoin) {
    const rate = book?.coinRate(currency, mode === 'test' ? 'test' : 'display') ?? null;
    const usdOf = (units: bigint, lockedCents: bigint) =>
      rate
        ? cryptoToFiat({
            units,
            decimals: b.decimals,
            cryptoRate: rate.rate,
            fiatRate: rational(1n),
            fiatDecimals: 2,
          })
        : formatUnits(lockedCents, 2, { minDecimals: 2 });
    balances.push({
      currency,
      amount: formatUnits(b.units, b.decimals),
      usdAmount: usdOf(b.units, b.lockedCents),
      outsideVolumeAmount: formatUnits(b.outsideUnits, b.decimals),
      outsideVolumeUsd: usdOf(b.outsideUnits, b.outsideLockedCents),
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
  const sum = (pick: (b: TBalance) => string) =>
    formatUnits(
      balances.reduce((total, b) => total + cents(pick(b)), 0n),
      2,
      { minDecimals: 2 },
    );
  return { totalUsd: sum((b) => b.usdAmount), outsideVolumeUsd: sum((b) => b.outsideVolumeUsd), balances };
}
