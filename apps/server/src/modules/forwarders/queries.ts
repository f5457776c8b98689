import { type Selectable, sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { EvmFlushesTable } from '#app/db/schema.ts';

export type EvmFlushRow = Selectable<EvmFlushesTable>;

/** The network's flush in flight (`preparing` or `sent`), if any: at most one (evm_flushes_in_flight_key). */
export const selectInFlightFlush = (db: Db, network: string) =>
  db
    .selectFrom('evm_flushes')
    .selectAll()
    .where('network', '=', network)
    .where('status', 'in', ['preparing', 'sent'])
    .executeTakeFirst();

/**
 * Claims the network's one in-flight slot with a new `preparing` row; undefined when another flush holds it (the
 * partial unique index refuses the second row, whichever process inserts it).
 */
export async function insertFlushClaim(
  db: Db,
  values: { id: string; network: string; chainId: number; fromAddress: string; factory: string; now: Date },
): Promise<EvmFlushRow | undefined> {
  return (
    db
      .insertInto('evm_flushes')
      .values({
        id: values.id,
        network: values.network,
        chain_id: values.chainId,
        from_address: values.fromAddress,
        factory: values.factory,
        payment_ids: JSON.stringify([]),
        created_at: values.now,
        updated_at: values.now,
      })
      // the index's predicate spelled as literals: PostgreSQL matches a partial index only on a constant predicate
      .onConflict((oc) =>
        oc.column('network').where(sql<boolean>`status IN ('preparing', 'sent')`).doNothing(),
      )
      .returningAll()
      .executeTakeFirst()
  );
}

export const updateFlush = (
  db: Db,
  id: string,
  set: Partial<{
    status: EvmFlushRow['status'];
    factory: string;
    payment_ids: string;
    forwarders: string;
    flushed_payment_ids: string;
    failed_payment_ids: string;
    nonce: number;
    tx_hash: string;
    raw_tx: string;
    block_number: number;
    gas_used: string;
    effective_gas_price: string;
    cost_wei: string;
    error: string | null;
    sent_at: Date;
    confirmed_at: Date;
    updated_at: Date;
  }>,
) => db.updateTable('evm_flushes').set(set).where('id', '=', id).executeTakeFirst();

export const deleteFlush = (db: Db, id: string) =>
  db.deleteFrom('evm_flushes').where('id', '=', id).execute();

/** The flushes of a network, newest first (tests, operators). */
export const selectFlushes = (db: Db, network: string) =>
  db
    .selectFrom('evm_flushes')
    .selectAll()
    .where('network', '=', network)
    .orderBy('created_at', 'desc')
    .execute();

/** The catalogue's token contracts on a network (supported_cryptocurrencies), with their symbol and decimals. */
export async function listCatalogueTokens(
  db: Db,
  network: string,
): Promise<{ symbol: string; decimals: number; contractAddress: string }[]> {
  const rows = await db
    .selectFrom('supported_cryptocurrencies')
    .select(['symbol', 'decimals', 'contract_address'])
    .where('network', '=', network)
    .where('contract_address', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ symbol: r.symbol, decimals: r.decimals, contractAddress: r.contract_address! }));
}
