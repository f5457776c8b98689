/**
 * How many fraction digits a coin's amounts are shown with (merchant spec 5): 2 for the dollar stablecoins USDT,
 * USDC and DAI, 8 for every other coin, never more than the coin's own decimals. `fiatToCrypto` (money.ts) rounds
 * an amount due up to this precision, and the web app shows amounts with it. A module of its own, free of the
 * money arithmetic, so that the hosted payment page's light bundle can use it.
 */

/** Coins shown with 2 decimals (merchant spec 5); every other coin with 8. */
export const TWO_DECIMAL_COINS: readonly string[] = ['USDT', 'USDC', 'DAI'];

/** Display precision of a coin: 2 for USDT, USDC, DAI, 8 otherwise; at most `decimals` when given. */
export function displayPlaces(symbol: string, decimals?: number): number {
  const places = TWO_DECIMAL_COINS.includes(symbol.toUpperCase()) ? 2 : 8;
  return decimals === undefined ? places : Math.min(places, decimals);
}
