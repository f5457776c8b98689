import type { TPaymentPriceChange } from '@coinlane/core/api/payments';
import { formatUnits } from '@coinlane/core/money';
import type { Db } from '#app/db/connection.ts';

/**
 * Payments' re-prices, by payment id, each payment's oldest first, in one read (absent: none; the caller has checked
 * the payments' owner): each time a price lock lapsed with nothing seen and the amount due was set again at the
 * current rate (settle-lapsed-payment.ts).
 */
export async function listPriceChangesOfPayments({
  db,
  paymentIds,
}: {
  db: Db;
  paymentIds: readonly string[];
}): Promise<Map<string, TPaymentPriceChange[]>> {
  const out = new Map<string, TPaymentPriceChange[]>();
  if (paymentIds.length === 0) return out;
  const rows = await db
    .selectFrom('payment_price_changes as c')
    .innerJoin('payments as p', 'p.id', 'c.payment_id')
    .selectAll('c')
    .select('p.decimals')
    .where('c.payment_id', 'in', [...paymentIds])
    .orderBy('c.changed_at')
    .orderBy('c.id')
    .execute();
  for (const r of rows) {
    const change: TPaymentPriceChange = {
      amountBefore: formatUnits(BigInt(r.amount_before), r.decimals),
      amountAfter: formatUnits(BigInt(r.amount_after), r.decimals),
      lockEndedAt: r.lock_ended_at.toISOString(),
      lockedUntil: r.locked_until.toISOString(),
      rate:
        r.locked_crypto_rate && r.locked_fiat_rate && r.rate_source
          ? {
              cryptoRate: r.locked_crypto_rate,
              fiatRate: r.locked_fiat_rate,
              source: r.rate_source,
              lockedAt: r.changed_at.toISOString(),
            }
          : null,
      usdAmount: r.usd_amount,
      changedAt: r.changed_at.toISOString(),
    };
    const list = out.get(r.payment_id);
    if (list) list.push(change);
    else out.set(r.payment_id, [change]);
  }
  return out;
}
