/*
 * What a network's watcher recorded about its node (chain_cursors): selectCursor reads it (the node's chain id,
 * the verified forwarder factory, the tip), writeVerifiedFactory records the factory found deployed. Address
 * sources read it; a test without a watcher writes it as the watcher would.
 */
export { selectCursor, writeVerifiedFactory } from './queries.ts';
