import type { Db } from '#app/db/connection.ts';

/**
 * Whether an open (pending or partial) payment of any account already holds `address` on `network`: an exchange's
 * deposit address given twice is refused (decision 024), so that one transfer never has two payments to go to.
 * Call with the address locked (unique-amounts.ts lockAddress) in the transaction that inserts the new payment.
 */
export async function isAddressHeldByOpenPayment({
  db,
  network,
  address,
}: {
  db: Db;
  network: string;
  address: string;
}): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('network', '=', network)
    .where('address', '=', address)
    .where('status', 'in', ['pending', 'partial'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
