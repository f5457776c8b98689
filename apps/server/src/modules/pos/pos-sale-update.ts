import type { TLiveDeviceSaleUpdated } from '@coinlane/core/api/live';
import type { Db } from '#app/db/connection.ts';
import { findOwnPayments } from '#app/modules/payments/find-own-payments.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { presentPosSale } from './present-pos-sale.ts';
import { selectSale } from './queries.ts';

/**
 * The `payment.updated` message of a device socket, serialised once for the device's sockets, and the device it is
 * for; null when no device rang the payment up (live updates, decision 007 and 026).
 */
export async function posSaleUpdate({
  deps,
  db,
  paymentId,
}: {
  deps: PaymentDeps;
  db: Db;
  paymentId: string;
}): Promise<{ deviceId: string; text: string } | null> {
  const sale = await selectSale(db, paymentId);
  if (!sale) return null;
  const [row] = await findOwnPayments({ deps, db, userId: sale.user_id, mode: sale.mode, ids: [paymentId] });
  if (!row) return null;
  const message: TLiveDeviceSaleUpdated = { type: 'payment.updated', data: presentPosSale(row) };
  return { deviceId: sale.device_id, text: JSON.stringify(message) };
}
