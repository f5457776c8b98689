import type { TWalletForm } from '../family.ts';

/**
 * The Tron family's wallet form (its `acceptsWalletCoin` and `describeWalletInput`, tron-family.ts): every coin of
 * the network (TRX, USDT); no receive mode to choose (an address receives with unique amounts, a key on derived
 * addresses); the network's name is shown (USDT lives on several networks). A file of its own so that the browser,
 * which imports it, bundles no key parser.
 */
export const tronWalletForm: TWalletForm = {
  acceptsWalletCoin: () => true,
  describeWalletInput: () => ({
    keyScriptTypes: [],
    receiveModes: false,
    showNetworkName: true,
    placeholder: { address: 'T…', key: 'xpub…' },
  }),
};
