import { type Kysely, sql } from 'kysely';

/**
 * Issue 13 (docs/decisions/010-evm-forwarders.md, 2026-11-25):
 * - payments.flush_batch_max: the largest flushMany batch a forwarder payment may be sent in. A batch that reverts
 *   (whatever the reason) is split rather than backed off: its payments get half its size, so the next rounds
 *   bisect it down to the payment that makes it revert (a batch of one that reverts backs off as a failed
 *   request); null once the payment is flushed.
 * - payments.flush_deferred_block: set when the flush job left a forwarder's balance where it is because it is
 *   worth less than a few flushes' gas (dust): the job looks again after an hour (flush_retry_at), or as soon as a
 *   transfer confirmed in this block or later arrives; null otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payments ADD COLUMN flush_batch_max integer;
    ALTER TABLE payments ADD COLUMN flush_deferred_block integer;
  `.execute(db);
}
