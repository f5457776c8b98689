import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

export type WatchedPayment = {
  id: string;
  address: string;
  decimals: number;
  created_at: Date;
  /** The coin, and its token contract (EVM tokens) or null: an EVM watcher matches transfers within a coin. */
  currency: string;
  contract_address: string | null;
};

/**
 * The live payments of a network whose address a chain watcher must watch: every payment created since
 * `createdSince` (open, expired, confirmed: late money and confirmations still count) and every payment still
 * open whenever it was created. Read by a watcher at start and then incrementally (`createdSince` = its last
 * seen creation time minus a margin): rows come in created_at order, a page at a time.
 */
export async function listWatchedPayments({
  db,
  network,
  createdSince,
  includeOpen,
  limit = 20_000,
  after,
}: {
  db: Db;
  network: string;
  createdSince: Date;
  /** Also the open (pending / partial) payments created before `createdSince` (the full reload). */
  includeOpen: boolean;
  limit?: number;
  /** Keyset paging: rows after this (created_at, id). */
  after?: { createdAt: Date; id: string };
}): Promise<WatchedPayment[]> {
  let q = db
    .selectFrom('payments')
    .select(['id', 'address', 'decimals', 'created_at', 'currency', 'contract_address'])
    .where('mode', '=', 'live')
    .where('network', '=', network)
    .where((eb) =>
      includeOpen
        ? eb.or([eb('created_at', '>=', createdSince), eb('status', 'in', ['pending', 'partial'])])
        : eb('created_at', '>=', createdSince),
    );
  if (after) q = q.where(sql<boolean>`(created_at, id) > (${after.createdAt}, ${after.id})`);
  return q.orderBy('created_at').orderBy('id').limit(limit).execute();
}
