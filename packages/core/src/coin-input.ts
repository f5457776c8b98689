/**
 * How clients may name a coin. The API takes codes ('BTC', 'USDT'); the spec's client sends full
 * lower-case names ('bitcoin', 'tether', 'usd-coin'). Both are accepted and mapped to the code.
 */
export const COIN_NAME_ALIASES: Readonly<Record<string, string>> = {
  bitcoin: 'BTC',
  ethereum: 'ETH',
  tether: 'USDT',
  'usd-coin': 'USDC',
  usdc: 'USDC',
  dai: 'DAI',
  litecoin: 'LTC',
  dogecoin: 'DOGE',
  'bitcoin-cash': 'BCH',
  bitcoincash: 'BCH',
  binancecoin: 'BNB',
  bnb: 'BNB',
  'matic-network': 'MATIC',
  matic: 'MATIC',
  polygon: 'MATIC',
  solana: 'SOL',
  cardano: 'ADA',
  'avalanche-2': 'AVAX',
  avalanche: 'AVAX',
  chainlink: 'LINK',
};

/** The coin code for a code or a full name, upper-case; the trimmed upper-cased input when not an alias. */
export function normalizeCoinSymbol(input: string): string {
  const key = input.trim().toLowerCase();
  return Object.hasOwn(COIN_NAME_ALIASES, key) ? COIN_NAME_ALIASES[key]! : input.trim().toUpperCase();
}
