import { formatUnits } from '../../money.ts';
import { T } from '../../texts.ts';
import { codeSchemeUri, defineCoreFamily, encodeQuery, ZNoChainDetails } from '../family.ts';
import { WalletInputError } from '../wallet-input.ts';
import { CASHADDR_PREFIXES } from './cashaddr.ts';
import { utxoChainConfig } from './utxo-chain-config.ts';
import { isUtxoNetwork, type ParsedWalletInput, parseWalletInput } from './utxo-keys.ts';
import { utxoWalletForm } from './utxo-wallet-form.ts';

/** BIP21 schemes of the UTXO networks. */
const BIP21_SCHEMES: Readonly<Record<string, string>> = {
  bitcoin: 'bitcoin',
  litecoin: 'litecoin',
  dogecoin: 'dogecoin',
  'bitcoin-cash': 'bitcoincash',
};

/**
 * The UTXO family (bitcoin, litecoin, dogecoin, bitcoin-cash): BIP21 payment URIs, no chain details (the wallet
 * and derivation index are shared columns), wallets of a single address or an extended public key
 * (utxo-keys.ts, decision 008).
 */
export const utxoFamily = defineCoreFamily({
  id: 'utxo',
  chainConfig: utxoChainConfig,
  chainDetails: ZNoChainDetails,
  /**
   * BIP21, `bitcoin:<address>?amount=<coins>&message=<text>` with the network's scheme; whole coins. Bitcoin Cash
   * wallets read a CashAddr with its prefix as the URI (`bitcoincash:qp...?amount=`, `bchtest:`, `bchreg:`): the
   * prefix is the scheme. A legacy address (a payment stored before CashAddr was Bitcoin Cash's form) goes after
   * `bitcoincash:`.
   */
  paymentUri(input) {
    const bip21 = BIP21_SCHEMES[input.network];
    if (!bip21) return codeSchemeUri(input);
    const params = [`amount=${formatUnits(input.amount, input.decimals)}`];
    if (input.message) params.push(`message=${encodeQuery(input.message)}`);
    const cashAddr =
      input.network === 'bitcoin-cash' &&
      Object.values(CASHADDR_PREFIXES).some((p) => input.address.toLowerCase().startsWith(`${p}:`));
    return `${cashAddr ? input.address : `${bip21}:${input.address}`}?${params.join('&')}`;
  },
  presentDetails: () => ({ chainId: null, forwarder: null }),
  acceptsWalletCoin: utxoWalletForm.acceptsWalletCoin,
  parseWalletInput({ network, chainMode, text, scriptType }): ParsedWalletInput {
    if (!isUtxoNetwork(network))
      throw new WalletInputError('unsupported', T.walletNetworkUnsupported(network));
    return parseWalletInput(text, { network, chainMode }, scriptType ?? null);
  },
  describeWalletInput: utxoWalletForm.describeWalletInput,
});
