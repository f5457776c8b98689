import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { lockPaymentRow, type PaymentRow } from './queries.ts';

/**
 * What the refunds module (decision 022) asks of payments: the payment locked while a refund is measured against
 * its confirmed money, the paid refunds' sum kept on the payment (amount_refunded, read by the lists and filters),
 * and whether an address is a payment's receiving address (never a customer's refund address).
 */

/**
 * The payment, locked for the rest of the caller's transaction (the same lock every payment change takes, so two
 * refunds racing for the last amount are measured one after the other). `owner`: the merchant's own payment in
 * its mode only (another merchant's reads as absent); without it, any payment (an admin). NOT_FOUND otherwise.
 */
export async function lockPaymentForRefund({
  db,
  paymentId,
  owner,
}: {
  db: Db;
  paymentId: string;
  owner?: { userId: string; mode: TMode };
}): Promise<PaymentRow> {
  const row = await lockPaymentRow(db, paymentId);
  if (!row || (owner && (row.user_id !== owner.userId || row.mode !== owner.mode))) {
    throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
  }
  return row;
}

/** Stores the sum of the payment's paid refunds (base units), in the caller's transaction. */
export async function setPaymentRefunded({
  db,
  paymentId,
  refunded,
  now,
}: {
  db: Db;
  paymentId: string;
  refunded: bigint;
  now: Date;
}): Promise<void> {
  await db
    .updateTable('payments')
    .set({ amount_refunded: refunded.toString(), updated_at: now })
    .where('id', '=', paymentId)
    .execute();
}

/**
 * Whether `address` receives payments on `network` (any merchant, any mode), as given or in lower case (EVM
 * addresses are stored checksummed, some wallets write them in lower case): refused as a refund address.
 */
export async function isPaymentAddress({
  db,
  network,
  address,
}: {
  db: Db;
  network: string;
  address: string;
}): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('network', '=', network)
    .where('address', 'in', [...new Set([address, address.toLowerCase()])])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
