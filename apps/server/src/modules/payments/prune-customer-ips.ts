import type { Db } from '#app/db/connection.ts';

/**
 * Deletes the customer IP of every payment created more than `retentionDays` ago (CUSTOMER_IP_RETENTION_DAYS;
 * decision 021). The country stays. Returns how many payments lost their IP. Safe to run twice.
 */
export async function pruneCustomerIps({
  db,
  retentionDays,
  now = new Date(),
}: {
  db: Db;
  retentionDays: number;
  now?: Date;
}): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3600_000);
  const r = await db
    .updateTable('payments')
    .set({ customer_ip: null })
    .where('customer_ip', 'is not', null)
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
