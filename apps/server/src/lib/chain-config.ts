import { CRYPTO_CURRENCIES, NETWORK_IDS, NETWORKS, type TNetworkId } from '@coinlane/core/currencies';
import { checksumEvmAddress, type TEvmAddress } from '@coinlane/core/evm-keys';
import { CHAIN_MODES, type TChainMode } from '@coinlane/core/utxo-keys';
import { parseUnits } from 'viem';

/** The chain a node runs (CHAIN_<NETWORK>_MODE): the list is the core's, which wallets are checked against. */
export type ChainMode = TChainMode;

/** A UTXO network with a Bitcoin-Core-style node (CHAIN_<NETWORK>_RPC_URL, CHAIN_<NETWORK>_MODE). */
export type UtxoChainConfig = { family?: 'utxo'; network: TNetworkId; rpcUrl: string; mode: ChainMode };

/**
 * An EVM network with an Ethereum JSON-RPC node (docs/decisions/011-evm-watcher.md):
 * - chainId: the EIP-155 id the node must report: the network's mainnet id, a known testnet id (the first one
 *   unless CHAIN_<NETWORK>_CHAIN_ID picks another), or on regtest CHAIN_<NETWORK>_CHAIN_ID when set, else null
 *   (any id the dev node reports; the watcher stores what it found in chain_cursors.chain_id);
 * - tokens: symbol -> token contract (CHAIN_<NETWORK>_TOKENS=USDT:0x...,USDC:0x...; on mainnet a listed token
 *   overrides supported_cryptocurrencies.contract_address, on testnet and regtest only listed tokens exist);
 * - factory: the forwarder factory (CHAIN_<NETWORK>_FACTORY), null when not deployed: no forwarder addresses;
 * - gasKey: the operator's gas wallet private key (CHAIN_<NETWORK>_GAS_KEY) for flushing forwarders; a secret,
 *   redacted in logs (http/log.ts) and never echoed in configuration errors;
 * - maxGasPrice: the highest gas price (wei) the flush job pays (CHAIN_<NETWORK>_MAX_GAS_GWEI); above it, flushes
 *   wait. Unset (undefined or null): no limit.
 */
export type EvmChainConfig = {
  family: 'evm';
  network: TNetworkId;
  rpcUrl: string;
  mode: ChainMode;
  chainId: number | null;
  tokens: Readonly<Record<string, TEvmAddress>>;
  factory: TEvmAddress | null;
  gasKey: `0x${string}` | null;
  maxGasPrice?: bigint | null;
};

export type ChainConfig = UtxoChainConfig | EvmChainConfig;

export const isEvmChain = (c: ChainConfig): c is EvmChainConfig => c.family === 'evm';

/** The chain families with a configuration: the ids of the server's families (families/registry.ts). */
export type ChainFamilyId = NonNullable<ChainConfig['family']>;

/** The family of a configured chain (a UTXO chain's `family` may be left out). */
export const familyOf = (c: ChainConfig): ChainFamilyId => c.family ?? 'utxo';

/** The UTXO networks a node can be configured for: bitcoin, litecoin, bitcoin-cash, dogecoin (currencies.ts). */
export const UTXO_NETWORK_IDS: readonly TNetworkId[] = NETWORK_IDS.filter(
  (id) => NETWORKS[id].family === 'utxo',
);

/** The EVM networks: ethereum, binance-smart-chain, polygon, avalanche, arbitrum, optimism (currencies.ts). */
export const EVM_NETWORK_IDS: readonly TNetworkId[] = NETWORK_IDS.filter(
  (id) => NETWORKS[id].family === 'evm',
);

/**
 * Public testnets per EVM network, first one the default (CHAIN_<NETWORK>_CHAIN_ID picks another):
 * Sepolia, Holesky and Hoodi; Polygon Amoy; BSC testnet (Chapel); Avalanche Fuji; Arbitrum Sepolia; OP Sepolia.
 */
export const EVM_TESTNET_CHAIN_IDS: Readonly<Partial<Record<TNetworkId, readonly number[]>>> = {
  ethereum: [11155111, 17000, 560048],
  polygon: [80002],
  'binance-smart-chain': [97],
  avalanche: [43113],
  arbitrum: [421614],
  optimism: [11155420],
};

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
 * regtest; default mainnet) for every UTXO network, and for every EVM network also CHAIN_<NETWORK>_CHAIN_ID,
 * _TOKENS, _FACTORY and _GAS_KEY. A network without a URL is not configured; a variable without a URL, a bad
 * URL, mode, id, token list, address or key is an error naming the variable (never echoing a key).
 */
export function chainsFromEnv(env: Readonly<Record<string, string | undefined>>): ChainConfig[] {
  const chains: ChainConfig[] = [];
  const errors: string[] = [];
  for (const network of NETWORK_IDS) {
    const family = NETWORKS[network].family;
    if (family === 'other') continue;
    const prefix = chainEnvPrefix(network);
    const url = env[`${prefix}RPC_URL`]?.trim();
    const mode = env[`${prefix}MODE`]?.trim().toLowerCase();
    const extra = family === 'evm' ? ['CHAIN_ID', 'TOKENS', 'FACTORY', 'GAS_KEY', 'MAX_GAS_GWEI'] : [];
    if (!url) {
      for (const name of ['MODE', ...extra]) {
        if (env[`${prefix}${name}`]?.trim())
          errors.push(`${prefix}${name}: is set but ${prefix}RPC_URL is not`);
      }
      continue;
    }
    if (!httpUrl(url, family === 'utxo')) {
      errors.push(
        family === 'utxo'
          ? `${prefix}RPC_URL: must be an http:// URL with a port, such as http://user:pass@127.0.0.1:9332`
          : `${prefix}RPC_URL: must be an http:// or https:// URL, such as http://127.0.0.1:8545`,
      );
      continue;
    }
    if (mode !== undefined && !(CHAIN_MODES as readonly string[]).includes(mode)) {
      errors.push(`${prefix}MODE: must be one of ${CHAIN_MODES.join(', ')}`);
      continue;
    }
    const chainMode = (mode as ChainMode | undefined) ?? 'mainnet';
    if (family === 'utxo') {
      chains.push({ family: 'utxo', network, rpcUrl: url, mode: chainMode });
      continue;
    }
    const evm = evmChainFromEnv(env, network, prefix, url, chainMode, errors);
    if (evm) chains.push(evm);
  }
  if (errors.length) throw new ChainConfigError(errors);
  return chains;
}

function evmChainFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  network: TNetworkId,
  prefix: string,
  rpcUrl: string,
  mode: ChainMode,
  errors: string[],
): EvmChainConfig | null {
  const before = errors.length;
  const mainnetId = NETWORKS[network].chainId!;
  const testnets = EVM_TESTNET_CHAIN_IDS[network] ?? [];
  const idText = env[`${prefix}CHAIN_ID`]?.trim();
  let chainId: number | null =
    mode === 'mainnet' ? mainnetId : mode === 'testnet' ? (testnets[0] ?? null) : null;
  if (idText) {
    const id = /^\d{1,12}$/.test(idText) ? Number(idText) : Number.NaN;
    if (!Number.isSafeInteger(id) || id <= 0) {
      errors.push(`${prefix}CHAIN_ID: must be a positive integer (the EIP-155 chain id)`);
    } else if (mode === 'mainnet' && id !== mainnetId) {
      errors.push(`${prefix}CHAIN_ID: ${network} mainnet is chain id ${mainnetId}`);
    } else if (mode === 'testnet' && !testnets.includes(id)) {
      errors.push(`${prefix}CHAIN_ID: the ${network} testnets are chain ids ${testnets.join(', ')}`);
    } else {
      chainId = id;
    }
  }

  const tokens: Record<string, TEvmAddress> = {};
  const tokenText = env[`${prefix}TOKENS`]?.trim();
  if (tokenText) {
    const known = CRYPTO_CURRENCIES.filter((c) => c.network === network && !c.native).map((c) => c.symbol);
    for (const part of tokenText
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const m = /^([A-Za-z0-9]{1,20}):(.+)$/.exec(part);
      const symbol = m?.[1]?.toUpperCase();
      if (!m || !symbol) {
        errors.push(
          `${prefix}TOKENS: each entry is SYMBOL:0xCONTRACT, such as USDT:0xdAC17F958D2ee523a2206206994597C13D831ec7`,
        );
        continue;
      }
      if (!known.includes(symbol)) {
        errors.push(
          `${prefix}TOKENS: ${symbol} is not a token of ${network} (known: ${known.join(', ') || 'none'})`,
        );
        continue;
      }
      try {
        tokens[symbol] = checksumEvmAddress(m[2]!);
      } catch (err) {
        errors.push(`${prefix}TOKENS: ${symbol}: ${(err as Error).message}`);
      }
    }
  }

  let factory: TEvmAddress | null = null;
  const factoryText = env[`${prefix}FACTORY`]?.trim();
  if (factoryText) {
    try {
      factory = checksumEvmAddress(factoryText);
    } catch (err) {
      errors.push(`${prefix}FACTORY: ${(err as Error).message}`);
    }
  }

  let gasKey: `0x${string}` | null = null;
  const keyText = env[`${prefix}GAS_KEY`]?.trim();
  if (keyText) {
    const key = keyText.startsWith('0x') ? keyText : `0x${keyText}`;
    if (!/^0x[0-9a-fA-F]{64}$/.test(key) || /^0x0{64}$/.test(key)) {
      errors.push(`${prefix}GAS_KEY: must be a private key of 64 hexadecimal characters (0x optional)`);
    } else {
      gasKey = key.toLowerCase() as `0x${string}`;
    }
  }
  let maxGasPrice: bigint | null = null;
  const maxGasText = env[`${prefix}MAX_GAS_GWEI`]?.trim();
  if (maxGasText) {
    if (!/^\d{1,9}(\.\d{1,9})?$/.test(maxGasText) || /^0+(\.0+)?$/.test(maxGasText)) {
      errors.push(`${prefix}MAX_GAS_GWEI: must be a positive number of gwei, such as 50 or 0.05`);
    } else {
      maxGasPrice = parseUnits(maxGasText, 9);
    }
  }
  if (errors.length > before) return null;
  return { family: 'evm', network, rpcUrl, mode, chainId, tokens, factory, gasKey, maxGasPrice };
}

/**
 * A token's contract on a configured EVM chain: CHAIN_<NETWORK>_TOKENS, else on mainnet the catalogue's contract
 * (`supported_cryptocurrencies.contract_address`, the mainnet deployment); null when the chain has none.
 */
export function evmTokenContract(
  chain: EvmChainConfig,
  symbol: string,
  catalogueContract: string | null,
): TEvmAddress | null {
  return (
    chain.tokens[symbol] ?? (chain.mode === 'mainnet' ? (catalogueContract as TEvmAddress | null) : null)
  );
}

/**
 * A token's contract on a configured chain, for a family with token contracts (EVM: evmTokenContract, null when the
 * chain has none); undefined for a family without them (UTXO).
 */
export function chainTokenContract(
  chain: ChainConfig,
  symbol: string,
  catalogueContract: string | null,
): string | null | undefined {
  return isEvmChain(chain) ? evmTokenContract(chain, symbol, catalogueContract) : undefined;
}
