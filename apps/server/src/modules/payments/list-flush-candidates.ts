import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

export type FlushCandidate = {
  id: string;
  userId: string;
  walletId: string | null;
  address: string;
  depositSalt: string;
  contractAddress: string | null;
  chainId: number | null;
};

/**
 * Confirmed live payments of `network` paid to a forwarder deposit address of `factory` whose forwarder has not
 * been flushed since their last confirmed transfer (no flush yet, or a confirmed transfer in a block at or after
 * the last flush's block: a late payment to an already flushed forwarder), and not waiting after a failed flush
 * (recordFlushFailures). Payments that failed less often first, then oldest confirmation first.
 */
export async function listFlushCandidates({
  db,
  network,
  factory,
  now,
  limit,
}: {
  db: Db;
  network: string;
  /** The factory configured now (checksummed, as stored in payments.forwarder_factory). */
  factory: string;
  now: Date;
  limit: number;
}): Promise<FlushCandidate[]> {
  const rows = await db
    .selectFrom('payments as p')
    .select([
      'p.id',
      'p.user_id',
      'p.wallet_id',
      'p.address',
      'p.deposit_salt',
      'p.contract_address',
      'p.chain_id',
    ])
    .where('p.network', '=', network)
    .where('p.mode', '=', 'live')
    .where('p.status', '=', 'confirmed')
    .where('p.deposit_salt', 'is not', null)
    // payments made before 0011 recorded their factory have none: the job checks their address under this one
    .where((eb) => eb.or([eb('p.forwarder_factory', '=', factory), eb('p.forwarder_factory', 'is', null)]))
    .where((eb) => eb.or([eb('p.flush_retry_at', 'is', null), eb('p.flush_retry_at', '<=', now)]))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('transfers as t')
          .select(sql`1`.as('one'))
          .whereRef('t.payment_id', '=', 'p.id')
          .where('t.status', '=', 'confirmed')
          .where((eb) =>
            eb.or([eb('p.flush_block', 'is', null), eb('t.block_height', '>=', eb.ref('p.flush_block'))]),
          ),
      ),
    )
    .orderBy('p.flush_attempts', 'asc')
    .orderBy('p.confirmed_at', 'asc')
    .orderBy('p.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    walletId: r.wallet_id,
    address: r.address,
    depositSalt: r.deposit_salt!,
    contractAddress: r.contract_address,
    chainId: r.chain_id,
  }));
}
