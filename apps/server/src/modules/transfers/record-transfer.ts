import { randomId } from '@coinlane/core/ids';
import type { TMode } from '@coinlane/core/options';
import { sanctionsKey } from '@coinlane/core/risk-rules';
import type { Db } from '#app/db/connection.ts';
import type { TransferRow } from './queries.ts';

export type NewTransfer = {
  txid: string;
  /** Output index (UTXO) or log index (EVM token); NATIVE_OUTPUT_INDEX (2147483647) for a native EVM transfer. */
  outputIndex: number;
  amount: bigint;
  confirmations: number;
  blockHeight?: number | null;
  blockHash?: string | null;
  seenAt: Date;
  /**
   * UTXO: the outpoints ('<txid>:<vout>') the transaction spends. Crediting it removes, in the same database
   * transaction, the unconfirmed transfers of the transactions it conflicts with (a fee bump's original).
   */
  spends?: readonly string[];
  /**
   * The payer addresses the chain shows (EVM: the transaction's sender or the token Transfer's `from`; UTXO: the
   * addresses of the outputs its inputs spend). Absent: unknown (decision 021).
   */
  payers?: readonly string[];
};

/**
 * Stores an incoming transfer to a payment's address. Unique by (network, txid, output index): seeing the
 * same output again (a restart, a replayed block) returns the stored row and credits nothing twice.
 * Call inside the transaction that then re-applies the payment's totals.
 */
export async function recordTransfer({
  db,
  payment,
  transfer,
  isLate,
  requiredConfirmations,
}: {
  db: Db;
  payment: {
    id: string;
    user_id: string;
    mode: TMode;
    network: string;
    currency: string;
    decimals: number;
    address: string;
  };
  transfer: NewTransfer;
  isLate: boolean;
  requiredConfirmations: number;
}): Promise<{ row: TransferRow; created: boolean }> {
  const confirmed = transfer.confirmations >= requiredConfirmations;
  const inserted = await db
    .insertInto('transfers')
    .values({
      id: randomId('trf'),
      user_id: payment.user_id,
      mode: payment.mode,
      payment_id: payment.id,
      network: payment.network,
      currency: payment.currency,
      decimals: payment.decimals,
      txid: transfer.txid,
      output_index: transfer.outputIndex,
      address: payment.address,
      amount: transfer.amount.toString(),
      confirmations: transfer.confirmations,
      status: confirmed ? 'confirmed' : 'pending',
      is_late: isLate,
      block_height: transfer.blockHeight ?? null,
      block_hash: transfer.blockHash ?? null,
      seen_at: transfer.seenAt,
      confirmed_at: confirmed ? transfer.seenAt : null,
      // In the form the sanctions list is compared in (EVM lower case; sanctionsKey).
      payer_addresses: transfer.payers ? [...new Set(transfer.payers.map(sanctionsKey))] : null,
    })
    .onConflict((oc) => oc.columns(['network', 'txid', 'output_index']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const existing = await db
    .selectFrom('transfers')
    .selectAll()
    .where('network', '=', payment.network)
    .where('txid', '=', transfer.txid)
    .where('output_index', '=', transfer.outputIndex)
    .executeTakeFirstOrThrow();
  return { row: existing, created: false };
}
