import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { networkInfo } from './resolve-currency.ts';

/**
 * Inside a new payment's insert transaction: the currency row it was priced from, locked FOR SHARE, must still be
 * enabled and have the decimals and contract the payment was priced with. The back-office changes a row under FOR
 * UPDATE after counting its open payments (decision 020), so a payment being created and a change of decimals,
 * contract or enabled are never interleaved: one waits for the other, and a payment never starts in a row that was
 * just disabled or whose base unit just changed.
 */
export async function lockCurrencyForPayment({
  db,
  row,
}: {
  db: Db;
  row: { id: string; symbol: string; network: string; decimals: number; contract_address: string | null };
}): Promise<void> {
  const now = await db
    .selectFrom('supported_cryptocurrencies')
    .select(['symbol', 'network', 'decimals', 'contract_address', 'enabled'])
    .where('id', '=', row.id)
    .forShare()
    .executeTakeFirst();
  if (
    !now?.enabled ||
    now.symbol !== row.symbol ||
    now.network !== row.network ||
    now.decimals !== row.decimals ||
    now.contract_address !== row.contract_address
  ) {
    const message = T.cryptoDisabled(row.symbol, networkInfo(row.network).name);
    throw new AppError('VALIDATION_ERROR', { message, details: { fields: { currency: message } } });
  }
}
