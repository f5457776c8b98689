import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { TPaymentConversion } from '#app/db/schema.ts';
import { familyDetailsOf } from './chain-details.ts';

export type FlushCandidate = {
  id: string;
  userId: string;
  walletId: string | null;
  address: string;
  depositSalt: string;
  currency: string;
  decimals: number;
  contractAddress: string | null;
  chainId: number | null;
  /** The factory the deposit address was computed under; null for payments made before 0011 recorded it. */
  forwarderFactory: string | null;
  flushAttempts: number;
  /** The largest batch it may be sent in after a batch of it reverted (0014); null: any. */
  flushBatchMax: number | null;
  /** The block of its last flush (null: never flushed by Coinlane, so its forwarder may not be deployed). */
  flushBlock: number | null;
  /** The highest block of its confirmed transfers (the node must have reached it before its balance is read). */
  lastTransferBlock: number;
  /** The payout rule it was created under and the conversion fixed then (a swapping deposit address; 0029). */
  payoutRuleId: string | null;
  conversion: TPaymentConversion | null;
};

/**
 * Confirmed live payments of `network` paid to a forwarder deposit address (of any factory: each payment keeps the
 * factory of its address) whose forwarder has not been flushed since their last confirmed transfer (no flush yet,
 * or a confirmed transfer in a block at or after the last flush's block: a late payment to an already flushed
 * forwarder), and not waiting after a failed flush (recordFlushFailures) or a deferral for dust
 * (recordFlushDeferred: that wait ends early when a transfer confirmed at or after its block arrives). Payments
 * that failed less often first, then oldest confirmation first. A merchant who turned auto payout off
 * (user_settings.auto_payout_enabled) is flushed only on request ("Move now": payments confirmed by
 * payouts_requested_at).
 */
export async function listFlushCandidates({
  db,
  network,
  now,
  limit,
}: {
  db: Db;
  network: string;
  now: Date;
  limit: number;
}): Promise<FlushCandidate[]> {
  const rows = await db
    .selectFrom('payments as p')
    .innerJoin('payment_flushes as f', 'f.payment_id', 'p.id')
    .leftJoin('user_settings as us', 'us.user_id', 'p.user_id')
    .select([
      'p.id',
      'p.user_id',
      'p.wallet_id',
      'p.address',
      'p.network',
      'p.chain_details',
      'p.currency',
      'p.decimals',
      'p.contract_address',
      'f.flush_attempts',
      'f.flush_batch_max',
      'f.flush_block',
      'p.payout_rule_id',
      'p.conversion',
    ])
    .select((eb) =>
      eb
        .selectFrom('transfers as t')
        .select(sql<number>`max(t.block_height)`.as('b'))
        .whereRef('t.payment_id', '=', 'p.id')
        .where('t.status', '=', 'confirmed')
        .as('last_transfer_block'),
    )
    .where('p.network', '=', network)
    .where('p.mode', '=', 'live')
    .where('p.status', '=', 'confirmed')
    // a forwarder payment (it has a payment_flushes row): said here too, so payments_flush_candidates_idx applies
    .where(sql<boolean>`p.chain_details ? 'depositSalt'`)
    .where((eb) =>
      eb.or([
        eb('us.auto_payout_enabled', 'is', null),
        eb('us.auto_payout_enabled', '=', true),
        eb('p.confirmed_at', '<=', eb.ref('us.payouts_requested_at')),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('f.flush_retry_at', 'is', null),
        eb('f.flush_retry_at', '<=', now),
        // dust deferred: looked at again as soon as a newer transfer is confirmed
        eb.and([
          eb('f.flush_deferred_block', 'is not', null),
          eb.exists(
            eb
              .selectFrom('transfers as d')
              .select(sql`1`.as('one'))
              .whereRef('d.payment_id', '=', 'p.id')
              .where('d.status', '=', 'confirmed')
              .where('d.block_height', '>=', eb.ref('f.flush_deferred_block')),
          ),
        ]),
      ]),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('transfers as t')
          .select(sql`1`.as('one'))
          .whereRef('t.payment_id', '=', 'p.id')
          .where('t.status', '=', 'confirmed')
          .where((eb) =>
            eb.or([eb('f.flush_block', 'is', null), eb('t.block_height', '>=', eb.ref('f.flush_block'))]),
          ),
      ),
    )
    .orderBy('f.flush_attempts', 'asc')
    .orderBy('p.confirmed_at', 'asc')
    .orderBy('p.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const evm = familyDetailsOf(r, 'evm');
    if (!evm?.depositSalt) throw new Error(`payment ${r.id} has a flush row but no forwarder deposit salt`);
    return {
      id: r.id,
      userId: r.user_id,
      walletId: r.wallet_id,
      address: r.address,
      depositSalt: evm.depositSalt,
      currency: r.currency,
      decimals: r.decimals,
      contractAddress: r.contract_address,
      chainId: evm.chainId ?? null,
      forwarderFactory: evm.forwarderFactory ?? null,
      flushAttempts: r.flush_attempts,
      flushBatchMax: r.flush_batch_max,
      flushBlock: r.flush_block,
      lastTransferBlock: Number(r.last_transfer_block ?? 0),
      payoutRuleId: r.payout_rule_id,
      conversion: r.conversion,
    };
  });
}
