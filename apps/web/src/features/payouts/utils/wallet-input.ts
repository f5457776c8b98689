import { CRYPTO_CURRENCIES, NETWORK_IDS, NETWORKS, type TNetworkId } from '@coinlane/core/currencies';
import { evmWalletForm } from '@coinlane/core/families/evm/evm-wallet-form';
import type { TWalletForm } from '@coinlane/core/families/family';
import type { TChainFamilyId } from '@coinlane/core/families/index';
import { tronWalletForm } from '@coinlane/core/families/tron/tron-wallet-form';
import { utxoWalletForm } from '@coinlane/core/families/utxo/utxo-wallet-form';

/**
 * Each chain family's wallet form (@coinlane/core families/<family>/<family>-wallet-form.ts: which coins take a
 * wallet, what the form offers; light, so that no key parser is bundled), in the picker's order. A new family adds
 * its line (the compiler asks for it).
 */
const FAMILY_FORMS = {
  utxo: utxoWalletForm,
  evm: evmWalletForm,
  tron: tronWalletForm,
} as const satisfies Record<TChainFamilyId, TWalletForm>;

type TFamilyForm = TWalletForm;

export type TWalletCoin = {
  /** The picker's value: the coin code on its first network, code@network on the others. */
  id: string;
  currency: string;
  network: TNetworkId;
  /** How its family's addresses and keys begin: the address field's placeholder ('form.addressPlaceholder'). */
  placeholder: { address: string; key: string };
  /** The merchant chooses the address type of an xpub/tpub/Ltub key (UTXO coins with segwit). */
  segwit: boolean;
  /** An address wallet chooses how it receives (EVM: forwarder or single). */
  receiveModes: boolean;
  /** The network's name, shown beside coins of a family whose tokens live on several chains (EVM). */
  networkName: string | null;
};

const familyForm = (n: TNetworkId): TFamilyForm | undefined => {
  const family = NETWORKS[n].family;
  return Object.hasOwn(FAMILY_FORMS, family) ? FAMILY_FORMS[family as TChainFamilyId] : undefined;
};

/**
 * Coins a wallet can be added for: every coin of the catalogue on a network of a chain family (the families
 * Coinlane watches) that its family takes (acceptsWalletCoin), by family in FAMILY_FORMS' order (UTXO coins first,
 * then each EVM network's coins), native coin first; each with what its family's form offers (describeWalletInput).
 * The server checks the chain mode and whether a node is configured. EVM coins take an address (forwarder or single
 * receive mode) or an account xpub.
 */
export const WALLET_COINS: readonly TWalletCoin[] = (() => {
  const order: readonly string[] = Object.keys(FAMILY_FORMS);
  const rank = (c: (typeof CRYPTO_CURRENCIES)[number]) =>
    order.indexOf(NETWORKS[c.network].family) * 1000 +
    NETWORK_IDS.indexOf(c.network) * 10 +
    (c.native ? 0 : 1);
  const coins = CRYPTO_CURRENCIES.filter((c) => familyForm(c.network)?.acceptsWalletCoin(c))
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map(({ c }) => c);
  const seen = new Set<string>();
  return coins.map((c) => {
    const id = seen.has(c.symbol) ? `${c.symbol}@${c.network}` : c.symbol;
    seen.add(c.symbol);
    const family = familyForm(c.network)!;
    const hints = family.describeWalletInput(c.network);
    return {
      id,
      currency: c.symbol,
      network: c.network,
      placeholder: hints.placeholder,
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
