import type { Db } from '#app/db/connection.ts';

/**
 * Deletes the IP of audit rows written by an anonymous actor (actor type system: the customer on the hosted page or
 * the refund address page) before `cutoff`: a customer's IP follows CUSTOMER_IP_RETENTION_DAYS wherever it is
 * (decision 021). Such rows are written without an IP now; this removes the ones written before, and any that a
 * future change would write. The IPs of merchants, API keys and administrators stay: they are the security record.
 * The partial index audit_log_anonymous_ip_idx (0027) keeps it cheap. Returns how many rows lost their IP.
 */
export async function pruneAnonymousAuditIps({ db, cutoff }: { db: Db; cutoff: Date }): Promise<number> {
  const r = await db
    .updateTable('audit_log')
    .set({ ip: null })
    .where('actor_type', '=', 'system')
    .where('ip', 'is not', null)
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
