import type { UtxoChainConfig } from '@coinlane/core/families/utxo/utxo-chain-config';
import { utxoFamily as coreUtxoFamily } from '@coinlane/core/families/utxo/utxo-family';
import { utxoWalletAddressSource } from '#app/families/utxo/utxo-address-source.ts';
import { checkUtxoWalletInput } from '#app/families/utxo/utxo-wallet-input.ts';
import { createUtxoChainReader } from '#app/families/utxo/utxo-watcher.ts';
import type { ServerChainFamily } from '../chain-family.ts';

/**
 * The UTXO family (bitcoin, litecoin, dogecoin, bitcoin-cash; decisions 008 and 009): a Bitcoin-Core-style node's
 * reader, wallets of a single address or an extended public key with addresses derived per payment or amounts made
 * unique, no jobs of its own.
 */
export const utxoFamily: ServerChainFamily<UtxoChainConfig> = {
  id: 'utxo',
  core: coreUtxoFamily,
  createReader: createUtxoChainReader,
  acceptsCoin: coreUtxoFamily.acceptsWalletCoin,
  checkWalletInput: checkUtxoWalletInput,
  addressSource: utxoWalletAddressSource,
  jobs: [],
};
