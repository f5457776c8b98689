/*
 * What a network's watcher recorded about its node (chain_cursors), the chains module's surface for the families'
 * readers and address sources (families/<family>/): selectCursor reads it (the node's chain id, the verified
 * forwarder factory and swap factory, the tip); writeChainId, writeVerifiedFactory and writeVerifiedSwapFactory record
 * the chain id the node reports and the factories found deployed (a test without a watcher writes them as the watcher
 * would); selectBalanceCheckPayments lists the deposit addresses whose balances a reader checks.
 */
export {
  selectBalanceCheckPayments,
  selectCursor,
  writeChainId,
  writeVerifiedFactory,
  writeVerifiedSwapFactory,
} from './queries.ts';
