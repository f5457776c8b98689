import { NETWORK_IDS, NETWORKS, type TNetworkId } from '@coinlane/core/currencies';
import { coreFamilyOf, type TChainConfig, type TChainFamilyId } from '@coinlane/core/families/index';
import { CHAIN_MODES, type TChainMode } from '@coinlane/core/families/wallet-input';

/**
 * The nodes Coinlane watches, read from the environment for every network of every chain family (issue 15): the
 * variables common to all (CHAIN_<NETWORK>_RPC_URL, CHAIN_<NETWORK>_MODE) are read here, each family reads its own
 * with the reader of its core object (packages/core families/<family>/<family>-chain-config.ts). Pure, and imports
 * no module: config.ts uses it.
 */

/** The chain a node runs (CHAIN_<NETWORK>_MODE): the list is the core's, which wallets are checked against. */
export type ChainMode = TChainMode;

/** A configured node: its family's configuration (UTXO: URL and mode; EVM: also chain id, tokens, factory, ...). */
export type ChainConfig = TChainConfig;

/** The chain families with code, and so with a configuration: the ids of the server's families (families/registry.ts). */
export type ChainFamilyId = TChainFamilyId;

/** The family of a configured chain. */
export const familyOf = (c: ChainConfig): ChainFamilyId => c.family;

/** The networks of the catalogue (currencies.ts) that belong to `family`. */
export const networksOfFamily = (family: ChainFamilyId): readonly TNetworkId[] =>
  NETWORK_IDS.filter((id) => NETWORKS[id].family === family);

/** `bitcoin-cash` -> `CHAIN_BITCOIN_CASH_`. */
export const chainEnvPrefix = (network: string) =>
  `CHAIN_${network.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_`;

export class ChainConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

/** The URL, or null when it is not an http(s) URL (with a port when `needPort`). */
function httpUrl(url: string, needPort: boolean): URL | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(parsed.protocol) || (needPort && !parsed.port)) return null;
  return parsed;
}

/**
 * Reads CHAIN_<NETWORK>_RPC_URL (http(s)://user:pass@host:port) and CHAIN_<NETWORK>_MODE (mainnet, testnet,
 * regtest; default mainnet) for every network of a family with code, and the family's own variables (EVM:
 * CHAIN_ID, TOKENS, FACTORY, GAS_KEY, MAX_GAS_GWEI). A network without a URL is not configured; a variable without
 * a URL, a bad URL, mode or family variable is an error naming the variable (never echoing a key).
 */
export function chainsFromEnv(env: Readonly<Record<string, string | undefined>>): ChainConfig[] {
  const chains: ChainConfig[] = [];
  const errors: string[] = [];
  for (const network of NETWORK_IDS) {
    const family = coreFamilyOf(NETWORKS[network].family);
    if (!family) continue;
    const reader = family.chainConfig;
    const prefix = chainEnvPrefix(network);
    const variable = (name: string) => env[`${prefix}${name}`]?.trim() || undefined;
    const url = variable('RPC_URL');
    const mode = variable('MODE')?.toLowerCase();
    if (!url) {
      for (const name of ['MODE', ...reader.variables]) {
        if (variable(name)) errors.push(`${prefix}${name}: is set but ${prefix}RPC_URL is not`);
      }
      continue;
    }
    if (!httpUrl(url, reader.rpcUrl.needsPort)) {
      errors.push(
        `${prefix}RPC_URL: must be ${reader.rpcUrl.needsPort ? 'an http:// URL with a port' : 'an http:// or https:// URL'}, such as ${reader.rpcUrl.example}`,
      );
      continue;
    }
    if (mode !== undefined && !(CHAIN_MODES as readonly string[]).includes(mode)) {
      errors.push(`${prefix}MODE: must be one of ${CHAIN_MODES.join(', ')}`);
      continue;
    }
    const base = { network, rpcUrl: url, mode: (mode as ChainMode | undefined) ?? 'mainnet' };
    const chain = reader.read({ base, prefix, variable, errors });
    if (chain) chains.push(chain as ChainConfig);
  }
  if (errors.length) throw new ChainConfigError(errors);
  return chains;
}

/**
 * A token's contract on a configured chain, for a family with token contracts (EVM: CHAIN_<NETWORK>_TOKENS, else
 * on mainnet the catalogue's; null when the chain has none); undefined for a family without them (UTXO).
 */
export function chainTokenContract(
  chain: ChainConfig,
  symbol: string,
  catalogueContract: string | null,
): string | null | undefined {
  const reader = coreFamilyOf(chain.family)?.chainConfig as
    | { tokenContract?(c: ChainConfig, s: string, cc: string | null): string | null }
    | undefined;
  return reader?.tokenContract ? reader.tokenContract(chain, symbol, catalogueContract) : undefined;
}
