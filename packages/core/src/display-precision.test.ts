import { describe, expect, it } from 'vitest';
import { displayPlaces, TWO_DECIMAL_COINS } from './display-precision.ts';
import { displayDecimals } from './money.ts';

describe('display precision (merchant spec 5)', () => {
  it('is 2 decimals for USDT, USDC and DAI, 8 for other coins, at most the coin’s decimals', () => {
    expect(TWO_DECIMAL_COINS).toEqual(['USDT', 'USDC', 'DAI']);
    expect(['usdt', 'USDC', 'DAI', 'BTC', 'ETH', 'LTC'].map((s) => displayPlaces(s))).toEqual([
      2, 2, 2, 8, 8, 8,
    ]);
    expect(displayPlaces('ADA', 6)).toBe(6);
    expect(displayPlaces('USDT', 18)).toBe(2);
    // money.ts rounds amounts due at the same precision.
    expect(displayDecimals('ETH', 18)).toBe(displayPlaces('ETH', 18));
    expect(displayDecimals('ADA', 6)).toBe(6);
  });
});
