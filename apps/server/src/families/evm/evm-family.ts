import { evmFamily as coreEvmFamily } from '@coinlane/core/families/evm';
import type { EvmChainConfig } from '#app/lib/chain-config.ts';
import { createEvmChainReader } from '#app/modules/chains/evm/evm-watcher.ts';
import { evmFlushJob } from '#app/modules/forwarders/evm-flush.job.ts';
import { createEvmWalletAddressSource } from '#app/modules/wallets/evm-address-source.ts';
import { checkEvmWalletInput } from '#app/modules/wallets/evm-wallet-input.ts';
import type { ServerChainFamily } from '../chain-family.ts';

/**
 * The EVM family (ethereum, polygon, binance-smart-chain, avalanche, arbitrum, optimism; decisions 010 and 011):
 * a JSON-RPC node's reader (blocks, Transfer logs, deposit balances), wallets of an address (forwarder deposit
 * addresses or unique amounts) or an account xpub, and the forwarder flush job.
 */
export const evmFamily: ServerChainFamily<EvmChainConfig> = {
  id: 'evm',
  core: coreEvmFamily,
  createReader: createEvmChainReader,
  acceptsCoin: coreEvmFamily.acceptsWalletCoin,
  checkWalletInput: checkEvmWalletInput,
  addressSource: createEvmWalletAddressSource,
  jobs: [evmFlushJob],
};
