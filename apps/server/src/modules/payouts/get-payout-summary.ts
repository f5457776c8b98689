import type { TPayoutSummary } from '@coinlane/core/api/payouts';
import type { Db } from '#app/db/connection.ts';
import { selectPayoutSettings } from './queries.ts';

/**
 * The Instant Payouts page's three cards (merchant spec 2): Total Converted = the converted amounts of completed
 * conversions (swaps and shifts; a plain flush converts nothing, nor a swap that delivered the coin paid because
 * its price bound could not be met) summed exactly (numeric) per payout currency, the
 * conversion currency first (0 when nothing was converted to it), then the others by name; Active rules = enabled rules; Pending Payouts = pending
 * history entries.
 */
export async function getPayoutSummary({ db, userId }: { db: Db; userId: string }): Promise<TPayoutSummary> {
  const settings = await selectPayoutSettings(db, userId);
  const totals = await db
    .selectFrom('payouts')
    .select(['payout_currency', (eb) => eb.fn.sum<string>('converted_amount').as('amount')])
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .where('kind', 'in', ['swap', 'shift'])
    .where('converted_amount', 'is not', null)
    // a swap the contract could not make delivered the coin paid as it was: nothing was converted
    .whereRef('payout_currency', '!=', 'original_currency')
    .groupBy('payout_currency')
    .execute();
  const rules = await db
    .selectFrom('payout_rules')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('enabled', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const pending = await db
    .selectFrom('payouts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const main = settings.conversion_currency;
  const totalConverted = totals
    .map((t) => ({ currency: t.payout_currency, amount: String(t.amount) }))
    .sort((a, b) =>
      a.currency === main ? -1 : b.currency === main ? 1 : a.currency.localeCompare(b.currency),
    );
  // the conversion currency's card line is shown even before anything was converted to it
  if (!totalConverted.some((t) => t.currency === main))
    totalConverted.unshift({ currency: main, amount: '0' });
  return {
    totalConverted,
    conversionCurrency: main,
    activeRules: Number(rules.n),
    pendingPayouts: Number(pending.n),
  };
}
