import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';

/**
 * The spec's client sends `merchantId` in the bodies of payments, payment links and API keys. The merchant is
 * always the authenticated one: a matching id is accepted and ignored, another id is refused (403) everywhere.
 */
export function assertOwnMerchantId(merchantId: string | undefined, userId: string): void {
  if (merchantId !== undefined && merchantId !== userId) {
    throw new AppError('FORBIDDEN', { message: T.merchantIdMismatch });
  }
}
