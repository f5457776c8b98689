import type { Config } from '#app/config.ts';
import { type ChainConfig, chainTokenContract } from './chain-config.ts';

/**
 * True when `network` has a configured node (CHAIN_<NETWORK>_RPC_URL): live links and payments may use it.
 * (A helper of the configuration, in lib/ so that every module may ask it without importing the chains module.)
 */
export function isLiveNetwork({
  network,
  config,
}: {
  network: string;
  config: Pick<Config, 'configuredChains'>;
}): boolean {
  return config.configuredChains.some((c) => c.network === network);
}

/** The configured node of `network`, or undefined. */
export function chainConfigOf({
  network,
  config,
}: {
  network: string;
  config: Pick<Config, 'configuredChains'>;
}): ChainConfig | undefined {
  return config.configuredChains.find((c) => c.network === network);
}

/**
 * True when live payments in `symbol` on `network` can be created: the network has a node, and a token has a
 * contract there (CHAIN_<NETWORK>_TOKENS, or on mainnet the catalogue's `contractAddress`). What GET /currencies
 * offers in live mode; creating such a payment still needs the merchant's wallet.
 */
export function isLiveCurrency({
  symbol,
  network,
  native,
  contractAddress,
  config,
}: {
  symbol: string;
  network: string;
  native: boolean;
  contractAddress: string | null;
  config: Pick<Config, 'configuredChains'>;
}): boolean {
  const chain = chainConfigOf({ network, config });
  if (!chain) return false;
  // a token needs its contract on the chain, in a family that has token contracts (EVM)
  if (native) return true;
  return chainTokenContract(chain, symbol, contractAddress) !== null;
}
