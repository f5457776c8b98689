/**
 * The coins and networks Coinlane knows (merchant spec sections 3 and 9, admin spec section 5, ARCHITECTURE
 * "Chains"), and the fiat currencies of payment links. Pure data and small lookups: the server seeds
 * `supported_cryptocurrencies` from it (where admins then enable, limit and tune each row), the web app
 * builds its pickers from it.
 */

// ---------------------------------------------------------------------------------------------------------
// Networks

/** Network ids: the admin spec's list plus dogecoin. The merchant spec's `bsc` is an alias (see below). */
export const NETWORK_IDS = [
  'bitcoin',
  'ethereum',
  'binance-smart-chain',
  'polygon',
  'avalanche',
  'cardano',
  'solana',
  'polkadot',
  'litecoin',
  'bitcoin-cash',
  'tron',
  'arbitrum',
  'optimism',
  'dogecoin',
  'other',
] as const;
export type TNetworkId = (typeof NETWORK_IDS)[number];

/** Other spellings accepted on input, mapped to the canonical id. */
export const NETWORK_ALIASES: Readonly<Record<string, TNetworkId>> = {
  bsc: 'binance-smart-chain',
};

/**
 * utxo: addresses derived from an extended public key, watched through a Bitcoin-Core-style node.
 * evm: watched through an Ethereum JSON-RPC node (native coin by blocks, tokens by ERC-20 Transfer logs).
 * tron: watched through a Tron node's HTTP API (TRX by the blocks' transfers, TRC-20 tokens by their Transfer logs).
 * other: listed for the catalogue and the admin's currency list; no chain adapter family yet.
 */
export type TNetworkFamily = 'utxo' | 'evm' | 'tron' | 'other';

export type TNetworkInfo = {
  id: TNetworkId;
  name: string;
  family: TNetworkFamily;
  /** EIP-155 chain id, for EVM networks only (EIP-681 payment URIs carry it). */
  chainId: number | null;
  /** Confirmations a transfer needs before it counts (the default; admin-editable per cryptocurrency). */
  requiredConfirmations: number;
  /** Typical fee and speed shown beside the network picker (merchant spec 9); null when the spec has none. */
  feeText: string | null;
  speedText: string | null;
  /**
   * The name exchanges give the network's token standard in their withdrawal forms (TRC-20, ERC-20, BEP-20), shown
   * beside the network on a token payment's page so a payer withdrawing from an exchange picks the right one.
   */
  tokenStandard?: string;
};

