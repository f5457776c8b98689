import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { paymentQrSvg } from '#app/modules/payments/render-payment-qr.ts';
import { refundPaymentUri } from './present-refund.ts';
import { selectRefund } from './queries.ts';

/**
 * GET /refunds/{id}/qr.svg: the QR code of what the merchant's wallet pays (the refund's BIP21 / EIP-681 URI), for
 * the merchant's own refund awaiting payment; NOT_FOUND otherwise (another merchant's, the other mode, or no
 * address yet).
 */
export async function renderRefundQr({
  db,
  userId,
  mode,
  refundId,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  refundId: string;
}): Promise<string> {
  const row = await selectRefund(db, refundId);
  const uri = row && row.user_id === userId && row.mode === mode ? refundPaymentUri(row) : null;
  if (!uri) throw new AppError('NOT_FOUND', { message: T.refundNotFound });
  return paymentQrSvg(uri);
}
