import type { TronChainConfig } from '@coinlane/core/families/tron/tron-chain-config';
import type { ChainFamily } from '#app/modules/chains/chain-reader.ts';
import {
  type ChainWatcher,
  createWatcher,
  type WatcherOptions,
} from '#app/modules/chains/generic-watcher.ts';
import { createTronNode, type TronNode } from './tron-node.ts';
import { createTronReader } from './tron-reader.ts';

/** The client of the chain's node: CHAIN_TRON_RPC_URL, with CHAIN_TRON_API_KEY as TronGrid's header. */
const nodeOf = (chain: TronChainConfig): TronNode =>
  createTronNode({ url: chain.rpcUrl, apiKey: chain.apiKey });

/** The Tron family's reader over the chain's node: its `createReader` (families/tron/). */
export const createTronChainReader: ChainFamily<TronChainConfig>['createReader'] = ({ chain }) =>
  createTronReader({ chain, node: nodeOf(chain) });

/**
 * The watcher of the Tron network (docs/decisions/025-tron.md): the generic watcher over the Tron reader, with the
 * reader's options for tests (a stand-in node client, the blocks per read).
 */
export function createTronWatcher({
  chain,
  node = nodeOf(chain),
  blocksPerRead,
  ...options
}: WatcherOptions & {
  chain: TronChainConfig;
  node?: TronNode;
  blocksPerRead?: number;
}): ChainWatcher {
  const reader = createTronReader({
    chain,
    node,
    ...(blocksPerRead !== undefined ? { blocksPerRead } : {}),
  });
  return createWatcher({ ...options, chain, reader });
}