export const NETWORKS: Readonly<Record<TNetworkId, TNetworkInfo>> = {
  // The six networks of the merchant spec's network table (section 9): fee, speed and confirmations as given.
  bitcoin: {
    id: 'bitcoin',
    name: 'Bitcoin',
    family: 'utxo',
    chainId: null,
    requiredConfirmations: 1,
    feeText: '$2-8',
    speedText: '10-60 min',
  },
  ethereum: {
    id: 'ethereum',
    name: 'Ethereum',
    family: 'evm',
    chainId: 1,
    tokenStandard: 'ERC-20',
    requiredConfirmations: 12,
    feeText: '$5-25',
    speedText: '1-5 min',
  },
  tron: {
    id: 'tron',
    name: 'Tron',
    family: 'tron',
    chainId: null,
    tokenStandard: 'TRC-20',
    requiredConfirmations: 20,
    feeText: '$1-3',
    speedText: '1-3 min',
  },
  polygon: {
    id: 'polygon',
    name: 'Polygon',
    family: 'evm',
    chainId: 137,
    requiredConfirmations: 128,
    feeText: '$0.01-0.1',
    speedText: '2-5 s',
  },
  'binance-smart-chain': {
    id: 'binance-smart-chain',
    name: 'BNB Smart Chain',
    family: 'evm',
    chainId: 56,
    tokenStandard: 'BEP-20',
    requiredConfirmations: 15,
    feeText: '$0.1-0.5',
    speedText: '3-5 s',
  },
  avalanche: {
    id: 'avalanche',
    name: 'Avalanche C-Chain',
    family: 'evm',
    chainId: 43114,
    requiredConfirmations: 1,
    feeText: '$0.1-1',
    speedText: '1-3 s',
  },

  // Added by ARCHITECTURE ("litecoin and dogecoin added"). Confirmation depths follow the usual exchange
  // practice, scaled to each chain's block time and to how cheap a deep reorganisation is:
  // - litecoin: 2.5-minute blocks and far less hash power than bitcoin; 6 blocks (about 15 minutes) is the
  //   depth most exchanges credit at.
  // - dogecoin: 1-minute blocks, merge-mined with litecoin but with a small share of the hash power, so one
  //   block proves little; 40 blocks is about 40 minutes, roughly the wall-clock security of 6 litecoin or
  //   bitcoin blocks, and is what large exchanges require.
  litecoin: {
    id: 'litecoin',
    name: 'Litecoin',
    family: 'utxo',
    chainId: null,
    requiredConfirmations: 6,
    feeText: null,
    speedText: null,
  },
  dogecoin: {
    id: 'dogecoin',
    name: 'Dogecoin',
    family: 'utxo',
    chainId: null,
    requiredConfirmations: 40,
    feeText: null,
    speedText: null,
  },

  // Networks of the admin spec's list that the merchant spec gives no figures for. Conservative defaults
  // (admins tune them per cryptocurrency):
  // - bitcoin-cash: 10-minute blocks but a few percent of bitcoin's hash power: 6 blocks, as for litecoin.
  // - arbitrum / optimism: depth on a rollup counts sequencer blocks (0.25 s and 2 s), not L1 finality;
  //   64 and 30 blocks are about a minute each, enough for the sequencer's batch to reach Ethereum.
  // - solana: 32 slots is the "finalized" commitment level.
  // - cardano: 15 blocks (about 5 minutes) is common exchange practice.
  // - polkadot: GRANDPA finalises within a couple of blocks; 2 blocks.
  'bitcoin-cash': {
    id: 'bitcoin-cash',
    name: 'Bitcoin Cash',
    family: 'utxo',
    chainId: null,
    requiredConfirmations: 6,
    feeText: null,
    speedText: null,
  },
  arbitrum: {
    id: 'arbitrum',
    name: 'Arbitrum One',
    family: 'evm',
    chainId: 42161,
    requiredConfirmations: 64,
    feeText: null,
    speedText: null,
  },
  optimism: {
    id: 'optimism',
    name: 'OP Mainnet',
    family: 'evm',
    chainId: 10,
    requiredConfirmations: 30,
    feeText: null,
    speedText: null,
  },
  solana: {
    id: 'solana',
    name: 'Solana',
    family: 'other',
    chainId: null,
    requiredConfirmations: 32,
    feeText: null,
    speedText: null,
  },
  cardano: {
    id: 'cardano',
    name: 'Cardano',
    family: 'other',
    chainId: null,
    requiredConfirmations: 15,
    feeText: null,
    speedText: null,
  },
  polkadot: {
    id: 'polkadot',
    name: 'Polkadot',
    family: 'other',
    chainId: null,
    requiredConfirmations: 2,
    feeText: null,
    speedText: null,
  },
  other: {
    id: 'other',
    name: 'Other',
    family: 'other',
    chainId: null,
    requiredConfirmations: 12,
    feeText: null,
    speedText: null,
  },
};

/** The canonical network id for an input spelling (case-insensitive, `bsc` accepted), or null. */
export function normalizeNetworkId(input: string): TNetworkId | null {
  const id = input.trim().toLowerCase();
  if ((NETWORK_IDS as readonly string[]).includes(id)) return id as TNetworkId;
  return Object.hasOwn(NETWORK_ALIASES, id) ? NETWORK_ALIASES[id]! : null;
}

