import { CRYPTO_CURRENCIES } from '@coinlane/core/currencies';
import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import {
  type Hash,
  type PublicClient,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { Db } from '#app/db/connection.ts';
import type { WatcherLog } from '#app/modules/chains/chain-bookkeeping.ts';
import type { ChainReader, UnconfirmedFate } from '#app/modules/chains/chain-reader.ts';
import { BALANCE_EVERY_BLOCKS, createBalanceCheck, isBalanceTxid } from './evm-balances.ts';
import { blockAt, readRange, readsNative } from './evm-blocks.ts';
import { ChainIdMismatch, createEvmNodeChecks } from './evm-node-checks.ts';

/** Blocks per range while native payments are watched (blocks are fetched with their transactions). */
const NATIVE_RANGE = 50;

/** Whether the node knows `hash` by this call: false when it answers "not found" (`notFound`), else its error. */
const known = (call: Promise<unknown>, notFound: new (...args: never[]) => Error) =>
  call.then(
    () => true,
    (err: unknown) => {
      if (err instanceof notFound) return false;
      throw err;
    },
  );

/**
 * The EVM family's reader (docs/decisions/011-evm-watcher.md) over viem and JSON-RPC. Before each pass, the node
 * checks (evm-node-checks.ts: chain id, factory, token decimals). Blocks are read in ranges (`logRange` blocks,
 * NATIVE_RANGE while native payments are watched): native transfers from each block's transactions, token
 * transfers from one `eth_getLogs` per block by block hash (evm-blocks.ts). No mempool: a transfer is recorded at
 * inclusion, the tip read uncached. A reorganisation is found by block hash at the cursor's height. At the tip,
 * a transfer without a block (orphaned, not re-mined) that the node has neither mined nor pending is removed, and
 * native forwarder deposits' balances are checked (evm-balances.ts).
 */
export function createEvmReader({
  db,
  chain,
  client,
  log,
  watchDays,
  logRange = 500,
  balanceEveryBlocks = BALANCE_EVERY_BLOCKS,
}: {
  db: Db;
  chain: EvmChainConfig;
  client: PublicClient;
  log?: WatcherLog;
  /** The watcher's watch window (the first balance check reads payments expired within it). */
  watchDays: number;
  /** Blocks per scanned range (their logs are asked for block by block, by hash). */
  logRange?: number;
  /** Open native forwarder payments' deposit balances are read once per this many blocks (issue 13). */
  balanceEveryBlocks?: number;
}): ChainReader {
  const network = chain.network;
  const nativeSymbol = CRYPTO_CURRENCIES.find((c) => c.network === network && c.native)?.symbol ?? null;
  const checks = createEvmNodeChecks({ db, chain, client, log });
  const balances =
    chain.factory && nativeSymbol
      ? createBalanceCheck({
          db,
          network,
          client,
          nativeSymbol,
          watchDays,
          everyBlocks: balanceEveryBlocks,
          log,
        })
      : null;
  const counts = { logsScanned: 0, blocksScanned: 0 };

  async function unconfirmed(txid: string): Promise<UnconfirmedFate> {
    // a balance credit of an orphaned block: the next balance check credits what is still there
    if (isBalanceTxid(txid)) return 'gone-quietly';
    const hash = txid as Hash;
    if (await known(client.getTransactionReceipt({ hash }), TransactionReceiptNotFoundError))
      return 'pending';
    if (await known(client.getTransaction({ hash }), TransactionNotFoundError)) return 'pending';
    return 'gone';
  }

  return {
    addressKey: (address) => address.toLowerCase(),
    checkNode: (now) => checks.run(now),
    tip: async () => ({ height: Number(await client.getBlockNumber({ cacheTime: 0 })) }),
    async blockAt(height) {
      const b = await blockAt(client, height);
      if (!b?.hash) return null;
      return { height, hash: b.hash, parentHash: b.parentHash, time: new Date(Number(b.timestamp) * 1000) };
    },
    isInBestChain: async ({ height, hash }) => (await blockAt(client, height))?.hash === hash,
    blocksPerRead: (watched) =>
      readsNative(watched, nativeSymbol) ? Math.min(NATIVE_RANGE, logRange) : logRange,
    async readBlocks({ from, to, parentHash, watched }) {
      const ctx = { client, watched, nativeSymbol, badTokens: checks.badTokens() };
      const read = await readRange(ctx, { from, to, parentHash });
      if (!read) return null;
      counts.logsScanned += read.logs;
      return read.blocks;
    },
    blockScanned: () => {
      counts.blocksScanned++;
    },
    reachedTip: async (tip, cursor) => cursor.height === tip.height,
    unconfirmed,
    goneMessage: 'transfer of an orphaned block not re-mined: removed',
    afterPass: async (pass) => balances?.run(pass),
    standingProblem: () => checks.standingProblem(),
    failureLogFields: (err) =>
      err instanceof ChainIdMismatch ? { network, expected: chain.chainId } : undefined,
    status: () => ({ mempoolTransactions: 0, ...counts }),
  };
}
