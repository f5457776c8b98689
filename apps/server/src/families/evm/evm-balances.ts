import { getAddress, type PublicClient } from 'viem';
import type { Db } from '#app/db/connection.ts';
import type { WatcherLog } from '#app/modules/chains/chain-bookkeeping.ts';
import type { PassContext } from '#app/modules/chains/chain-reader.ts';
import { selectBalanceCheckPayments } from '#app/modules/chains/watcher-findings.ts';
import { NATIVE_OUTPUT_INDEX } from './evm-blocks.ts';

/**
 * The txid of a balance credit (issue 13): ETH found at a forwarder deposit address at `height` beyond what its
 * recorded transfers account for (an internal transfer, made by a contract through a call, which no transaction
 * and no log shows). Stable, so a re-run at the same height finds the same row; never a transaction hash.
 */
export const balanceTxid = (address: string, height: number) => `balance:${address.toLowerCase()}:${height}`;
export const isBalanceTxid = (txid: string) => txid.startsWith('balance:');
/** Open native forwarder payments' balances are read once per this many scanned blocks (and at each expiry). */
export const BALANCE_EVERY_BLOCKS = 20;
/** Balances read concurrently (one JSON-RPC batch). */
const BALANCE_BATCH = 50;

type Payment = Awaited<ReturnType<typeof selectBalanceCheckPayments>>[number];
type Deps = { client: PublicClient; network: string; nativeSymbol: string; log: WatcherLog | undefined };

/** Each payment's balance at `at` beyond its recorded transfers, credited in that block. */
async function creditExcess(
  { client, network, nativeSymbol, log }: Deps,
  payments: readonly Payment[],
  at: { height: number; hash: string },
  tip: number,
  pass: PassContext,
) {
  for (let i = 0; i < payments.length; i += BALANCE_BATCH) {
    const batch = payments.slice(i, i + BALANCE_BATCH);
    const balances = await Promise.all(
      batch.map((p) => client.getBalance({ address: getAddress(p.address), blockNumber: BigInt(at.height) })),
    );
    for (const [k, p] of batch.entries()) {
      const excess = balances[k]! - BigInt(p.recorded);
      if (excess <= 0n) continue;
      log?.info(
        { network, paymentId: p.id, address: p.address, amount: excess.toString(), height: at.height },
        'ETH at a deposit address beyond its recorded transfers (an internal transfer): credited',
      );
      const transfer = {
        txid: balanceTxid(p.address, at.height),
        index: NATIVE_OUTPUT_INDEX,
        address: p.address,
      };
      await pass.credit(
        { ...transfer, amount: excess, currency: nativeSymbol },
        { ...at, confirmations: tip - at.height + 1 },
      );
    }
  }
}

/**
 * ETH that reached a native forwarder payment's deposit address by an internal transfer (a contract paying out
 * through a call: no transaction to the address, no log) is found by its balance (issue 13): once per
 * `everyBlocks` scanned blocks and whenever one of the open payments expires, each open (and just expired)
 * unflushed native forwarder payment's balance is read at the cursor's block, which the scan has fully read, so
 * every transaction transfer up to it is recorded. What exceeds the sum of its recorded transfers is credited as
 * a transfer `balance:<address>:<height>` (NATIVE_OUTPUT_INDEX) in that block. Nothing but a flush moves ETH out
 * of a deposit address, and only unflushed payments are read, so the excess is never more than what arrived
 * unseen; a later real transfer is in a later block (not in this balance) and is recorded on its own; a re-run
 * at the same height finds the same row, and at a later height the credit is in the recorded sum. A payment the
 * merchant flushed themselves (not recorded) reads less than recorded: nothing.
 */
export function createBalanceCheck({
  db,
  network,
  client,
  nativeSymbol,
  watchDays,
  everyBlocks,
  log,
}: {
  db: Db;
  network: string;
  client: PublicClient;
  nativeSymbol: string;
  watchDays: number;
  everyBlocks: number;
  log: WatcherLog | undefined;
}) {
  const state = {
    /** The last check (null: not since this instance started). */
    checked: null as { height: number; time: Date } | null,
    /** The earliest expiry of the payments of that check that were still open: a check is due when it passes. */
    nextExpiry: null as Date | null,
  };

  const isDue = (height: number, now: Date) =>
    !state.checked ||
    height >= state.checked.height + everyBlocks ||
    (state.nextExpiry !== null && state.nextExpiry <= now);

  return {
    /** The check, when due and the cursor is at the node's tip. */
    async run(pass: PassContext & { cursor: { height: number; hash: string } | null; tip: number }) {
      const { cursor, tip, now } = pass;
      if (!cursor || cursor.height !== tip || !isDue(cursor.height, now)) return;
      // At start, those expired within the watch window; then those expired since the last check (a margin).
      const expiredAfter = state.checked
        ? new Date(state.checked.time.getTime() - 10 * 60_000)
        : new Date(now.getTime() - watchDays * 24 * 3600_000);
      const payments = await selectBalanceCheckPayments(db, network, expiredAfter);
      const at = { height: cursor.height, hash: cursor.hash };
      await creditExcess({ client, network, nativeSymbol, log }, payments, at, tip, pass);
      let earliest: Date | null = null;
      for (const p of payments) {
        if (p.expires_at > now && (!earliest || p.expires_at < earliest)) earliest = p.expires_at;
      }
      state.nextExpiry = earliest;
      state.checked = { height: at.height, time: now };
    },
  };
}
