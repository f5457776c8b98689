/**
 * The EVM watcher's former import path (before the chain families, issue 15): the EVM family is evm/. Kept for
 * code written against it; new code imports evm/.
 */
export { balanceTxid, isBalanceTxid } from './evm/evm-balances.ts';
export { NATIVE_OUTPUT_INDEX, TRANSFER_EVENT } from './evm/evm-blocks.ts';
export { createEvmChainWatcher } from './evm/evm-watcher.ts';
