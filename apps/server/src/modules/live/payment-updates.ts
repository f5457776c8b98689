import type {
  TLiveMerchantPaymentUpdated,
  TLivePublicPayment,
  TLivePublicPaymentUpdated,
} from '@coinlane/core/api/live';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { getPayments } from '#app/modules/payments/get-payment.ts';
import { getPublicPayment } from '#app/modules/payments/get-public-payment.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { presentPublicStatus } from '#app/modules/payments/present-payment.ts';

const notFound = (err: unknown) => err instanceof AppError && err.code === 'NOT_FOUND';

/**
 * The merchant's `payment.updated` message of each payment, serialized once for all its sockets, by payment id: the
 * payment exactly as GET /api/v1/payments/{id} returns it (owner and mode checked there), read in three statements
 * for them all (a block's payments, confirmed together); absent when it is not that merchant's.
 */
export async function merchantPaymentUpdates({
  deps,
  db,
  payments,
}: {
  deps: PaymentDeps;
  db: Db;
  payments: readonly { userId: string; mode: TMode; paymentId: string }[];
}): Promise<Map<string, string>> {
  const views = await getPayments({ deps, db, payments });
  const out = new Map<string, string>();
  for (const [id, data] of views) {
    const message: TLiveMerchantPaymentUpdated = { type: 'payment.updated', data };
    out.set(id, JSON.stringify(message));
  }
  return out;
}

/** The payer page's view of a payment: its id and the fields of GET /api/v1/payments/{id}/status. */
export async function getLivePublicPayment({
  deps,
  db,
  paymentId,
}: {
  deps: PaymentDeps;
  db: Db;
  paymentId: string;
}): Promise<TLivePublicPayment | null> {
  try {
    const row = await getPublicPayment({ deps, db, paymentId });
    return { id: row.id, ...presentPublicStatus(row) };
  } catch (err) {
    if (notFound(err)) return null;
    throw err;
  }
}

/** The payer page's `payment.updated` message, or null when there is no such payment. */
export async function publicPaymentUpdate({
  db,
  paymentId,
  deps,
}: {
  db: Db;
  paymentId: string;
  deps: PaymentDeps;
}) {
  const data = await getLivePublicPayment({ deps, db, paymentId });
  if (!data) return null;
  const message: TLivePublicPaymentUpdated = { type: 'payment.updated', data };
  return JSON.stringify(message);
}
