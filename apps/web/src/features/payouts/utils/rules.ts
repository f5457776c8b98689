import type { TPayoutRule } from '@coinlane/core/api/payouts';
import type { TWallet } from '@coinlane/core/api/wallets';
import { NETWORKS, networksOf, normalizeNetworkId, type TNetworkId } from '@coinlane/core/currencies';
import { PAYOUT_RULE_CURRENCIES } from '@coinlane/core/options';

/**
 * The rule form's choices (decision 024, "Rules and the switch"), as the server checks them: a From currency is
 * offered when Coinlane can receive and convert it, on the networks of a family a converter serves (UTXO or EVM;
 * not Tron, received but converted by neither, nor Solana, Cardano, or a stablecoin of no network Coinlane knows);
 * an EVM From network converts by a swap on that chain, a Bitcoin-family coin through an exchange.
 */
const WATCHED_FAMILIES = new Set(['utxo', 'evm']);

/** The networks a rule's payments in `currency` can arrive on, in catalogue order. */
export const receivableNetworks = (currency: string): TNetworkId[] =>
  networksOf(currency).filter((n) => WATCHED_FAMILIES.has(NETWORKS[n].family));

/** The 21 rule currencies, split into those Coinlane receives and the others (offered, but not selectable). */
export const FROM_CURRENCIES = {
  receivable: PAYOUT_RULE_CURRENCIES.filter((c) => receivableNetworks(c).length > 0),
  notReceived: PAYOUT_RULE_CURRENCIES.filter((c) => receivableNetworks(c).length === 0),
};

export const isSwapNetwork = (network: string) => {
  const id = normalizeNetworkId(network);
  return id !== null && NETWORKS[id].family === 'evm';
};

export const networkName = (network: string) => {
  const id = normalizeNetworkId(network);
  return id ? NETWORKS[id].name : network;
};

/**
 * The wallets a rule converting to `toCurrency` may pay: whitelisted, of that currency, a single address (a
 * conversion pays one fixed address); for a swap, on the From network itself.
 */
export function ruleWalletChoices(
  wallets: readonly TWallet[],
  toCurrency: string,
  fromNetwork: string,
): TWallet[] {
  return wallets.filter(
    (w) =>
      w.verified &&
      w.currency === toCurrency &&
      w.kind === 'address' &&
      (!isSwapNetwork(fromNetwork) || w.network === fromNetwork),
  );
}

/** "BTC (Bitcoin)", "USDT (Polygon)": a rule's From side. */
export const fromLabel = (r: Pick<TPayoutRule, 'fromCurrency' | 'fromNetwork'>) =>
  `${r.fromCurrency} (${networkName(r.fromNetwork)})`;
