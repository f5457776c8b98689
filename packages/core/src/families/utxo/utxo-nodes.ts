import type { TChainMode } from '../wallet-input.ts';
import { cashAddrToLegacy } from './cashaddr.ts';
import type { TUtxoNetwork } from './utxo-keys.ts';

/**
 * How the UTXO watcher reads each network's node (docs/decisions/009-utxo-watcher.md, "Nodes"), decided once per
 * network from the node software it is written against, never by trying calls on every block:
 * - `blocks`: 'decoded', one `getblock <hash> 2` per block (Bitcoin Core, Litecoin Core, Bitcoin Cash Node);
 *   'txids', `getblock <hash> true` (txids only) then `getrawtransaction <txid> true` for each, batched: Dogecoin
 *   Core 1.14 has no verbosity 2 (its `verbose` is a boolean), and finds mined transactions only with -txindex.
 * - `addressKey`: how an output's address as the node writes it and a payment's stored address meet in the
 *   watched set. Bitcoin Cash Node writes CashAddr with its prefix (`bitcoincash:q...`, `bchreg:q...`), as payments
 *   store it; a payment stored in the legacy form (before CashAddr was Coinlane's form, decision 008) is the same
 *   address: every form is keyed by the legacy one.
 */
export type UtxoNodeReading = {
  /** The node software the network's watcher reads, for messages. */
  node: string;
  blocks: 'decoded' | 'txids';
  addressKey?: (address: string, mode: TChainMode) => string;
};

export const UTXO_NODE_READING: Record<TUtxoNetwork, UtxoNodeReading> = {
  bitcoin: { node: 'Bitcoin Core', blocks: 'decoded' },
  litecoin: { node: 'Litecoin Core', blocks: 'decoded' },
  'bitcoin-cash': {
    node: 'Bitcoin Cash Node',
    blocks: 'decoded',
    addressKey: (address, mode) => cashAddrToLegacy(address, mode) ?? address,
  },
  dogecoin: { node: 'Dogecoin Core', blocks: 'txids' },
};
