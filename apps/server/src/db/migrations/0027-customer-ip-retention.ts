import { type Kysely, sql } from 'kysely';

/**
 * Customers' and visitors' IPs follow CUSTOMER_IP_RETENTION_DAYS wherever they are (decision 021): the hourly prune
 * also deletes the IP of audit rows of an anonymous actor (actor type system: the hosted page and the refund address
 * page wrote the customer's IP there). This partial index holds only such rows still carrying an IP, so the prune
 * reads a handful of entries rather than the whole audit log; it is empty once they are pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX audit_log_anonymous_ip_idx ON audit_log (created_at) WHERE actor_type = 'system' AND ip IS NOT NULL
  `.execute(db);
}
