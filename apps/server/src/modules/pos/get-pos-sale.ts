import type { TPosSale } from '@coinlane/core/api/pos';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import type { DeviceAuth } from '#app/modules/auth/caller.ts';
import { findOwnPayments } from '#app/modules/payments/find-own-payments.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { presentPosSale } from './present-pos-sale.ts';
import { selectSale } from './queries.ts';

/**
 * GET /pos/sales/{id}: one sale of this device, its true state now (a lapsed price lock applied). A payment the
 * device did not ring up (another device's, the merchant's own, another merchant's) is a 404.
 */
export async function getPosSale({
  deps,
  db,
  device,
  id,
}: {
  deps: PaymentDeps;
  db: Db;
  device: DeviceAuth;
  id: string;
}): Promise<TPosSale> {
  const sale = await selectSale(db, id);
  if (!sale || sale.device_id !== device.deviceId) {
    throw new AppError('NOT_FOUND', { message: T.posSaleNotFound });
  }
  const [row] = await findOwnPayments({ deps, db, userId: device.user.id, mode: device.mode, ids: [id] });
  if (!row) throw new AppError('NOT_FOUND', { message: T.posSaleNotFound });
  return presentPosSale(row);
}