/** The network for an id or alias, or undefined. */
export function getNetwork(input: string): TNetworkInfo | undefined {
  const id = normalizeNetworkId(input);
  return id ? NETWORKS[id] : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Cryptocurrencies: one entry per (symbol, network), each with its own decimals.

export type TCryptoCurrency = {
  symbol: string;
  /** Display name of the coin. */
  name: string;
  network: TNetworkId;
  /** Digits of the base unit: an amount is an integer of 10^-decimals coins (satoshi, wei, token units). */
  decimals: number;
  /** The network's own coin (paid to an address) rather than a token (paid through a token contract). */
  native: boolean;
};

const coin = (
  symbol: string,
  name: string,
  network: TNetworkId,
  decimals: number,
  native: boolean,
): TCryptoCurrency => ({ symbol, name, network, decimals, native });

export const CRYPTO_CURRENCIES: readonly TCryptoCurrency[] = [
  coin('BTC', 'Bitcoin', 'bitcoin', 8, true),
  coin('ETH', 'Ethereum', 'ethereum', 18, true),
  // Tether and USD Coin use 6 decimals on most chains, but their BNB Smart Chain (Binance-Peg) contracts
  // use 18: decimals belong to the (symbol, network) pair, never to the symbol alone.
  coin('USDT', 'Tether USD', 'ethereum', 6, false),
  coin('USDT', 'Tether USD', 'tron', 6, false),
  coin('USDT', 'Tether USD', 'polygon', 6, false),
  coin('USDT', 'Tether USD', 'binance-smart-chain', 18, false),
  coin('USDC', 'USD Coin', 'ethereum', 6, false),
  coin('USDC', 'USD Coin', 'polygon', 6, false),
  coin('USDC', 'USD Coin', 'avalanche', 6, false),
  coin('USDC', 'USD Coin', 'binance-smart-chain', 18, false),
  coin('LTC', 'Litecoin', 'litecoin', 8, true),
  coin('DOGE', 'Dogecoin', 'dogecoin', 8, true),
  coin('BCH', 'Bitcoin Cash', 'bitcoin-cash', 8, true),
  coin('DAI', 'Dai', 'ethereum', 18, false),
  coin('BNB', 'BNB', 'binance-smart-chain', 18, true),
  coin('MATIC', 'Polygon', 'polygon', 18, true),
  coin('SOL', 'Solana', 'solana', 9, true),
  coin('ADA', 'Cardano', 'cardano', 6, true),
  coin('AVAX', 'Avalanche', 'avalanche', 18, true),
  coin('LINK', 'Chainlink', 'ethereum', 18, false),
  // Issue 19: Tron's own coin (migration 0032-tron), 6 decimals (1 TRX = 1,000,000 sun).
  coin('TRX', 'TRON', 'tron', 6, true),
  // Issue 7: ETH and the stablecoins on every watched EVM network (migration 0010-evm-currencies).
  coin('ETH', 'Ethereum', 'arbitrum', 18, true),
  coin('ETH', 'Ethereum', 'optimism', 18, true),
  coin('USDT', 'Tether USD', 'avalanche', 6, false),
  coin('USDT', 'Tether USD', 'arbitrum', 6, false),
  coin('USDT', 'Tether USD', 'optimism', 6, false),
  coin('USDC', 'USD Coin', 'arbitrum', 6, false),
  coin('USDC', 'USD Coin', 'optimism', 6, false),
  coin('DAI', 'Dai', 'polygon', 18, false),
  coin('DAI', 'Dai', 'binance-smart-chain', 18, false),
  coin('DAI', 'Dai', 'avalanche', 18, false),
  coin('DAI', 'Dai', 'arbitrum', 18, false),
  coin('DAI', 'Dai', 'optimism', 18, false),
];

/**
 * Cryptocurrencies offered when creating a payment link, with their networks in the order offered (merchant
 * spec section 3); the first network is the default one.
 */
export const PAYMENT_LINK_CRYPTOS: Readonly<Record<string, readonly TNetworkId[]>> = {
  BTC: ['bitcoin'],
  ETH: ['ethereum'],
  USDT: ['ethereum', 'tron', 'polygon', 'binance-smart-chain'],
  USDC: ['ethereum', 'polygon', 'avalanche'],
};

/** Coins featured on the landing page (merchant spec section 1). */
export const FEATURED_COINS = ['USDT', 'USDC', 'BTC', 'ETH', 'BNB', 'MATIC'] as const;

/** The entry for (symbol, network), network id or alias, symbol case-insensitive; or undefined. */
export function getCryptoCurrency(symbol: string, network: string): TCryptoCurrency | undefined {
  const sym = symbol.trim().toUpperCase();
  const net = normalizeNetworkId(network);
  if (!net) return undefined;
  return CRYPTO_CURRENCIES.find((c) => c.symbol === sym && c.network === net);
}

/** The token standard of a token coin on its network (USDT on tron: 'TRC-20'); null for a native coin or none. */
export function tokenStandardOf(symbol: string, network: string): string | null {
  const coin = getCryptoCurrency(symbol, network);
  if (!coin || coin.native) return null;
  return NETWORKS[coin.network].tokenStandard ?? null;
}

/** Decimals of (symbol, network), or undefined for a pair the catalogue does not know. */
export function cryptoDecimals(symbol: string, network: string): number | undefined {
  return getCryptoCurrency(symbol, network)?.decimals;
}

/** The networks a coin is known on, in catalogue order (empty for an unknown symbol). */
export function networksOf(symbol: string): TNetworkId[] {
  const sym = symbol.trim().toUpperCase();
  return CRYPTO_CURRENCIES.filter((c) => c.symbol === sym).map((c) => c.network);
}

export type TCoin = { symbol: string; name: string; networks: TNetworkId[] };

/** One entry per coin symbol with all its networks, in catalogue order. */
export function listCoins(): TCoin[] {
  const bySymbol = new Map<string, TCoin>();
  for (const c of CRYPTO_CURRENCIES) {
    const entry = bySymbol.get(c.symbol);
    if (entry) entry.networks.push(c.network);
    else bySymbol.set(c.symbol, { symbol: c.symbol, name: c.name, networks: [c.network] });
  }
  return [...bySymbol.values()];
}

/** Distinct networks some catalogue coin runs on. */
export function listCatalogueNetworks(): TNetworkId[] {
  return [...new Set(CRYPTO_CURRENCIES.map((c) => c.network))];
}

// ---------------------------------------------------------------------------------------------------------
// Fiat currencies of payment links (merchant spec sections 3 and 9).

export const FIAT_CODES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'CNY'] as const;
export type TFiatCode = (typeof FIAT_CODES)[number];

