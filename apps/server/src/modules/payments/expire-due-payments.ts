import type { TMode } from '@coinlane/core/options';
import { canExpire } from '@coinlane/core/payment-status';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { SYSTEM_ACTOR } from './actor.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { paymentState } from './present-payment.ts';
import type { PaymentRow } from './queries.ts';

/**
 * Expires open payments whose window has passed without their full amount (scheduler; also before reads).
 * Each payment in its own short transaction, through applyPaymentEvent. Optionally only one merchant's.
 */
export async function expireDuePayments({
  db,
  now = new Date(),
  userId,
  mode,
  limit = 500,
}: {
  db: Db;
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
    const r = await applyPaymentEvent({
      db,
      paymentId: id,
      change: { type: 'expiry_reached' },
      actor: SYSTEM_ACTOR,
      now,
    });
    if (r.changed) expired++;
  }
  return expired;
}

/** The row as a reader should see it: expired first if its window has passed (checked on read). */
export async function withExpiryApplied(db: Db, row: PaymentRow, now: Date): Promise<PaymentRow> {
  if (row.expires_at.getTime() > now.getTime() || !canExpire(paymentState(row))) return row;
  const r = await applyPaymentEvent({
    db,
    paymentId: row.id,
    change: { type: 'expiry_reached' },
    actor: SYSTEM_ACTOR,
    now,
  });
  return r.payment;
}
