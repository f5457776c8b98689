import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

/** The longest wait between two flush attempts of one payment. */
export const FLUSH_RETRY_MAX_MS = 24 * 3600_000;
/** The wait after the first failure; each further failure doubles it (up to FLUSH_RETRY_MAX_MS). */
export const FLUSH_RETRY_BASE_MS = 60_000;

/**
 * Records that these forwarder payments could not be flushed (their request failed in a mined flush, or the job
 * could not build one), in their payment_flushes rows (only forwarder payments have one): each waits
 * FLUSH_RETRY_BASE_MS x 2^(failures so far), at most a day, before the job takes it again, and payments with fewer
 * failures go first (listFlushCandidates). So a merchant address that refuses ETH, or a token that blacklists it,
 * cannot spend the gas wallet or hold up other merchants' flushes; the merchant can still flush it at any time
 * (GET /payments/{id}/flush-transaction).
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
    .updateTable('payment_flushes')
    .set({
      flush_attempts: sql`flush_attempts + 1`,
      flush_retry_at: sql`${at}::timestamptz + least(
        ${FLUSH_RETRY_BASE_MS}::bigint * power(2, least(flush_attempts, 20))::bigint,
        ${FLUSH_RETRY_MAX_MS}::bigint
      ) * interval '1 millisecond'`,
      flush_deferred_block: null,
    })
    .where('payment_id', 'in', [...paymentIds])
    .execute();
}

/** How long the flush job leaves a forwarder holding dust before it reads its balance again. */
export const FLUSH_DEFER_MS = 3600_000;

/**
 * Records that these forwarder payments hold too little to be worth a flush's gas now (issue 13: dust, or a
 * gas price far above the value): not a failure (flush_attempts unchanged). The job reads their balance again
 * after FLUSH_DEFER_MS, or as soon as a transfer confirmed in `fromBlock` or later arrives (listFlushCandidates);
 * meanwhile the merchant can move it (GET /payments/{id}/flush-transaction).
 */
export async function recordFlushDeferred({
  db,
  paymentIds,
  fromBlock,
  at,
}: {
  db: Db;
  paymentIds: readonly string[];
  fromBlock: number;
  at: Date;
}): Promise<void> {
  if (paymentIds.length === 0) return;
  await db
    .updateTable('payment_flushes')
    .set({ flush_retry_at: new Date(at.getTime() + FLUSH_DEFER_MS), flush_deferred_block: fromBlock })
    .where('payment_id', 'in', [...paymentIds])
    .execute();
}

/**
 * A flushMany of these payments reverted (issue 13): instead of backing all of them off, each may from now on be
 * sent only in a batch of at most half this one's size, so the next rounds bisect the batch down to what makes it
 * revert. A batch of one that reverts is a failure of that payment (recordFlushFailures).
 */
export async function recordFlushBatchReverted({
  db,
  paymentIds,
  at,
}: {
  db: Db;
  paymentIds: readonly string[];
  at: Date;
}): Promise<void> {
  if (paymentIds.length === 0) return;
  if (paymentIds.length === 1) {
    await recordFlushFailures({ db, paymentIds, at });
    return;
  }
  const half = Math.floor(paymentIds.length / 2);
  await db
    .updateTable('payment_flushes')
    .set({ flush_batch_max: sql`least(coalesce(flush_batch_max, ${half}::integer), ${half}::integer)` })
    .where('payment_id', 'in', [...paymentIds])
    .execute();
}
