import { describe, expect, it } from 'vitest';
import { cryptoFilterChoices } from './crypto-filter.ts';

describe('cryptoFilterChoices', () => {
  it("offers the spec's three first, then every other coin the merchant was paid in, once each", () => {
    expect(cryptoFilterChoices([])).toEqual(['BTC', 'ETH', 'USDT']);
    expect(cryptoFilterChoices(['LTC', 'USDC', 'BTC', 'DOGE', 'USDC', 'usdt'])).toEqual([
      'BTC',
      'ETH',
      'USDT',
      'DOGE',
      'LTC',
      'USDC',
    ]);
  });
});
