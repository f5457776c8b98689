import type { TMode } from '@coinlane/core/options';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

/**
 * The PostgreSQL channel of payment changes (live updates fan-out across server processes): payments announce on
 * it, modules/live listens (listen-payment-changes.ts).
 */
export const PAYMENT_CHANNEL = 'coinlane_payment';

/** What travels on the channel: ids only (NOTIFY payloads are limited to 8000 bytes); listeners load the rest. */
export type PaymentNotification = { paymentId: string; userId: string; mode: TMode };

/**
 * Announces that a payment changed, inside the caller's transaction: PostgreSQL delivers a NOTIFY at commit and
 * drops it on rollback, so listeners hear of exactly the committed changes (applyPaymentEvent calls this).
 */
export async function notifyPaymentChanged({
  db,
  paymentId,
  userId,
  mode,
}: { db: Db } & PaymentNotification): Promise<void> {
  await sql`select pg_notify(${PAYMENT_CHANNEL}, ${paymentNotificationPayload({ paymentId, userId, mode })})`.execute(
    db,
  );
}

/** The text a payment's notification carries on the channel. */
export const paymentNotificationPayload = ({ paymentId, userId, mode }: PaymentNotification): string =>
  JSON.stringify({ paymentId, userId, mode } satisfies PaymentNotification);

/** A channel payload back to its fields, or null when it is not one of ours. */
export function parsePaymentNotification(payload: string | undefined): PaymentNotification | null {
  if (!payload) return null;
  try {
    const v = JSON.parse(payload) as Partial<PaymentNotification>;
    if (
      typeof v.paymentId === 'string' &&
      typeof v.userId === 'string' &&
      (v.mode === 'test' || v.mode === 'live')
    ) {
      return { paymentId: v.paymentId, userId: v.userId, mode: v.mode };
    }
  } catch {
    // not JSON: ignored
  }
  return null;
}
