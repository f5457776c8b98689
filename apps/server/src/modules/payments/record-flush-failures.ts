import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

/** The longest wait between two flush attempts of one payment. */
export const FLUSH_RETRY_MAX_MS = 24 * 3600_000;
/** The wait after the first failure; each further failure doubles it (up to FLUSH_RETRY_MAX_MS). */
export const FLUSH_RETRY_BASE_MS = 60_000;

/**
 * Records that these forwarder payments could not be flushed (their request failed in a mined flush, or the job
 * could not build one): each waits FLUSH_RETRY_BASE_MS x 2^(failures so far), at most a day, before the job
 * takes it again, and payments with fewer failures go first (listFlushCandidates). So a merchant address that
 * refuses ETH, or a token that blacklists it, cannot spend the gas wallet or hold up other merchants' flushes;
 * the merchant can still flush it at any time (GET /payments/{id}/flush-transaction).
 */
export async function recordFlushFailures({
  db,
  paymentIds,
  at,
}: {
  db: Db;
  paymentIds: readonly string[];
  at: Date;
}): Promise<void> {
  if (paymentIds.length === 0) return;
  await db
    .updateTable('payments')
    .set({
      flush_attempts: sql`flush_attempts + 1`,
      flush_retry_at: sql`${at}::timestamptz + least(
        ${FLUSH_RETRY_BASE_MS}::bigint * power(2, least(flush_attempts, 20))::bigint,
        ${FLUSH_RETRY_MAX_MS}::bigint
      ) * interval '1 millisecond'`,
    })
    .where('id', 'in', [...paymentIds])
    .where('deposit_salt', 'is not', null)
    .execute();
}
