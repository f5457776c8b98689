import { CRYPTO_CURRENCIES } from '@coinlane/core/currencies';
import type { TronChainConfig } from '@coinlane/core/families/tron/tron-chain-config';
import type { ChainReader, UnconfirmedFate } from '#app/modules/chains/chain-reader.ts';
import { blockAt, headerOf, readTronBlocks } from './tron-blocks.ts';
import type { TronNode } from './tron-node.ts';

/** Blocks per read: each is one request, two while a token payment is watched (Tron makes a block every 3 s). */
export const TRON_BLOCKS_PER_READ = 20;

/**
 * The Tron family's reader (docs/decisions/025-tron.md) over a node's HTTP API (tron-node.ts). Blocks are read by
 * number: TRX transfers from each block's transactions, TRC-20 transfers from its transactions' infos, only where
 * the receipt is SUCCESS (tron-blocks.ts). No mempool: a transfer is recorded at inclusion, confirmations counted
 * by the generic watcher per block up to the coin's requirement (20). A reorganisation is found by block id at the
 * cursor's height. At the tip, a transfer without a block that the node has neither in a block (successfully) nor
 * as a transaction is removed.
 */
export function createTronReader({
  chain,
  node,
  blocksPerRead = TRON_BLOCKS_PER_READ,
}: {
  chain: TronChainConfig;
  node: TronNode;
  blocksPerRead?: number;
}): ChainReader {
  const nativeSymbol = CRYPTO_CURRENCIES.find((c) => c.network === chain.network && c.native)?.symbol ?? null;
  const counts = { logsScanned: 0, blocksScanned: 0 };

  async function unconfirmed(txid: string): Promise<UnconfirmedFate> {
    const info = await node.transactionInfoById(txid);
    if (info) {
      const failed = info.result === 'FAILED' || (info.receipt?.result ?? 'SUCCESS') !== 'SUCCESS';
      return failed ? 'gone' : 'pending';
    }
    return (await node.transactionById(txid)) ? 'pending' : 'gone';
  }

  return {
    async tip() {
      const { height, hash } = headerOf(await node.nowBlock());
      return { height, hash };
    },
    async blockAt(height) {
      const b = await blockAt(node, height);
      return b ? headerOf(b) : null;
    },
    isInBestChain: async ({ height, hash }) => (await blockAt(node, height))?.blockID === hash,
    blocksPerRead: () => blocksPerRead,
    async readBlocks({ from, to, parentHash, watched }) {
      const read = await readTronBlocks({ node, watched, nativeSymbol }, { from, to, parentHash });
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
    status: () => ({ mempoolTransactions: 0, ...counts }),
  };
}
