import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

/** How long after expiry (or a re-price) a single-address payment's amount stays reserved and matched to it. */
export const UNIQUE_AMOUNT_WINDOW_MS = 24 * 3600_000;

/**
 * Serialises every allocation of (network, address) until the transaction ends: two accounts that registered the
 * same key or address allocate under different wallet locks, and a re-price of a single-address payment holds no
 * wallet lock at all.
 */
export const lockAddress = (db: Db, network: string, address: string) =>
  sql`SELECT pg_advisory_xact_lock(hashtext(${`${network}:${address}`}))`.execute(db);

/** A single-address wallet's payment: paid to the wallet's one address, told apart from the others by amount. */
export const isSingleAddressPayment = (p: { shared_address: boolean }) => p.shared_address;

/**
 * The amounts due a single-address wallet's address cannot take again in a coin (decision 008, "Single-address
 * wallets"), whatever the wallet or account: those of its payments that are open or expired in the last 24 hours,
 * and the earlier amounts of its payments re-priced in the last 24 hours (a payer may still send the amount first
 * shown; the watcher matches it to its payment). `open`: how many payments are open there. `exceptPaymentId`: a
 * re-priced payment's own amounts are not in the way of its new one. Call with the address locked (lockAddress).
 */
export async function amountsTakenOnAddress({
  db,
  network,
  address,
  currency,
  now,
  exceptPaymentId,
}: {
  db: Db;
  network: string;
  address: string;
  currency: string;
  now: Date;
  exceptPaymentId?: string;
}): Promise<{ taken: Set<bigint>; open: number }> {
  const cutoff = new Date(now.getTime() - UNIQUE_AMOUNT_WINDOW_MS);
  let q = db
    .selectFrom('payments')
    .select(['id', 'amount', 'status'])
    .where('network', '=', network)
    .where('address', '=', address)
    .where('currency', '=', currency)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['pending', 'partial']),
        eb.and([eb('status', '=', 'expired'), eb('expires_at', '>', cutoff)]),
      ]),
    );
  if (exceptPaymentId) q = q.where('id', '<>', exceptPaymentId);
  const rows = await q.execute();
  const taken = new Set(rows.map((r) => BigInt(r.amount)));
  const open = rows.filter((r) => r.status === 'pending' || r.status === 'partial').length;
  let earlier = db
    .selectFrom('payment_price_changes as c')
    .innerJoin('payments as p', 'p.id', 'c.payment_id')
    .select('c.amount_before')
    .where('p.network', '=', network)
    .where('p.address', '=', address)
    .where('p.currency', '=', currency)
    .where('c.changed_at', '>', cutoff);
  if (exceptPaymentId) earlier = earlier.where('p.id', '<>', exceptPaymentId);
  for (const r of await earlier.execute()) taken.add(BigInt(r.amount_before));
  return { taken, open };
}

/** The fewest base units above `amount` (or none) that make it differ from every amount in `taken`. */
export function uniqueAmount(amount: bigint, taken: ReadonlySet<bigint>): bigint {
  let unique = amount;
  while (taken.has(unique)) unique += 1n;
  return unique;
}
