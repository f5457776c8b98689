import { CRYPTO_CURRENCIES, NETWORKS } from '../../currencies.ts';
import { parseUnits } from '../../money.ts';
import type { TChainConfigBase, TChainConfigReader } from '../family.ts';
import { checksumEvmAddress, type TEvmAddress } from './evm-keys.ts';

/**
 * An EVM network with an Ethereum JSON-RPC node (docs/decisions/011-evm-watcher.md):
 * - chainId: the EIP-155 id the node must report: the network's mainnet id, a known testnet id (the first one
 *   unless CHAIN_<NETWORK>_CHAIN_ID picks another), or on regtest CHAIN_<NETWORK>_CHAIN_ID when set, else null
 *   (any id the dev node reports; the watcher stores what it found in chain_cursors.chain_id);
 * - tokens: symbol -> token contract (CHAIN_<NETWORK>_TOKENS=USDT:0x...,USDC:0x...; on mainnet a listed token
 *   overrides supported_cryptocurrencies.contract_address, on testnet and regtest only listed tokens exist);
 * - factory: the forwarder factory (CHAIN_<NETWORK>_FACTORY), null when not deployed: no forwarder addresses;
 * - gasKey: the operator's gas wallet private key (CHAIN_<NETWORK>_GAS_KEY) for flushing forwarders; a secret,
 *   redacted in logs (apps/server http/log.ts) and never echoed in configuration errors;
 * - maxGasPrice: the highest gas price (wei) the flush job pays (CHAIN_<NETWORK>_MAX_GAS_GWEI); above it, flushes
 *   wait. Unset (undefined or null): no limit.
 * - swapFactory: the swapping forwarder factory (CHAIN_<NETWORK>_SWAP_FACTORY, docs/decisions/024-auto-conversion.md),
 *   null when not deployed: no payout rule converts on this network; its Uniswap V3 router, factory and wrapped
 *   native token are the swap factory's own immutables, read from it.
 * - swapTwapSeconds: the window of the time-weighted average price a swap's minimum output is bound to
 *   (CHAIN_<NETWORK>_SWAP_TWAP_SECONDS, default 1800), committed into each swapping deposit address.
 */
export type EvmChainConfig = TChainConfigBase<'evm'> & {
  chainId: number | null;
  tokens: Readonly<Record<string, TEvmAddress>>;
  factory: TEvmAddress | null;
  gasKey: `0x${string}` | null;
  maxGasPrice?: bigint | null;
  swapFactory?: TEvmAddress | null;
  swapTwapSeconds?: number;
};

/** The default TWAP window of a swap's bound: 30 minutes, as Uniswap's own oracle examples use. */
export const DEFAULT_SWAP_TWAP_SECONDS = 1800;

export const isEvmChain = (c: TChainConfigBase): c is EvmChainConfig => c.family === 'evm';

/**
 * Public testnets per EVM network, first one the default (CHAIN_<NETWORK>_CHAIN_ID picks another):
 * Sepolia, Holesky and Hoodi; Polygon Amoy; BSC testnet (Chapel); Avalanche Fuji; Arbitrum Sepolia; OP Sepolia.
 */
export const EVM_TESTNET_CHAIN_IDS: Readonly<Partial<Record<string, readonly number[]>>> = {
  ethereum: [11155111, 17000, 560048],
  polygon: [80002],
  'binance-smart-chain': [97],
  avalanche: [43113],
  arbitrum: [421614],
  optimism: [11155420],
};

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

