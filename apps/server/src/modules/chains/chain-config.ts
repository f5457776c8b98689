import { NETWORK_IDS, NETWORKS, type TNetworkId } from '@coinlane/core/currencies';

export const CHAIN_MODES = ['mainnet', 'testnet', 'regtest'] as const;
export type ChainMode = (typeof CHAIN_MODES)[number];

/** A UTXO network with a Bitcoin-Core-style node (CHAIN_<NETWORK>_RPC_URL, CHAIN_<NETWORK>_MODE). */
export type ChainConfig = { network: TNetworkId; rpcUrl: string; mode: ChainMode };

/** The UTXO networks a node can be configured for: bitcoin, litecoin, bitcoin-cash, dogecoin (currencies.ts). */
export const UTXO_NETWORK_IDS: readonly TNetworkId[] = NETWORK_IDS.filter(
  (id) => NETWORKS[id].family === 'utxo',
);

/** `bitcoin-cash` -> `CHAIN_BITCOIN_CASH_`. */
export const chainEnvPrefix = (network: string) =>
  `CHAIN_${network.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_`;

export class ChainConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

/**
 * Reads CHAIN_<NETWORK>_RPC_URL (http(s)://user:pass@host:port) and CHAIN_<NETWORK>_MODE (mainnet, testnet,
 * regtest; default mainnet) for every UTXO network. A network without a URL is not configured; a MODE without
 * a URL, a bad URL or a bad mode is an error naming the variable.
 */
export function chainsFromEnv(env: Readonly<Record<string, string | undefined>>): ChainConfig[] {
  const chains: ChainConfig[] = [];
  const errors: string[] = [];
  for (const network of UTXO_NETWORK_IDS) {
    const prefix = chainEnvPrefix(network);
    const url = env[`${prefix}RPC_URL`]?.trim();
    const mode = env[`${prefix}MODE`]?.trim().toLowerCase();
    if (!url) {
      if (mode) errors.push(`${prefix}MODE: is set but ${prefix}RPC_URL is not`);
      continue;
    }
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || !parsed.port) {
      errors.push(
        `${prefix}RPC_URL: must be an http:// URL with a port, such as http://user:pass@127.0.0.1:9332`,
      );
      continue;
    }
    if (mode !== undefined && !(CHAIN_MODES as readonly string[]).includes(mode)) {
      errors.push(`${prefix}MODE: must be one of ${CHAIN_MODES.join(', ')}`);
      continue;
    }
    chains.push({ network, rpcUrl: url, mode: (mode as ChainMode | undefined) ?? 'mainnet' });
  }
  if (errors.length) throw new ChainConfigError(errors);
  return chains;
}
