import { getCryptoCurrency, NETWORKS, normalizeNetworkId } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import { isUtxoNetwork, WalletInputError, type WalletTarget } from '@coinlane/core/utxo-keys';
import type { Config } from '#app/config.ts';
import { chainConfigOf } from '#app/modules/chains/is-live-network.ts';

/**
 * The chain a wallet of (currency, network) is checked against: the configured node's mode
 * (CHAIN_<NETWORK>_MODE), or mainnet when the network has no node yet (wallets receive real funds).
 */
export function walletTargetOf({
  config,
  currency,
  network,
}: {
  config: Pick<Config, 'configuredChains'>;
  currency: string;
  network: string;
}): { target: WalletTarget; symbol: string } {
  const id = normalizeNetworkId(network);
  const coin = id ? getCryptoCurrency(currency, id) : undefined;
  if (!id || !coin) {
    const message = T.walletNetworkUnsupported(`${currency.toUpperCase()} on ${network}`);
    throw new AppError('VALIDATION_ERROR', { message, details: { fields: { network: message } } });
  }
  if (!isUtxoNetwork(id) || !coin.native) {
    const message = T.walletNetworkUnsupported(NETWORKS[id].name);
    throw new AppError('VALIDATION_ERROR', { message, details: { fields: { network: message } } });
  }
  const chainMode = chainConfigOf({ network: id, config })?.mode ?? 'mainnet';
  return { target: { network: id, chainMode }, symbol: coin.symbol };
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
