import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

/**
 * How many payments (both modes) are in a coin on a network, and how many of them are open (pending or partial:
 * still watched for money): what the back-office checks before a cryptocurrency is deleted or its decimals,
 * contract, symbol or network change (decision 020).
 */
export async function countCurrencyPayments({
  db,
  symbol,
  network,
}: {
  db: Db;
  symbol: string;
  network: string;
}): Promise<{ total: number; open: number }> {
  const row = await db
    .selectFrom('payments')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE status IN ('pending', 'partial'))`.as('open'),
    ])
    .where('currency', '=', symbol)
    .where('network', '=', network)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), open: Number(row.open) };
}
