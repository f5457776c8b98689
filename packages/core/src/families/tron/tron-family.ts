import { T } from '../../texts.ts';
import { defineCoreFamily, ZNoChainDetails } from '../family.ts';
import { tronChainConfig } from './tron-chain-config.ts';
import { isTronAddress, type ParsedTronWalletInput, parseTronWalletInput } from './tron-keys.ts';
import { tronWalletForm } from './tron-wallet-form.ts';

/**
 * The Tron family (TRX and TRC-20 tokens such as USDT; docs/decisions/025-tron.md): wallets of a T… address
 * (receiving with unique amounts) or an account xpub of m/44'/195'/0' (an address derived per payment), no chain
 * details beyond the shared columns (the wallet, the derivation index, the token contract).
 */
export const tronFamily = defineCoreFamily({
  id: 'tron',
  chainConfig: tronChainConfig,
  chainDetails: ZNoChainDetails,
  /**
   * Tron has no payment URI standard that its wallets share: TronLink, Trust Wallet, Ledger Live and the exchanges'
   * apps scan the plain base58 address and ask for the amount, which the page shows beside the QR code. So the QR
   * code holds the address alone (a `tron:` URI with an amount is refused or misread by most of them).
   */
  paymentUri: (input) => input.address,
  presentDetails: () => ({ chainId: null, forwarder: null }),
  acceptsWalletCoin: tronWalletForm.acceptsWalletCoin,
  parseWalletInput: ({ text }): ParsedTronWalletInput => parseTronWalletInput(text),
  describeWalletInput: tronWalletForm.describeWalletInput,
  tokenContract: {
    canonical: (text) => (isTronAddress(text) && !/\s/.test(text) ? text : null),
    invalid: T.cryptoTronContractInvalid,
  },
});
