/**
 * The watcher's former import path (before the chain families, issue 15): the generic watcher is
 * generic-watcher.ts, the UTXO family utxo/. Kept for code written against it; new code imports those.
 */
export type { ChainWatcher, WatcherStatus } from './generic-watcher.ts';
export { FIRST_SEEN_SLACK_MS } from './utxo/utxo-transactions.ts';
export { createUtxoWatcher as createChainWatcher } from './utxo/utxo-watcher.ts';
