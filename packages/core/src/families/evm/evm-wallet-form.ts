import type { TWalletForm } from '../family.ts';

/**
 * The EVM family's wallet form (its `acceptsWalletCoin` and `describeWalletInput`, evm-family.ts): every coin of the
 * network; an address wallet chooses how it receives; the network's name is shown (a token lives on several EVM
 * networks). A file of its own so that the browser, which imports it, bundles no key parser.
 */
export const evmWalletForm: TWalletForm = {
  acceptsWalletCoin: () => true,
  describeWalletInput: () => ({
    keyScriptTypes: [],
    receiveModes: true,
    showNetworkName: true,
    placeholder: { address: '0x…', key: 'xpub…' },
  }),
};
