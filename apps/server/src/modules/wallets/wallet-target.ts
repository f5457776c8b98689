import { getCryptoCurrency, NETWORKS, normalizeNetworkId, type TNetworkId } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import {
  isUtxoNetwork,
  type TChainMode,
  WalletInputError,
  type WalletTarget,
} from '@coinlane/core/utxo-keys';
import type { Config } from '#app/config.ts';
import { chainConfigOf } from '#app/modules/chains/is-live-network.ts';

export type WalletChain =
  | { family: 'utxo'; target: WalletTarget; symbol: string }
  | { family: 'evm'; network: TNetworkId; chainMode: TChainMode; symbol: string; native: boolean };

/**
 * The chain a wallet of (currency, network) is checked against: the configured node's mode
 * (CHAIN_<NETWORK>_MODE), or mainnet when the network has no node yet (wallets receive real funds). UTXO coins
 * (native only) and every coin of an EVM network (the network's own coin and its tokens: an EVM wallet is an
 * address or account key, valid on every EVM chain and mode).
 */
export function walletChainOf({
  config,
  currency,
  network,
}: {
  config: Pick<Config, 'configuredChains'>;
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
  if (NETWORKS[id].family === 'evm') {
    return { family: 'evm', network: id, chainMode, symbol: coin.symbol, native: coin.native };
  }
  if (!isUtxoNetwork(id) || !coin.native) {
    const message = T.walletNetworkUnsupported(NETWORKS[id].name);
    throw new AppError('VALIDATION_ERROR', { message, details: { fields: { network: message } } });
  }
  return { family: 'utxo', target: { network: id, chainMode }, symbol: coin.symbol };
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
