import type { Db } from '#app/db/connection.ts';

/**
 * Whether new payments may start in a coin on a network now: its row of supported_cryptocurrencies exists and is
 * enabled (decision 020). The hosted page asks before offering a new attempt; payment creation itself checks under
 * a lock (its statement takes the row FOR SHARE: payments/write-new-payment.ts).
 */
export async function isCurrencyAccepted({
  db,
  symbol,
  network,
}: {
  db: Db;
  symbol: string;
  network: string;
}): Promise<boolean> {
  const row = await db
    .selectFrom('supported_cryptocurrencies')
    .select('enabled')
    .where('symbol', '=', symbol)
    .where('network', '=', network)
    .executeTakeFirst();
  return row?.enabled === true;
}
