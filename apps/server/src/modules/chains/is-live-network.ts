import type { Config } from '#app/config.ts';
import { type ChainConfig, chainsFromEnv } from './chain-config.ts';

let fromEnv: ChainConfig[] | null = null;

/**
 * True when `network` has a configured node (CHAIN_<NETWORK>_RPC_URL): live links and payments may use it.
 * Pass the app's config when at hand (tests override it); without one, the process environment is read once.
 */
export function isLiveNetwork({
  network,
  config,
}: {
  network: string;
  config?: Pick<Config, 'configuredChains'>;
}): boolean {
  if (!config && !fromEnv) fromEnv = chainsFromEnv(process.env);
  const chains = config?.configuredChains ?? fromEnv ?? [];
  return chains.some((c) => c.network === network);
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
