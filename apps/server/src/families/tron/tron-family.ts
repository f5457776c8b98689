import type { TronChainConfig } from '@coinlane/core/families/tron/tron-chain-config';
import { tronFamily as coreTronFamily } from '@coinlane/core/families/tron/tron-family';
import { createTronWalletAddressSource } from '#app/families/tron/tron-address-source.ts';
import { checkTronWalletInput } from '#app/families/tron/tron-wallet-input.ts';
import { createTronChainReader } from '#app/families/tron/tron-watcher.ts';
import type { ServerChainFamily } from '../chain-family.ts';

/**
 * The Tron family (TRX and TRC-20 tokens; docs/decisions/025-tron.md): a node's HTTP API reader (blocks, native
 * transfers, TRC-20 Transfer logs), wallets of a T… address (unique amounts) or an account xpub (an address derived
 * per payment), no jobs of its own (nothing is flushed: every address is the merchant's own).
 */
export const tronFamily: ServerChainFamily<TronChainConfig> = {
  id: 'tron',
  core: coreTronFamily,
  createReader: createTronChainReader,
  acceptsCoin: coreTronFamily.acceptsWalletCoin,
  checkWalletInput: checkTronWalletInput,
  addressSource: createTronWalletAddressSource,
  jobs: [],
};
