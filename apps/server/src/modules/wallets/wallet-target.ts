import { getCryptoCurrency, NETWORKS, normalizeNetworkId, type TNetworkId } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { type TChainMode, WalletInputError } from '@coinlane/core/families/wallet-input';
import { T } from '@coinlane/core/texts';
import type { Config } from '#app/config.ts';
import { chainConfigOf } from '#app/lib/is-live-network.ts';
import type { WalletFamily } from './wallet-family.ts';

export type WalletChain = {
  /** The family of the network (wallet-family.ts), which checks the wallet's input. */
  family: WalletFamily;
  network: TNetworkId;
  chainMode: TChainMode;
  symbol: string;
  native: boolean;
};

/**
 * The chain a wallet of (currency, network) is checked against: the configured node's mode
 * (CHAIN_<NETWORK>_MODE), or mainnet when the network has no node yet (wallets receive real funds), and the family
 * of the network, which says which of its coins take a wallet (UTXO: native coins only; EVM: the network's own
 * coin and its tokens, an EVM wallet being an address or account key valid on every EVM chain and mode).
 */
export function walletChainOf({
  config,
  families,
  currency,
  network,
}: {
  config: Pick<Config, 'configuredChains'>;
  families: readonly WalletFamily[];
  currency: string;
  network: string;
}): WalletChain {
  const id = normalizeNetworkId(network);
  const coin = id ? getCryptoCurrency(currency, id) : undefined;
  if (!id || !coin) {
    const message = T.walletNetworkUnsupported(`${currency.toUpperCase()} on ${network}`);
    throw new AppError('VALIDATION_ERROR', { message, details: { fields: { network: message } } });
  }
  const chainMode = chainConfigOf({ network: id, config })?.mode ?? 'mainnet';
  const family = families.find((f) => f.id === NETWORKS[id].family);
  if (!family?.acceptsCoin(coin)) {
    const message = T.walletNetworkUnsupported(NETWORKS[id].name);
    throw new AppError('VALIDATION_ERROR', { message, details: { fields: { network: message } } });
  }
  return { family, network: id, chainMode, symbol: coin.symbol, native: coin.native };
}

/** A WalletInputError as a 400 on the `address` field. */
export function walletInputProblem(err: unknown): never {
  if (err instanceof WalletInputError) {
    throw new AppError('VALIDATION_ERROR', {
      message: err.message,
      details: { fields: { address: err.message }, reason: err.reason },
    });
  }
  throw err;
}
