import type { TNetworkId } from '@coinlane/core/currencies';
import type { ConversionAsset } from '../conversion-provider.ts';

/**
 * Coinlane's networks as SideShift's v2 API names them (`depositNetwork`, `settleNetwork`; its /v2/coins list).
 */
export const SIDESHIFT_NETWORKS: Readonly<Partial<Record<TNetworkId, string>>> = {
  bitcoin: 'bitcoin',
  litecoin: 'litecoin',
  dogecoin: 'dogecoin',
  'bitcoin-cash': 'bitcoincash',
  ethereum: 'ethereum',
  tron: 'tron',
  polygon: 'polygon',
  'binance-smart-chain': 'bsc',
  avalanche: 'avax',
  arbitrum: 'arbitrum',
  optimism: 'optimism',
  solana: 'solana',
};

/** The Bitcoin-family coins a customer may pay into a shift (the deposit side). */
export const SIDESHIFT_DEPOSIT_COINS: Readonly<Record<string, TNetworkId>> = {
  BTC: 'bitcoin',
  LTC: 'litecoin',
  DOGE: 'dogecoin',
  BCH: 'bitcoin-cash',
};

/**
 * The convert-to stablecoins (CONVERSION_CURRENCIES) on the networks where SideShift settles them, as its coin list
 * showed them when this table was written. A pair outside it is refused before any call; a pair the provider has
 * since dropped is refused by the provider at the quote ("Method ... not found"), which reaches the customer as a
 * clear message too.
 */
export const SIDESHIFT_SETTLE_COINS: Readonly<Record<string, readonly TNetworkId[]>> = {
  USDT: ['ethereum', 'tron', 'polygon', 'binance-smart-chain', 'avalanche', 'arbitrum', 'optimism', 'solana'],
  USDC: ['ethereum', 'polygon', 'avalanche', 'binance-smart-chain', 'arbitrum', 'optimism', 'solana'],
  DAI: ['ethereum', 'arbitrum', 'optimism'],
  FDUSD: ['ethereum', 'binance-smart-chain'],
  USDe: ['ethereum'],
  PYUSD: ['ethereum', 'solana'],
  TUSD: ['ethereum', 'tron', 'binance-smart-chain'],
  FRAX: ['ethereum'],
  USDD: ['tron', 'binance-smart-chain'],
  EURC: ['ethereum', 'avalanche', 'solana'],
};

/** SideShift's ticker of a Coinlane coin (upper case: `USDe` is `USDE`). */
export const sideshiftCoin = (currency: string) => currency.toUpperCase();

export const sideshiftNetwork = (network: string): string | null =>
  SIDESHIFT_NETWORKS[network as TNetworkId] ?? null;

/** Whether SideShift converts the Bitcoin-family coin `from` into the stablecoin `to` (both Coinlane names). */
export function sideshiftSupports(from: ConversionAsset, to: ConversionAsset): boolean {
  if (SIDESHIFT_DEPOSIT_COINS[from.currency] !== from.network) return false;
  return (SIDESHIFT_SETTLE_COINS[to.currency] ?? []).includes(to.network as TNetworkId);
}
