import type { Db } from '#app/db/connection.ts';

/** Outpoints per statement (a consolidation can spend hundreds). */
const CHUNK = 500;

/**
 * Records the outpoints ('<txid>:<vout>') a credited UTXO transaction spends, once per transaction (seen again,
 * or for another of its outputs, it adds nothing). Call in the transaction that records its transfer.
 */
export async function recordTransferSpends({
  db,
  network,
  txid,
  spends,
}: {
  db: Db;
  network: string;
  txid: string;
  spends: readonly string[];
}): Promise<void> {
  const unique = [...new Set(spends)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    await db
      .insertInto('transfer_spends')
      .values(unique.slice(i, i + CHUNK).map((outpoint) => ({ network, txid, outpoint })))
      .onConflict((oc) => oc.columns(['network', 'outpoint', 'txid']).doNothing())
      .execute();
  }
}

/** The outpoints a credited transaction spends, as recorded (none for one recorded before 0013, or an EVM one). */
export async function listTransferSpends({
  db,
  network,
  txid,
}: {
  db: Db;
  network: string;
  txid: string;
}): Promise<string[]> {
  const rows = await db
    .selectFrom('transfer_spends')
    .select('outpoint')
    .where('network', '=', network)
    .where('txid', '=', txid)
    .execute();
  return rows.map((r) => r.outpoint);
}

export type ConflictingTransfer = { id: string; payment_id: string; txid: string };

/**
 * The transfers of other transactions that spend one of `spends` and are still unconfirmed (counted, in no
 * block): the transactions `txid` replaced (a fee bump) or double-spent. Only one of them can ever be mined.
 * A transfer in a block is never listed: the chain decides between mined money, not the mempool.
 */
export async function listConflictingTransfers({
  db,
  network,
  txid,
  spends,
}: {
  db: Db;
  network: string;
  txid: string;
  spends: readonly string[];
}): Promise<ConflictingTransfer[]> {
  const unique = [...new Set(spends)];
  const found = new Map<string, ConflictingTransfer>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .selectFrom('transfer_spends as s')
      .innerJoin('transfers as t', (j) =>
        j.onRef('t.network', '=', 's.network').onRef('t.txid', '=', 's.txid'),
      )
      .select(['t.id', 't.payment_id', 't.txid'])
      .where('s.network', '=', network)
      .where('s.outpoint', 'in', unique.slice(i, i + CHUNK))
      .where('s.txid', '<>', txid)
      .where('t.status', '<>', 'removed')
      .where('t.block_hash', 'is', null)
      .execute();
    for (const r of rows) found.set(r.id, r);
  }
  return [...found.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
