import type { Db } from '#app/db/connection.ts';
import { familyDetailsOf } from '#app/modules/payments/chain-details.ts';

/**
 * A payments row with its EVM chain details and flush bookkeeping under the names they had as payments columns
 * before migration 0018 (deposit_salt, chain_id, forwarder_factory from payments.chain_details; flushed_at ...
 * flush_deferred_block from payment_flushes, with the old column defaults when the payment has no flush row), so
 * tests read what they asserted before from where it is stored now.
 */
export async function readPaymentColumns(db: Db, id: string) {
  const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const flush = await db
    .selectFrom('payment_flushes')
    .selectAll()
    .where('payment_id', '=', id)
    .executeTakeFirst();
  const evm = familyDetailsOf(row, 'evm');
  return {
    ...row,
    deposit_salt: evm?.depositSalt ?? null,
    chain_id: evm?.chainId ?? null,
    forwarder_factory: evm?.forwarderFactory ?? null,
    flushed_at: flush?.flushed_at ?? null,
    flush_tx: flush?.flush_tx ?? null,
    flush_block: flush?.flush_block ?? null,
    flush_attempts: flush?.flush_attempts ?? 0,
    flush_retry_at: flush?.flush_retry_at ?? null,
    flush_batch_max: flush?.flush_batch_max ?? null,
    flush_deferred_block: flush?.flush_deferred_block ?? null,
  };
}
