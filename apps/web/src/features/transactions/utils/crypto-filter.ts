/** The crypto filter's own choices (merchant spec 2): All Crypto, Bitcoin=BTC, Ethereum=ETH, USDT. */
export const SPEC_CRYPTOS = ['BTC', 'ETH', 'USDT'] as const;

/**
 * The filter's choices: the spec's three first, then every other coin the merchant has been paid in (USDC, LTC,
 * DOGE ...), alphabetically, so no money received is out of the filter's reach.
 */
export function cryptoFilterChoices(paidIn: readonly string[]): string[] {
  const spec: readonly string[] = SPEC_CRYPTOS;
  const others = [...new Set(paidIn.map((c) => c.toUpperCase()))].filter((c) => !spec.includes(c)).sort();
  return [...spec, ...others];
}
