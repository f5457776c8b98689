import { type Selectable, sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { ChainCursorsTable } from '#app/db/schema.ts';

export type ChainCursorRow = Selectable<ChainCursorsTable>;

/** Block hashes kept per network to find a reorganisation's fork point. */
export const KEPT_BLOCKS = 100;

export const selectCursor = (db: Db, network: string) =>
  db.selectFrom('chain_cursors').selectAll().where('network', '=', network).executeTakeFirst();

export const selectCursors = (db: Db) => db.selectFrom('chain_cursors').selectAll().execute();

/** The stored block hashes from `height` down, newest first. */
export const selectBlocksFrom = (db: Db, network: string, height: number) =>
  db
    .selectFrom('chain_blocks')
    .select(['height', 'hash'])
    .where('network', '=', network)
    .where('height', '<=', height)
    .orderBy('height', 'desc')
    .execute();

export const selectBlocksAbove = (db: Db, network: string, height: number) =>
  db
    .selectFrom('chain_blocks')
    .select(['height', 'hash'])
    .where('network', '=', network)
    .where('height', '>', height)
    .execute();

/** A processed block: its hash stored, the cursor moved to it, older hashes pruned; one transaction. */
export async function advanceCursor(
  db: Db,
  network: string,
  block: { height: number; hash: string; previousHash: string | null; time: Date | null },
  now: Date,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('chain_blocks')
      .values({ network, height: block.height, hash: block.hash, previous_hash: block.previousHash })
      .onConflict((oc) =>
        oc
          .columns(['network', 'height'])
          .doUpdateSet({ hash: block.hash, previous_hash: block.previousHash }),
      )
      .execute();
    await trx
      .deleteFrom('chain_blocks')
      .where('network', '=', network)
      .where('height', '<=', block.height - KEPT_BLOCKS)
      .execute();
    await trx
      .insertInto('chain_cursors')
      .values({
        network,
        height: block.height,
        hash: block.hash,
        last_block_time: block.time,
        updated_at: now,
        status_at: now,
      })
      .onConflict((oc) =>
        oc.column('network').doUpdateSet({
          height: block.height,
          hash: block.hash,
          ...(block.time ? { last_block_time: block.time } : {}),
          updated_at: now,
        }),
      )
      .execute();
  });
}

/** Rolls the cursor back to the fork point of a reorganisation and forgets the orphaned hashes. */
export async function rewindCursor(
  db: Db,
  network: string,
  fork: { height: number; hash: string },
  now: Date,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('chain_blocks')
      .where('network', '=', network)
      .where('height', '>', fork.height)
      .execute();
    await trx
      .updateTable('chain_cursors')
      .set({ height: fork.height, hash: fork.hash, updated_at: now })
      .where('network', '=', network)
      .execute();
  });
}

/** What the watcher last saw, for the health endpoint (any process reads it). */
export async function writeWatcherStatus(
  db: Db,
  network: string,
  s: { nodeTip: number | null; lastError: string | null; now: Date },
) {
  await db
    .insertInto('chain_cursors')
    .values({
      network,
      height: null,
      hash: null,
      node_tip: s.nodeTip,
      last_error: s.lastError,
      last_error_at: s.lastError ? s.now : null,
      status_at: s.now,
    })
    .onConflict((oc) =>
      oc.column('network').doUpdateSet((eb) => ({
        node_tip: s.nodeTip ?? eb.ref('chain_cursors.node_tip'),
        last_error: s.lastError,
        last_error_at: s.lastError ? s.now : eb.ref('chain_cursors.last_error_at'),
        status_at: s.now,
      })),
    )
    .execute();
}

/** The chain id an EVM node reported to its watcher (payments on a dev chain take it from here). */
export async function writeChainId(db: Db, network: string, chainId: number, now: Date) {
  await db
    .insertInto('chain_cursors')
    .values({ network, height: null, hash: null, chain_id: chainId, status_at: now })
    .onConflict((oc) => oc.column('network').doUpdateSet({ chain_id: chainId }))
    .execute();
}

/**
 * The forwarder factory an EVM watcher found on its node (deployed, and predicting the addresses Coinlane
 * computes offline), or null when the configured one failed that check: forwarder addresses are handed out only
 * under the factory recorded here.
 */
export async function writeVerifiedFactory(db: Db, network: string, factory: string | null, now: Date) {
  await db
    .insertInto('chain_cursors')
    .values({ network, height: null, hash: null, factory, status_at: now })
    .onConflict((oc) => oc.column('network').doUpdateSet({ factory }))
    .execute();
}

/**
 * The swapping forwarder factory an EVM watcher found on its node (deployed with the code of a version Coinlane ships,
 * bound to Uniswap contracts present there), or null when the configured one failed that check: swapping deposit
 * addresses are handed out, and payout rules' routes found, only under the factory recorded here.
 */
export async function writeVerifiedSwapFactory(
  db: Db,
  network: string,
  swapFactory: string | null,
  now: Date,
) {
  await db
    .insertInto('chain_cursors')
    .values({ network, height: null, hash: null, swap_factory: swapFactory, status_at: now })
    .onConflict((oc) => oc.column('network').doUpdateSet({ swap_factory: swapFactory }))
    .execute();
}

/**
 * The live native-coin forwarder payments (those with a payment_flushes row) of `network` whose deposit address's
 * balance the EVM watcher reads (issue 13, internal transfers): open (pending / partial) and not flushed, plus
 * those that expired after `expiredAfter` (their check at expiry), each with the sum of its recorded transfers that
 * were not removed.
 */
export async function selectBalanceCheckPayments(
  db: Db,
  network: string,
  expiredAfter: Date,
): Promise<{ id: string; address: string; status: string; expires_at: Date; recorded: string }[]> {
  return db
    .selectFrom('payments as p')
    .innerJoin('payment_flushes as f', 'f.payment_id', 'p.id')
    .select(['p.id', 'p.address', 'p.status', 'p.expires_at'])
    .select(
      sql<string>`(SELECT coalesce(sum(t.amount), 0)::text FROM transfers t WHERE t.payment_id = p.id AND t.status <> 'removed')`.as(
        'recorded',
      ),
    )
    .where('p.mode', '=', 'live')
    .where('p.network', '=', network)
    .where('p.contract_address', 'is', null)
    .where('f.flushed_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('p.status', 'in', ['pending', 'partial']),
        eb.and([eb('p.status', '=', 'expired'), eb('p.expires_at', '>', expiredAfter)]),
      ]),
    )
    .execute() as Promise<
    { id: string; address: string; status: string; expires_at: Date; recorded: string }[]
  >;
}
