import { CRYPTO_CURRENCIES, NETWORK_IDS, NETWORKS, type TNetworkId } from '@coinlane/core/currencies';

/** UTXO networks whose coins have segwit addresses (the merchant may choose the address type of an xpub). */
const SEGWIT_NETWORKS: readonly TNetworkId[] = ['bitcoin', 'litecoin'];

export type TWalletCoin = {
  /** The picker's value: the coin code on its first network, code@network on the others. */
  id: string;
  currency: string;
  network: TNetworkId;
  segwit: boolean;
  evm: boolean;
  /** The network's name, shown beside EVM coins (the same token lives on several chains). */
  networkName: string | null;
};

/**
 * Coins a wallet can be added for: every coin of the catalogue on a UTXO or EVM network (the families Coinlane
 * watches), UTXO coins first, then each EVM network's coins, native coin first (the server checks the chain
 * mode and whether a node is configured). EVM coins take an address (forwarder or single receive mode) or an
 * account xpub.
 */
export const WALLET_COINS: readonly TWalletCoin[] = (() => {
  const family = (n: TNetworkId) => NETWORKS[n].family;
  const rank = (c: (typeof CRYPTO_CURRENCIES)[number]) =>
    (family(c.network) === 'utxo' ? 0 : 1000) + NETWORK_IDS.indexOf(c.network) * 10 + (c.native ? 0 : 1);
  const coins = CRYPTO_CURRENCIES.filter((c) => family(c.network) !== 'other')
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map(({ c }) => c);
  const seen = new Set<string>();
  return coins.map((c) => {
    const id = seen.has(c.symbol) ? `${c.symbol}@${c.network}` : c.symbol;
    seen.add(c.symbol);
    const evm = family(c.network) === 'evm';
    return {
      id,
      currency: c.symbol,
      network: c.network,
      segwit: SEGWIT_NETWORKS.includes(c.network),
      evm,
      networkName: evm ? NETWORKS[c.network].name : null,
    };
  });
})();

/** Private keys and recovery phrases are caught in the form, before they leave the browser. */
export { secretKind } from '@coinlane/core/wallet-secrets';

/** A key whose address type the merchant chooses (xpub, tpub, Ltub); ypub/zpub/... fix their own. */
export const isChoosableKey = (input: string) =>
  /^(xpub|tpub|Ltub)[1-9A-HJ-NP-Za-km-z]{100,}$/.test(input.trim());

/** First 8 and last 6 characters (merchant spec: Instant Payouts addresses). */
export const shortAddress = (address: string) =>
  address.length <= 17 ? address : `${address.slice(0, 8)}…${address.slice(-6)}`;

/** An extended public key (any version): on EVM networks it receives on derived addresses, no receive mode. */
export const isExtendedKey = (input: string) => /^[a-zA-Z]{4}[1-9A-HJ-NP-Za-km-z]{100,}$/.test(input.trim());
