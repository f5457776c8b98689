import type { TCreateWalletRequest } from '@coinlane/core/api/wallets';
import type { TCryptoCurrency, TNetworkId } from '@coinlane/core/currencies';
import type { TChainMode } from '@coinlane/core/families/wallet-input';
import type { ChainConfig, ChainFamilyId } from '#app/lib/chain-config.ts';
import type { AddressSource } from '#app/modules/payments/address-sources.ts';

/** A wallet to add, as createWallet hands it to the family of its network. */
export type WalletInputRequest = {
  network: TNetworkId;
  /** The chain mode the wallet is checked against (the configured node's, else mainnet). */
  chainMode: TChainMode;
  /** The coin, as the catalogue writes it. */
  symbol: string;
  input: Pick<TCreateWalletRequest, 'address' | 'scriptType' | 'receiveMode'>;
};

/** What a family made of a wallet's input: what the wallets row stores, and the preview of a key. */
export type CheckedWalletInput = {
  kind: 'address' | 'xpub';
  /** The address in canonical form, or the key as entered: sealed at rest. */
  canonical: string;
  /** The address type (UTXO), or the family's one type ('evm'). */
  scriptType: string;
  /** How payments are received (EVM: forwarder, single, xpub); null where the family has no choice. */
  receiveMode: 'forwarder' | 'single' | 'xpub' | null;
  /** A key's first receiving addresses, for the merchant to compare with the wallet app; [] for an address. */
  preview: string[];
  /** The duplicate check's hash (a key by what it derives), and the hash rows added before that were given. */
  addressHash: string;
  legacyHash: string;
};

/**
 * A chain family as the wallets module knows it (docs/architecture.md, "Chain families"): which coins take a
 * wallet, how a wallet's input is checked, and the live address source of a configured chain. The families are the
 * server's registry (apps/server/src/families/registry.ts), given by the composition root: to createWallet through
 * `app.walletFamilies`, to walletAddressSources by server-payments.ts. (Method syntax: a family of one kind of
 * configuration is listed with the others; it is only given chains of its own id.)
 */
export type WalletFamily<C extends ChainConfig = ChainConfig> = {
  readonly id: ChainFamilyId;
  /** Whether a wallet can be added for this coin of one of the family's networks. */
  acceptsCoin(coin: TCryptoCurrency): boolean;
  /** Checks and parses a wallet's input; throws AppError (400 on the field) with a message for the merchant. */
  checkWalletInput(request: WalletInputRequest): CheckedWalletInput;
  /** The merchants' wallets as the live address source of a configured chain of the family; null for none. */
  addressSource(options: { chain: C; secretKey: Buffer }): AddressSource | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The chain families as the wallets module knows them (wallet-family.ts), given by the composition root. */
    walletFamilies: readonly WalletFamily[];
  }
}
