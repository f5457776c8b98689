import { z } from 'zod';
import type { TNetworkFamily, TNetworkId } from '../currencies.ts';
import { formatUnits } from '../money.ts';
import type { TKeyScriptType } from './utxo/utxo-keys.ts';
import type { TChainMode } from './wallet-input.ts';

/**
 * What every chain family supplies to the pure code shared by the server and the browser (issue 15): one object per
 * family in `families/<family>/<family>-family.ts` (with its key parsing, chain configuration and wallet form
 * beside it), listed once in `families/index.ts` (`CORE_FAMILIES`). `buildPaymentUri`,
 * `parseChainDetails` and the web's wallet form dispatch through that list; the server's family objects
 * (apps/server/src/families/) build on these. docs/architecture.md, "Chain families", has the recipe.
 */
export type CoreChainFamily<
  Id extends Exclude<TNetworkFamily, 'other'> = Exclude<TNetworkFamily, 'other'>,
  Details extends z.ZodType = z.ZodType,
  Parsed = unknown,
  Config extends TChainConfigBase<Id> = TChainConfigBase<Id>,
> = {
  id: Id;
  /** How a node of one of the family's networks is configured (CHAIN_<NETWORK>_* variables, the server's config). */
  chainConfig: TChainConfigReader<Config>;
  /** The schema of `payments.chain_details` for this family's payments (checked on write and on every read). */
  chainDetails: Details;
  /** The payment URI of a payment on one of this family's networks (the amount already checked non-negative). */
  paymentUri(input: TPaymentUriInput): string;
  /**
   * What a payment's replies show of its stored details: the chain id its wallet must be on (null where the
   * family has none) and, for a payment paid to a forwarder deposit address that is flushed to the merchant
   * (decision 010), its salt and factory.
   */
  presentDetails(
    details: z.infer<Details>,
    network: { chainId: number | null },
  ): { chainId: number | null; forwarder: { depositSalt: string; forwarderFactory: string | null } | null };
  /** Whether a merchant wallet can be added for this coin of one of the family's networks. */
  acceptsWalletCoin(coin: { network: TNetworkId; native: boolean }): boolean;
  /**
   * Parses what a merchant pasted as a wallet (address or extended public key) for a network and chain mode.
   * Throws WalletInputError (families/utxo/utxo-keys.ts) with its reason and a message for the merchant.
   */
  parseWalletInput(request: {
    network: TNetworkId;
    chainMode: TChainMode;
    text: string;
    scriptType?: TKeyScriptType | null;
  }): Parsed;
  /** What the wallet form offers for a network of the family (the server checks it all again). */
  describeWalletInput(network: TNetworkId): TWalletInputHints;
  /**
   * A family with token contracts: a contract address as the back-office enters it, in the family's form (EVM: 0x
   * and an EIP-55 checksum; Tron: base58check T…), and the message for one that is not. Absent: the family's networks
   * have no token contracts (UTXO).
   */
  tokenContract?: { canonical(text: string): string | null; invalid: string };
};

/**
 * What the web's wallet form needs of a family: its `acceptsWalletCoin` and `describeWalletInput`, kept in a file of
 * their own per family (`utxo-wallet-form.ts`, `evm-wallet-form.ts`) that imports no key parser.
 */
export type TWalletForm = Pick<CoreChainFamily, 'acceptsWalletCoin' | 'describeWalletInput'>;

export type TWalletInputHints = {
  /** Address types the merchant may choose for a key of no fixed type (xpub, tpub, Ltub); empty or one: no choice. */
  keyScriptTypes: readonly TKeyScriptType[];
  /** An address wallet chooses how it receives (EVM: forwarder deposit addresses or the address itself). */
  receiveModes: boolean;
  /** The network's name is shown beside its coins (the same token lives on several networks of the family). */
  showNetworkName: boolean;
  /** How the family's addresses and keys begin, for the address field's placeholder ("bc1q… or zpub…"). */
  placeholder: { address: string; key: string };
};

/** A family object with its literal types kept (CORE_FAMILIES derives the details' types from them). */
export const defineCoreFamily = <
  Id extends Exclude<TNetworkFamily, 'other'>,
  Details extends z.ZodType,
  Parsed,
  Config extends TChainConfigBase<Id>,
>(
  family: CoreChainFamily<Id, Details, Parsed, Config>,
): CoreChainFamily<Id, Details, Parsed, Config> => family;

/**
 * A node configured for a network of a family: CHAIN_<NETWORK>_RPC_URL and CHAIN_<NETWORK>_MODE (mainnet, testnet,
 * regtest; default mainnet), read for every network of every family by the server's lib/chain-config.ts. A family
 * adds its own fields (EVM: chain id, tokens, forwarder factory, gas key).
 */
export type TChainConfigBase<Id extends string = string> = {
  family: Id;
  network: TNetworkId;
  rpcUrl: string;
  mode: TChainMode;
};

/** How a family reads the configuration of one of its networks' nodes (pure: it is handed the variables). */
export type TChainConfigReader<Config> = {
  /** The family's variables beyond RPC_URL and MODE, such as 'CHAIN_ID' (set without an RPC URL: an error). */
  variables: readonly string[];
  /** Whether the RPC URL must name a port, and the example the error for a bad URL gives. */
  rpcUrl: { needsPort: boolean; example: string };
  /**
   * The chain from its base (URL and mode already checked) and its variables: `variable('CHAIN_ID')` is
   * CHAIN_<NETWORK>_CHAIN_ID, trimmed, or undefined. A bad variable pushes an error naming it (`prefix` +
   * name, never echoing a secret) to `errors` and the result is then null.
   */
  read(input: {
    base: Omit<TChainConfigBase, 'family'>;
    prefix: string;
    variable(name: string): string | undefined;
    errors: string[];
  }): Config | null;
  /**
   * A token's contract on a configured chain (families with token contracts): null when the chain has none for
   * that coin. Absent for a family without tokens.
   */
  tokenContract?(chain: Config, symbol: string, catalogueContract: string | null): string | null;
};

export type TPaymentUriInput = {
  /** Coin code, e.g. 'BTC', 'USDT'. */
  symbol: string;
  /** Network id (bitcoin, ethereum, polygon, ...). */
  network: string;
  /** Network family: the family's URI (BIP21, EIP-681), the coin code as scheme for networks of no family. */
  family: TNetworkFamily;
  /** EIP-155 chain id (EVM networks). */
  chainId?: number | null;
  /** The token contract, for a token; null or absent for the network's own coin. */
  contractAddress?: string | null;
  /** Where to pay. */
  address: string;
  /** Amount in base units. */
  amount: bigint;
  decimals: number;
  /** Shown by BIP21 wallets (e.g. the payment description). */
  message?: string | null;
};

/** Details of a family that records none (UTXO: the wallet and derivation index are shared columns). */
export const ZNoChainDetails = z.strictObject({});
export type TNoChainDetails = z.infer<typeof ZNoChainDetails>;

/** RFC 3986 percent-encoding for a query value (encodeURIComponent leaves !'()* alone). */
export const encodeQuery = (v: string) =>
  encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Networks of no family, and family networks without a scheme of their own: `<code>:<address>?amount=<coins>`. */
export function codeSchemeUri(input: TPaymentUriInput): string {
  const params = [`amount=${formatUnits(input.amount, input.decimals)}`];
  if (input.message) params.push(`message=${encodeQuery(input.message)}`);
  return `${input.symbol.toLowerCase()}:${input.address}?${params.join('&')}`;
}
