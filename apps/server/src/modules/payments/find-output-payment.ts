import type { Db } from '#app/db/connection.ts';
import { isSingleAddressPayment, UNIQUE_AMOUNT_WINDOW_MS } from './unique-amounts.ts';

export type OutputPaymentMatch =
  | { paymentId: string; rule: 'newest' | 'exact_amount' | 'only_candidate' }
  | { paymentId: null; rule: 'no_candidate' | 'ambiguous' | 'predates_payments'; candidates: number };

/**
 * Which live payment an incoming output to `address` belongs to, now that an address can serve several
 * payments (docs/decisions/009-utxo-watcher.md, "Matching an output to a payment"):
 * - a single-address wallet's address (shared_address): the open payment whose amount due
 *   (or, once partly paid, amount remaining) equals the output exactly, or, when it has received nothing, an
 *   amount it was due before a re-price in the last 24 h (the payer sent the amount first shown; such amounts
 *   stay unique on the address: unique-amounts.ts); else a payment expired within the
 *   last 24 h whose amount due equals it (paid late); else the only open-or-recent payment when there is
 *   exactly one; otherwise none (the caller logs it as unassigned);
 * - any other address (a key's child address, possibly reused after an unpaid expiry, or an EVM forwarder
 *   deposit address): the newest open payment, else the newest payment (a late transfer to it is flagged paid late).
 * With `notCreatedAfter` (a UTXO output: when the transaction was first seen, plus a clock slack), only payments
 * created by then are candidates: money that sat in the mempool before its address was handed out is not the new
 * payment's (rule 'predates_payments' when no payment is that old). Reads the payments of the address newest
 * first, through payments_network_address_idx.
 */
export async function findOutputPayment({
  db,
  network,
  address,
  amount,
  currency,
  notCreatedAfter,
  now,
}: {
  db: Db;
  network: string;
  address: string;
  /** The output's value in base units. */
  amount: bigint;
  /**
   * Only payments in this coin (EVM: one address may serve an ETH and a USDT payment; a native transfer or a
   * token's Transfer log is matched within its own coin). UTXO networks have one coin and leave it out.
   */
  currency?: string;
  /** The latest creation time of a payment this output can be for (UTXO: its transaction's first sighting). */
  notCreatedAfter?: Date;
  now: Date;
}): Promise<OutputPaymentMatch> {
  let q = db
    .selectFrom('payments')
    .select(['id', 'status', 'amount', 'amount_received', 'expires_at', 'shared_address'])
    .where('mode', '=', 'live')
    .where('network', '=', network)
    .where('address', '=', address);
  if (currency) q = q.where('currency', '=', currency);
  if (notCreatedAfter) {
    const older = await q
      .where('created_at', '<=', notCreatedAfter)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    if (older.length === 0) {
      const any = await q.limit(1).executeTakeFirst();
      if (any) return { paymentId: null, rule: 'predates_payments', candidates: 0 };
    }
    return pick(older, amount, now, await earlierAmounts(db, older, now));
  }
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();
  return pick(rows, amount, now, await earlierAmounts(db, rows, now));
}

/**
 * The amounts due before a re-price (in the last 24 h) of the open single-address payments among `rows` that have
 * received nothing, by payment id: a payer may send the amount the page first showed.
 */
async function earlierAmounts(
  db: Db,
  rows: readonly Candidate[],
  now: Date,
): Promise<ReadonlyMap<string, ReadonlySet<bigint>>> {
  const ids = rows
    .filter(
      (r) =>
        isSingleAddressPayment(r) &&
        (r.status === 'pending' || r.status === 'partial') &&
        BigInt(r.amount_received) === 0n,
    )
    .map((r) => r.id);
  const map = new Map<string, Set<bigint>>();
  if (ids.length === 0) return map;
  const found = await db
    .selectFrom('payment_price_changes')
    .select(['payment_id', 'amount_before'])
    .where('payment_id', 'in', ids)
    .where('changed_at', '>', new Date(now.getTime() - UNIQUE_AMOUNT_WINDOW_MS))
    .execute();
  for (const r of found) {
    const set = map.get(r.payment_id) ?? new Set<bigint>();
    set.add(BigInt(r.amount_before));
    map.set(r.payment_id, set);
  }
  return map;
}

type Candidate = {
  id: string;
  status: string;
  amount: string;
  amount_received: string;
  expires_at: Date;
  shared_address: boolean;
};

/** The payment among an address's `rows` (newest first) an output of `amount` goes to (see findOutputPayment). */
function pick(
  rows: readonly Candidate[],
  amount: bigint,
  now: Date,
  earlier: ReadonlyMap<string, ReadonlySet<bigint>>,
): OutputPaymentMatch {
  if (rows.length === 0) return { paymentId: null, rule: 'no_candidate', candidates: 0 };
  const isOpen = (r: Candidate) =>
    (r.status === 'pending' || r.status === 'partial') && r.expires_at.getTime() > now.getTime();
  // A forwarder deposit address (EVM) is one payment's own address, like a key's child: not shared.
  const single = rows.some(isSingleAddressPayment);
  if (!single) {
    const open = rows.find(isOpen);
    return { paymentId: (open ?? rows[0]!).id, rule: 'newest' };
  }
  const open = rows.filter(isOpen);
  const due = (r: Candidate) => BigInt(r.amount);
  const exactOpen =
    open.find((r) => BigInt(r.amount_received) === 0n && due(r) === amount) ??
    open.find((r) => BigInt(r.amount_received) > 0n && due(r) - BigInt(r.amount_received) === amount) ??
    open.find((r) => BigInt(r.amount_received) === 0n && earlier.get(r.id)?.has(amount));
  if (exactOpen) return { paymentId: exactOpen.id, rule: 'exact_amount' };
  const since = now.getTime() - UNIQUE_AMOUNT_WINDOW_MS;
  const recent = rows.filter(
    (r) =>
      !isOpen(r) &&
      r.status !== 'confirmed' &&
      r.status !== 'failed' &&
      r.expires_at.getTime() > since &&
      r.expires_at.getTime() <= now.getTime(),
  );
  const exactLate = recent.find((r) => BigInt(r.amount_received) === 0n && due(r) === amount);
  if (exactLate) return { paymentId: exactLate.id, rule: 'exact_amount' };
  const candidates = [...open, ...recent];
  if (candidates.length === 1) return { paymentId: candidates[0]!.id, rule: 'only_candidate' };
  return {
    paymentId: null,
    rule: candidates.length ? 'ambiguous' : 'no_candidate',
    candidates: candidates.length,
  };
}
