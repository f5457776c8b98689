import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

/** How many payment links (both modes, any status) are in a coin on a network (decision 020: delete refused). */
export async function countCurrencyLinks({
  db,
  symbol,
  network,
}: {
  db: Db;
  symbol: string;
  network: string;
}): Promise<number> {
  const row = await db
    .selectFrom('payment_links')
    .select(sql<string>`count(*)`.as('total'))
    .where('currency', '=', symbol)
    .where('network', '=', network)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
