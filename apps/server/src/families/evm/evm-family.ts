import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import { evmFamily as coreEvmFamily } from '@coinlane/core/families/evm/evm-family';
import { createEvmWalletAddressSource } from '#app/families/evm/evm-address-source.ts';
import { readEvmTokenDecimals } from '#app/families/evm/evm-token-decimals.ts';
import { checkEvmWalletInput } from '#app/families/evm/evm-wallet-input.ts';
import { createEvmChainReader } from '#app/families/evm/evm-watcher.ts';
import { evmFlushJob } from '#app/modules/forwarders/evm-flush.job.ts';
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
  readTokenDecimals: readEvmTokenDecimals,
};
