import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

/*
 * What the payments say about a merchant wallet's addresses, for modules/wallets' gap/reuse policy (decision 008):
 * the payments table is this module's, so the questions are asked here and the policy stays in modules/wallets.
 */

/**
 * The child index of a payment link's previous attempt, when the same payer retrying the same link may keep the
 * address they may already have copied: the attempt is of this wallet, expired or failed, and no payment of that
 * index is open or ever saw a transfer (not even one later removed by a reorg). Null otherwise.
 */
export async function keptDerivationIndex({
  db,
  walletId,
  previousAttemptId,
}: {
  db: Db;
  walletId: string;
  previousAttemptId: string;
}): Promise<number | null> {
  const kept = await sql<{ idx: number }>`
      SELECT p.derivation_index AS idx FROM payments p
      WHERE p.id = ${previousAttemptId} AND p.wallet_id = ${walletId} AND p.derivation_index IS NOT NULL
        AND p.status IN ('expired', 'failed')
        AND NOT EXISTS (
          SELECT 1 FROM payments q
          WHERE q.wallet_id = ${walletId} AND q.derivation_index = p.derivation_index
            AND (q.status IN ('pending', 'partial')
              OR EXISTS (SELECT 1 FROM transfers t WHERE t.payment_id = q.id))
        )
    `.execute(db);
  return kept.rows[0] ? Number(kept.rows[0].idx) : null;
}

/**
 * The lowest child index of a wallet whose payments all expired unpaid before `cutoff`, with no transfer ever
 * seen on any of them: it may be handed out again. Null when there is none.
 */
export async function reusableDerivationIndex({
  db,
  walletId,
  cutoff,
}: {
  db: Db;
  walletId: string;
  cutoff: Date;
}): Promise<number | null> {
  const reusable = await sql<{ idx: number }>`
    SELECT p.derivation_index AS idx
    FROM payments p
    WHERE p.wallet_id = ${walletId} AND p.derivation_index IS NOT NULL
    GROUP BY p.derivation_index
    HAVING bool_and(p.status = 'expired') AND max(p.expires_at) < ${cutoff}
      AND NOT EXISTS (
        SELECT 1 FROM transfers t JOIN payments q ON q.id = t.payment_id
        WHERE q.wallet_id = ${walletId} AND q.derivation_index = p.derivation_index
      )
    ORDER BY p.derivation_index
    LIMIT 1
  `.execute(db);
  return reusable.rows[0] ? Number(reusable.rows[0].idx) : null;
}

/** The highest child index of a wallet whose payment received a transfer, or null when none ever did. */
export async function lastPaidDerivationIndex({
  db,
  walletId,
}: {
  db: Db;
  walletId: string;
}): Promise<number | null> {
  const used = await sql<{ last: number | null }>`
    SELECT max(q.derivation_index) AS last
    FROM transfers t JOIN payments q ON q.id = t.payment_id
    WHERE q.wallet_id = ${walletId}
  `.execute(db);
  const last = used.rows[0]?.last ?? null;
  return last === null ? null : Number(last);
}

/**
 * Whether a payment outside a wallet already holds `address` on its network: another account's, or another
 * wallet's of the same account in the same coin. 'paid' when such a payment received a transfer, 'open' when
 * only unpaid ones hold it, false when none does. Call with the address locked (lockAddress).
 */
export async function addressHeldElsewhere({
  db,
  wallet,
  address,
}: {
  db: Db;
  wallet: { id: string; user_id: string; network: string; currency: string };
  address: string;
}): Promise<false | 'open' | 'paid'> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => [
      'id',
      eb
        .exists(eb.selectFrom('transfers as t').select('t.id').whereRef('t.payment_id', '=', 'payments.id'))
        .as('paid'),
    ])
    .where('network', '=', wallet.network)
    .where('address', '=', address)
    .where((eb) =>
      eb.or([
        eb('user_id', '<>', wallet.user_id),
        eb.and([
          eb.or([eb('wallet_id', 'is', null), eb('wallet_id', '<>', wallet.id)]),
          eb('currency', '=', wallet.currency),
        ]),
      ]),
    )
    .orderBy('paid', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? false : row.paid ? 'paid' : 'open';
}
