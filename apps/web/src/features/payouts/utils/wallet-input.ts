import { CRYPTO_CURRENCIES, NETWORK_IDS, NETWORKS, type TNetworkId } from '@coinlane/core/currencies';
import { CORE_FAMILIES, type TChainFamilyId, type TCoreFamily } from '@coinlane/core/families/index';

export type TWalletCoin = {
  /** The picker's value: the coin code on its first network, code@network on the others. */
  id: string;
  currency: string;
  network: TNetworkId;
  family: TChainFamilyId;
  /** The merchant chooses the address type of an xpub/tpub/Ltub key (UTXO coins with segwit). */
  segwit: boolean;
  /** An address wallet chooses how it receives (EVM: forwarder or single). */
  receiveModes: boolean;
  /** The network's name, shown beside coins of a family whose tokens live on several chains (EVM). */
  networkName: string | null;
};

/** The address field's placeholder (locales.ts key) per chain family: a new family adds its line. */
export const ADDRESS_PLACEHOLDER = {
  utxo: 'form.addressPlaceholder',
  evm: 'form.addressPlaceholderEvm',
} as const satisfies Record<TChainFamilyId, string>;

/**
 * Coins a wallet can be added for: every coin of the catalogue on a network of a chain family (CORE_FAMILIES of
 * @coinlane/core, the families Coinlane watches), by family in the list's order (UTXO coins first, then each EVM
 * network's coins), native coin first; each with what its family's form offers (describeWalletInput). The server
 * checks the chain mode and whether a node is configured. EVM coins take an address (forwarder or single receive
 * mode) or an account xpub.
 */
export const WALLET_COINS: readonly TWalletCoin[] = (() => {
  const families: readonly TCoreFamily[] = CORE_FAMILIES;
  const familyOf = (n: TNetworkId) => families.find((f) => f.id === NETWORKS[n].family);
  const rank = (c: (typeof CRYPTO_CURRENCIES)[number]) =>
    families.indexOf(familyOf(c.network)!) * 1000 + NETWORK_IDS.indexOf(c.network) * 10 + (c.native ? 0 : 1);
  const coins = CRYPTO_CURRENCIES.filter((c) => familyOf(c.network))
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map(({ c }) => c);
  const seen = new Set<string>();
  return coins.map((c) => {
    const id = seen.has(c.symbol) ? `${c.symbol}@${c.network}` : c.symbol;
    seen.add(c.symbol);
    const family = familyOf(c.network)!;
    const hints = family.describeWalletInput(c.network);
    return {
      id,
      currency: c.symbol,
      network: c.network,
      family: family.id,
      segwit: hints.keyScriptTypes.length > 1,
      receiveModes: hints.receiveModes,
      networkName: hints.showNetworkName ? NETWORKS[c.network].name : null,
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
