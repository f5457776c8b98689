import type { TSubscriptionsSummary } from '@coinlane/core/api/subscriptions';
import { PLAN_PRICE_RULES } from '@coinlane/core/api/subscriptions';
import { cryptoToFiat, formatUnits, rational } from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import type { TPlanCurrency } from '@coinlane/core/subscription-status';
import type { Db } from '#app/db/connection.ts';
import { loadRateBook } from '#app/modules/rates/load-rate-book.ts';
import { toUnits } from './present.ts';

/**
 * GET /subscriptions/summary, the Subscriptions page's cards:
 * - Monthly Revenue: per plan, its price times its active subscribers, a yearly plan counting a twelfth of its
 *   price (the spec's client ignored the interval; decision 023), in USD at current rates (USD plans as they are;
 *   a coin plan at its display rate), summed exactly and rounded down to the cent once. Null when a plan's
 *   currency has no rate at all.
 * - Total Subscribers: subscribers whose status is active (the spec's "active only").
 * - Active Plans, out of all the merchant's plans of the mode.
 */
export async function summarizeSubscriptions({
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
}): Promise<TSubscriptionsSummary> {
  const [plans, byPlan] = await Promise.all([
    db
      .selectFrom('subscription_plans')
      .select(['id', 'price', 'currency', 'interval', 'active'])
      .where('user_id', '=', userId)
      .where('mode', '=', mode)
      .where('deleted_at', 'is', null)
      .execute(),
    db
      .selectFrom('subscriptions')
      .select((eb) => ['plan_id', eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .where('mode', '=', mode)
      .where('status', '=', 'active')
      .groupBy('plan_id')
      .execute(),
  ]);
  const active = new Map(byPlan.map((r) => [r.plan_id, Number(r.n)]));
  const activeSubscribers = byPlan.reduce((sum, r) => sum + Number(r.n), 0);
  // Exact: every plan in USD at 8 decimals times 12 (a yearly plan once), divided once at the end.
  let numerator = 0n; // USD at 8 decimals, times 12
  let known = true;
  const book = await loadRateBook({ db, now, maxAgeSeconds });
  for (const plan of plans) {
    const n = active.get(plan.id) ?? 0;
    if (n === 0) continue;
    const currency = plan.currency as TPlanCurrency;
    const weight = BigInt(n) * (plan.interval === 'yearly' ? 1n : 12n);
    if (currency === 'USD') {
      numerator += toUnits(plan.price, 8) * weight;
      continue;
    }
    const decimals = PLAN_PRICE_RULES[currency].decimals;
    // Live: the display rate (a fresh market rate, else the admin's manual or the last market one); test: as priced.
    const rate = book.coinRate(currency, mode === 'live' ? 'display' : 'test');
    if (!rate) {
      known = false;
      continue;
    }
    // The USD value of a million prices in cents is the value of one price in USD at 8 decimals.
    const million = cryptoToFiat({
      units: toUnits(plan.price, decimals) * 1_000_000n,
      decimals,
      cryptoRate: rate.rate,
      fiatRate: rational(1n),
      fiatDecimals: 2,
    });
    numerator += toUnits(million, 2) * weight;
  }
  return {
    monthlyRevenueUsd: known ? formatUnits(numerator / 12n / 1_000_000n, 2, { minDecimals: 2 }) : null,
    activeSubscribers,
    activePlans: plans.filter((p) => p.active).length,
    totalPlans: plans.length,
  };
}
