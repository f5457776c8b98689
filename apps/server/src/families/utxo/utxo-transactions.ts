import { parseUnits } from '@coinlane/core/money';
import type { IncomingTransfer } from '#app/modules/chains/chain-reader.ts';
import type { WatchedAddresses } from '#app/modules/chains/watched-addresses.ts';

/** `value`: the amount in coins as the node wrote it (the RPC client keeps fractional numbers as text). */
type Vout = { value: string | number; n: number; scriptPubKey?: { address?: string; addresses?: string[] } };
/** An input: the outpoint it spends (none for a coinbase, or a Litecoin MWEB input). */
type Vin = { txid?: string; vout?: number };
export type RawTx = { txid: string; vin?: Vin[]; vout: Vout[] };

/** An output of a transaction: where it pays, how much (in coins, as the node gives it). */
export type Output = { address: string; n: number; value: string | number };

/**
 * A mempool transaction the watcher has decoded: its outputs, when it first saw it, and (once asked) when the
 * node's mempool took it in (Unix seconds; null: it left the mempool before the node was asked), and when the
 * watcher found it gone from the mempool (kept a while: its block may not be scanned yet).
 */
export type MempoolTx = { outs: Output[]; decodedAt: number; entryTime?: number | null; leftAt?: number };

/**
 * Clock slack when a transaction's first sighting (the node's mempool entry time, whole seconds, or this
 * watcher's own) is compared with a payment's creation time (the API process's clock): a payment created up to
 * this long after the transaction was first seen can still be paid by it. A payer takes longer than this to pay
 * an address they were just shown; money sent earlier to an address not yet handed out is not the new payment's.
 */
export const FIRST_SEEN_SLACK_MS = 5_000;
/**
 * A transaction first seen in a block (never in the mempool while this watcher ran) is compared by the block's
 * time, which miners may set up to two hours ahead (and behind the real time by up to the median of the last 11
 * blocks): a payment created more than two hours after the block's time was not paid by it.
 */
const BLOCK_TIME_SLACK_MS = 2 * 3600_000;

/** A node amount (decimal text; a number from a stand-in client) in base units, exactly. */
function unitsOf(value: string | number, decimals: number): bigint {
  return parseUnits(typeof value === 'number' ? value.toFixed(decimals) : value, decimals);
}

/** The outpoints a transaction spends, as '<txid>:<vout>'. */
const spendsOf = (tx: RawTx): string[] =>
  (tx.vin ?? []).flatMap((v) => (v.txid && typeof v.vout === 'number' ? [`${v.txid}:${v.vout}`] : []));

/**
 * The address each output pays, as the node writes it: Bitcoin Core 22+ and Litecoin Core `address`; Dogecoin Core
 * 1.14 and Bitcoin Cash Node `addresses`, an array (one address for the single-key and script-hash outputs paid
 * here; a bare multisig output's several are skipped).
 */
export function outputsOf(tx: RawTx): Output[] {
  const out: Output[] = [];
  for (const v of tx.vout) {
    const spk = v.scriptPubKey;
    if (!spk) continue;
    if (spk.address) out.push({ address: spk.address, n: v.n, value: v.value });
    else if (spk.addresses?.length === 1) out.push({ address: spk.addresses[0]!, n: v.n, value: v.value });
  }
  return out;
}

/**
 * The latest creation time of a payment that a transaction can pay: its first sighting plus a clock slack.
 * The node's mempool entry time when known, else when this watcher first decoded it, else (first seen in a
 * block) the block's time with the slack miners' clocks allow.
 */
export function notCreatedAfterOf(seenTx: MempoolTx | undefined, blockTime?: Date): Date | undefined {
  if (seenTx?.entryTime != null) return new Date(seenTx.entryTime * 1000 + 999 + FIRST_SEEN_SLACK_MS);
  if (seenTx) return new Date(seenTx.decodedAt + FIRST_SEEN_SLACK_MS);
  if (blockTime !== undefined) return new Date(blockTime.getTime() + BLOCK_TIME_SLACK_MS);
  return undefined;
}

/**
 * The transfers of a transaction to watched addresses (`only`: to the addresses it accepts, as the node writes
 * them). A watched output is credited by (txid, output index): see 009, "Matching an output to a payment". The
 * transfer names the address as its payments store it (Bitcoin Cash Node writes CashAddr, a payment stored before
 * CashAddr was Coinlane's form keeps the legacy form: the watched set's key joins them).
 */
export function transfersOf(
  tx: RawTx,
  watched: WatchedAddresses,
  notCreatedAfter: Date | undefined,
  only?: (address: string) => boolean,
): IncomingTransfer[] {
  const spends = spendsOf(tx);
  const found: IncomingTransfer[] = [];
  for (const out of outputsOf(tx)) {
    if (only && !only(out.address)) continue;
    const match = watched.get(out.address);
    if (!match) continue;
    found.push({
      txid: tx.txid,
      index: out.n,
      address: match.address,
      amount: unitsOf(out.value, match.decimals),
      spends,
      ...(notCreatedAfter ? { notCreatedAfter } : {}),
    });
  }
  return found;
}
