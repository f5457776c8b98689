import type { TPaymentLink } from '@coinlane/core/api/payment-links';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { presentPaymentLink } from './present-payment-link.ts';
import { selectAttempts, selectOwnLink } from './queries.ts';

/** GET /payment-links/{id}: the merchant's own link in the current mode, with its payment attempts. */
export async function getPaymentLink({
  db,
  userId,
  mode,
  linkId,
  appUrl,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  linkId: string;
  appUrl: string;
  now?: Date;
}): Promise<TPaymentLink> {
  const row = await selectOwnLink(db, { userId, mode, id: linkId });
  if (!row) throw new AppError('NOT_FOUND', { message: T.paymentLinkNotFound });
  return presentPaymentLink(row, await selectAttempts(db, [row.id]), { appUrl, now });
}
