import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import { networkInfo } from './resolve-currency.ts';

/**
 * The refusal of a payment whose coin changed while it was being created: disabled, or its decimals or contract
 * changed, by the back-office under the row's FOR UPDATE lock (decision 020). The check itself is in the creation's
 * statement (payments/write-new-payment.ts: the row FOR SHARE, filtered on what the payment was priced with); this is
 * the catalogue's message for it, on the currency field.
 */
export function coinChangedError(priced: { symbol: string; network: string }): AppError {
  const message = T.cryptoDisabled(priced.symbol, networkInfo(priced.network).name);
  return new AppError('VALIDATION_ERROR', { message, details: { fields: { currency: message } } });
}
