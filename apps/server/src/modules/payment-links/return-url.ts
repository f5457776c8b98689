import { returnUrlMessage } from '@coinlane/core/api/payment-links';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { checkReturnUrl } from '@coinlane/core/return-url';

/**
 * The return URL to store for a link of this mode: normalised, or null for none. The request schema has checked
 * what it can alone; the mode decides plain http to this machine (test only). Refused: INVALID_RETURN_URL.
 */
export function linkReturnUrl(value: string | null | undefined, mode: TMode): string | null {
  if (value == null) return null;
  const r = checkReturnUrl(value, mode);
  if (r.ok) return r.url;
  const message = returnUrlMessage(r.problem);
  throw new AppError('INVALID_RETURN_URL', { message, details: { fields: { returnUrl: message } } });
}
