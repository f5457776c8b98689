import type { Db } from '#app/db/connection.ts';

/**
 * Deletes the customer IP of every payment created before `cutoff` (CUSTOMER_IP_RETENTION_DAYS, through
 * modules/privacy; decision 021). The country stays. Returns how many payments lost their IP. Safe to run twice.
 */
export async function prunePaymentCustomerIps({ db, cutoff }: { db: Db; cutoff: Date }): Promise<number> {
  const r = await db
    .updateTable('payments')
    .set({ customer_ip: null })
    .where('customer_ip', 'is not', null)
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
