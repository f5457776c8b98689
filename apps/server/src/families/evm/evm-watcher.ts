import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import { createPublicClient, http, type PublicClient } from 'viem';
import type { ChainFamily } from '#app/modules/chains/chain-reader.ts';
import {
  type ChainWatcher,
  createWatcher,
  DEFAULT_WATCH_DAYS,
  type WatcherOptions,
} from '#app/modules/chains/generic-watcher.ts';
import { createEvmReader } from './evm-reader.ts';

/** A viem client of the chain's node: JSON-RPC batching over HTTP, one retry. */
const clientOf = (chain: EvmChainConfig): PublicClient =>
  createPublicClient({ transport: http(chain.rpcUrl, { batch: true, retryCount: 1 }) });

/**
 * The EVM family's reader (ethereum, polygon, bsc, avalanche, arbitrum, optimism) over the chain's node: its
 * `createReader` (families/evm/).
 */
export const createEvmChainReader: ChainFamily<EvmChainConfig>['createReader'] = ({ db, chain, log }) =>
  createEvmReader({ db, chain, client: clientOf(chain), log, watchDays: DEFAULT_WATCH_DAYS });

/**
 * The watcher of one EVM network (docs/decisions/011-evm-watcher.md): the generic watcher over the EVM reader,
 * with the reader's options for tests and benchmarks (a stand-in client, the range size, the balance checks'
 * spacing).
 */
export function createEvmChainWatcher({
  chain,
  client = clientOf(chain),
  logRange,
  balanceEveryBlocks,
  ...options
}: WatcherOptions & {
  chain: EvmChainConfig;
  client?: PublicClient;
  /** Blocks per scanned range (their logs are asked for block by block, by hash). */
  logRange?: number;
  /** Open native forwarder payments' deposit balances are read once per this many blocks (issue 13). */
  balanceEveryBlocks?: number;
}): ChainWatcher {
  const reader = createEvmReader({
    db: options.dbHandle.db,
    chain,
    client,
    log: options.log,
    watchDays: options.watchDays ?? DEFAULT_WATCH_DAYS,
    ...(logRange !== undefined ? { logRange } : {}),
    ...(balanceEveryBlocks !== undefined ? { balanceEveryBlocks } : {}),
  });
  return createWatcher({ ...options, chain, reader });
}
