import type { TMode } from '@coinlane/core/options';
import { canExpire } from '@coinlane/core/payment-status';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { paymentState } from './present-payment.ts';
import type { PaymentRow } from './queries.ts';
import { settleLapsedPayment } from './settle-lapsed-payment.ts';

/**
 * Settles the open payments whose price lock has lapsed without their full amount (scheduler; also before
 * reads): a payment link's attempt that has seen nothing is re-priced in place, any other expires
 * (settleLapsedPayment). Each payment in its own short transaction. Optionally only one merchant's. Returns
 * how many changed (expired or re-priced).
 */
export async function expireDuePayments({
  db,
  now = new Date(),
  userId,
  mode,
  limit = 500,
  deps,
}: {
  db: Db;
  deps: PaymentDeps;
  now?: Date;
  userId?: string;
  mode?: TMode;
  limit?: number;
}): Promise<number> {
  let q = db
    .selectFrom('payments')
    .select('id')
    .where('status', 'in', ['pending', 'partial'])
    .where('expires_at', '<=', now)
    // Only money seen in time holds a payment open past its expiry (canExpire): received less late.
    .where(sql<boolean>`amount_received - amount_late < amount`);
  if (userId) q = q.where('user_id', '=', userId);
  if (mode) q = q.where('mode', '=', mode);
  const due = await q.orderBy('expires_at').limit(limit).execute();
  let expired = 0;
  for (const { id } of due) {
    const r = await settleLapsedPayment({ db, paymentId: id, now, deps });
    if (r.changed) expired++;
  }
  return expired;
}

/**
 * The row as a reader should see it: if its price lock has lapsed, re-priced or expired first, on demand (the
 * server decides by the clock, not by when its sweep last ran).
 */
export async function withExpiryApplied(
  db: Db,
  row: PaymentRow,
  now: Date,
  deps: PaymentDeps,
): Promise<PaymentRow> {
  if (row.expires_at.getTime() > now.getTime() || !canExpire(paymentState(row))) return row;
  return (await settleLapsedPayment({ db, paymentId: row.id, now, deps })).payment;
}