export type TFiatCurrency = {
  code: TFiatCode;
  name: string;
  symbol: string;
  /** Minor-unit digits: amounts step by 1 for JPY, by 0.01 otherwise (merchant spec 5). */
  decimals: number;
  /**
   * The spec's fallback rate relative to USD (units of this currency per 1 USD), as an exact decimal string.
   * For test mode and display only: a live amount due is never priced from it.
   */
  fallbackRate: string;
};

export const FIAT_CURRENCIES: Readonly<Record<TFiatCode, TFiatCurrency>> = {
  USD: { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2, fallbackRate: '1' },
  EUR: { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2, fallbackRate: '0.85' },
  GBP: { code: 'GBP', name: 'British Pound', symbol: '£', decimals: 2, fallbackRate: '0.73' },
  JPY: { code: 'JPY', name: 'Japanese Yen', symbol: '¥', decimals: 0, fallbackRate: '110' },
  CAD: { code: 'CAD', name: 'Canadian Dollar', symbol: 'C$', decimals: 2, fallbackRate: '1.25' },
  AUD: { code: 'AUD', name: 'Australian Dollar', symbol: 'A$', decimals: 2, fallbackRate: '1.35' },
  CHF: { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', decimals: 2, fallbackRate: '0.92' },
  CNY: { code: 'CNY', name: 'Chinese Yuan', symbol: '¥', decimals: 2, fallbackRate: '6.45' },
};

export const DEFAULT_FIAT: TFiatCode = 'USD';
export const DEFAULT_CRYPTO = 'BTC';

export const isFiatCode = (code: string): code is TFiatCode =>
  (FIAT_CODES as readonly string[]).includes(code);

// ---------------------------------------------------------------------------------------------------------
// Fees

/**
 * The platform fee per successful transaction, in percent, as an exact decimal string (merchant spec 1 and
 * 9: "a flat 1% fee"). The default until the admin's fee structures are stored.
 */
export const PLATFORM_FEE_PERCENT_DEFAULT = '1';