/** CHAIN_<NETWORK>_CHAIN_ID, _TOKENS, _FACTORY, _GAS_KEY and _MAX_GAS_GWEI of an EVM network. */
export const evmChainConfig: TChainConfigReader<EvmChainConfig> = {
  variables: [
    'CHAIN_ID',
    'TOKENS',
    'FACTORY',
    'GAS_KEY',
    'MAX_GAS_GWEI',
    'SWAP_FACTORY',
    'SWAP_TWAP_SECONDS',
  ],
  rpcUrl: { needsPort: false, example: 'http://127.0.0.1:8545' },
  read({ base, prefix, variable, errors }) {
    const before = errors.length;
    const chainId = readChainId(base, prefix, variable('CHAIN_ID'), errors);
    const tokens = readTokens(base.network, prefix, variable('TOKENS'), errors);

    let factory: TEvmAddress | null = null;
    const factoryText = variable('FACTORY');
    if (factoryText) {
      try {
        factory = checksumEvmAddress(factoryText);
      } catch (err) {
        errors.push(`${prefix}FACTORY: ${(err as Error).message}`);
      }
    }

    let gasKey: `0x${string}` | null = null;
    const keyText = variable('GAS_KEY');
    if (keyText) {
      const key = keyText.startsWith('0x') ? keyText : `0x${keyText}`;
      if (!/^0x[0-9a-fA-F]{64}$/.test(key) || /^0x0{64}$/.test(key)) {
        errors.push(`${prefix}GAS_KEY: must be a private key of 64 hexadecimal characters (0x optional)`);
      } else {
        gasKey = key.toLowerCase() as `0x${string}`;
      }
    }
    let maxGasPrice: bigint | null = null;
    const maxGasText = variable('MAX_GAS_GWEI');
    if (maxGasText) {
      if (!/^\d{1,9}(\.\d{1,9})?$/.test(maxGasText) || /^0+(\.0+)?$/.test(maxGasText)) {
        errors.push(`${prefix}MAX_GAS_GWEI: must be a positive number of gwei, such as 50 or 0.05`);
      } else {
        maxGasPrice = parseUnits(maxGasText, 9);
      }
    }
    let swapFactory: TEvmAddress | null = null;
    const swapFactoryText = variable('SWAP_FACTORY');
    if (swapFactoryText) {
      try {
        swapFactory = checksumEvmAddress(swapFactoryText);
      } catch (err) {
        errors.push(`${prefix}SWAP_FACTORY: ${(err as Error).message}`);
      }
    }
    let swapTwapSeconds = DEFAULT_SWAP_TWAP_SECONDS;
    const twapText = variable('SWAP_TWAP_SECONDS');
    if (twapText) {
      const seconds = /^\d{1,6}$/.test(twapText) ? Number(twapText) : Number.NaN;
      if (!(seconds >= 60 && seconds <= 86_400)) {
        errors.push(`${prefix}SWAP_TWAP_SECONDS: must be a whole number of seconds from 60 to 86400`);
      } else {
        swapTwapSeconds = seconds;
      }
    }
    if (errors.length > before) return null;
    return {
      family: 'evm',
      ...base,
      chainId,
      tokens,
      factory,
      gasKey,
      maxGasPrice,
      swapFactory,
      swapTwapSeconds,
    };
  },
  tokenContract: evmTokenContract,
};

function readChainId(
  { network, mode }: Pick<EvmChainConfig, 'network' | 'mode'>,
  prefix: string,
  idText: string | undefined,
  errors: string[],
): number | null {
  const mainnetId = NETWORKS[network].chainId!;
  const testnets = EVM_TESTNET_CHAIN_IDS[network] ?? [];
  const chainId = mode === 'mainnet' ? mainnetId : mode === 'testnet' ? (testnets[0] ?? null) : null;
  if (!idText) return chainId;
  const id = /^\d{1,12}$/.test(idText) ? Number(idText) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    errors.push(`${prefix}CHAIN_ID: must be a positive integer (the EIP-155 chain id)`);
  } else if (mode === 'mainnet' && id !== mainnetId) {
    errors.push(`${prefix}CHAIN_ID: ${network} mainnet is chain id ${mainnetId}`);
  } else if (mode === 'testnet' && !testnets.includes(id)) {
    errors.push(`${prefix}CHAIN_ID: the ${network} testnets are chain ids ${testnets.join(', ')}`);
  } else {
    return id;
  }
  return chainId;
}

function readTokens(
  network: EvmChainConfig['network'],
  prefix: string,
  tokenText: string | undefined,
  errors: string[],
): Record<string, TEvmAddress> {
  const tokens: Record<string, TEvmAddress> = {};
  if (!tokenText) return tokens;
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
  return tokens;
}
