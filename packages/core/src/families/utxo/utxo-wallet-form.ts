import type { TWalletForm } from '../family.ts';
import { isUtxoNetwork, keyScriptTypesFor } from './utxo-keys.ts';

/**
 * The UTXO family's wallet form (its `acceptsWalletCoin` and `describeWalletInput`, utxo-family.ts): native coins of the
 * UTXO networks; the key address types where the coin has segwit. A file of its own so that the browser, which
 * imports it, bundles no key parser.
 */
export const utxoWalletForm: TWalletForm = {
  acceptsWalletCoin: (coin) => isUtxoNetwork(coin.network) && coin.native,
  describeWalletInput: (network) => ({
    keyScriptTypes: isUtxoNetwork(network) ? keyScriptTypesFor(network) : [],
    receiveModes: false,
    showNetworkName: false,
    // Bitcoin Cash: CashAddr, and BIP44 account keys (m/44'/145'/0') as its wallets export them.
    placeholder:
      network === 'bitcoin-cash'
        ? { address: 'bitcoincash:q…', key: 'xpub…' }
        : { address: 'bc1q…', key: 'zpub…' },
  }),
};
