import type { UtxoChainConfig } from '@coinlane/core/families/utxo/utxo-chain-config';
import type { ChainConfig } from '#app/lib/chain-config.ts';
import type { ChainFamily } from '#app/modules/chains/chain-reader.ts';
import {
  type ChainWatcher,
  createWatcher,
  type WatcherOptions,
} from '#app/modules/chains/generic-watcher.ts';
import { createRpcClient, type RpcClient } from '#app/modules/chains/rpc-client.ts';
import { createUtxoReader } from './utxo-reader.ts';

/**
 * The UTXO family's reader (bitcoin, litecoin, bitcoin-cash, dogecoin) over the node configured for a chain: its
 * `createReader` (families/utxo/).
 */
export const createUtxoChainReader: ChainFamily<UtxoChainConfig>['createReader'] = ({
  deps,
  db,
  chain,
  log,
}) =>
  createUtxoReader({
    deps,
    db,
    network: chain.network,
    mode: chain.mode,
    rpc: createRpcClient({ url: chain.rpcUrl }),
    log,
  });

/**
 * The watcher of one UTXO network (docs/decisions/009-utxo-watcher.md): the generic watcher over the UTXO reader,
 * with the reader's options for tests and benchmarks (a stand-in RPC client, the unmined grace).
 */
export function createUtxoWatcher({
  chain,
  rpc = createRpcClient({ url: chain.rpcUrl }),
  unminedGraceBlocks,
  ...options
}: WatcherOptions & {
  chain: ChainConfig;
  rpc?: RpcClient;
  /** Blocks after a payment's expiry its money seen in time may stay unmined (unmined-grace.ts). */
  unminedGraceBlocks?: number;
}): ChainWatcher {
  const reader = createUtxoReader({
    deps: options.deps,
    db: options.dbHandle.db,
    network: chain.network,
    mode: chain.mode,
    rpc,
    log: options.log,
    ...(unminedGraceBlocks !== undefined ? { unminedGraceBlocks } : {}),
  });
  return createWatcher({ ...options, chain, reader });
}
