import { describe, expect, it } from 'vitest';
import {
  convertFiat,
  cryptoToFiat,
  decimalFromJsonNumber,
  decimalProblem,
  displayDecimals,
  fiatToCrypto,
  formatRational,
  formatUnits,
  invert,
  MoneyError,
  normalizeFiat,
  parseRational,
  parseUnits,
  percentOf,
  percentOfFiat,
  rational,
  shareOfFiat,
  tryParseUnits,
} from './money.ts';

describe('parseUnits', () => {
  it.each([
    ['0', 8, 0n],
    ['1', 8, 100_000_000n],
    ['0.00000001', 8, 1n],
    ['0.00123456', 8, 123_456n],
    ['21000000', 8, 2_100_000_000_000_000n],
    ['1.5', 18, 1_500_000_000_000_000_000n],
    ['0.000000000000000001', 18, 1n],
    // Huge wei amounts stay exact far beyond Number.MAX_SAFE_INTEGER.
    [
      '123456789012345678901234567890.123456789012345678',
      18,
      123456789012345678901234567890123456789012345678n,
    ],
    ['115792089237316195423570985008687907853269984665640564039457.584007913129639935', 18, 2n ** 256n - 1n],
    ['12.5', 6, 12_500_000n],
    ['007.10', 2, 710n],
    ['42', 0, 42n],
  ])('%s with %i decimals -> %s', (text, decimals, units) => {
    expect(parseUnits(text, decimals)).toBe(units);
  });

  it.each([
    ['1e5', 'format'],
    ['1E5', 'format'],
    ['-1', 'negative'],
    ['-0.5', 'negative'],
    ['0x10', 'format'],
    ['1.2.3', 'format'],
    ['', 'format'],
    [' 1', 'format'],
    ['1 ', 'format'],
    ['.5', 'format'],
    ['5.', 'format'],
    ['+1', 'format'],
    ['1,5', 'format'],
    ['NaN', 'format'],
    ['Infinity', 'format'],
    ['١', 'format'], // non-ASCII digits
    ['1'.repeat(79), 'format'],
  ])('refuses %j (%s)', (text, reason) => {
    expect(() => parseUnits(text, 8)).toThrow(MoneyError);
    try {
      parseUnits(text, 8);
    } catch (err) {
      expect((err as MoneyError).reason).toBe(reason);
    }
  });

  it.each([
    ['0.000000001', 8],
    ['1.0000001', 6],
    ['0.001', 2],
    ['1.5', 0],
    ['0.0000000000000000001', 18],
  ])('refuses %s: more decimals than %i (never rounds)', (text, decimals) => {
    expect(() => parseUnits(text, decimals)).toThrow(/more than/);
    expect(tryParseUnits(text, decimals)).toBeNull();
  });

  it('refuses a value that is not a string', () => {
    expect(() => parseUnits(5 as unknown as string, 8)).toThrow(MoneyError);
    expect(decimalProblem(5 as unknown as string)).toBe('format');
  });
});

describe('formatUnits', () => {
  it.each([
    [0n, 8, {}, '0'],
    [1n, 8, {}, '0.00000001'],
    [123_456n, 8, {}, '0.00123456'],
    [150_000_000n, 8, {}, '1.5'],
    [150_000_000n, 8, { minDecimals: 2 }, '1.50'],
    [100n, 2, { minDecimals: 2 }, '1.00'],
    [5n, 0, {}, '5'],
    [
      2n ** 256n - 1n,
      18,
      {},
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    ],
    [1_000_000n, 6, {}, '1'],
    [-250n, 2, {}, '-2.5'],
  ])('%s with %i decimals %j -> %s', (units, decimals, opts, text) => {
    expect(formatUnits(units, decimals, opts)).toBe(text);
  });

  it('round-trips with parseUnits', () => {
    for (const [text, d] of [
      ['0.1', 18],
      ['99999999.99999999', 8],
      ['0.000001', 6],
    ] as const) {
      expect(formatUnits(parseUnits(text, d), d)).toBe(text);
    }
  });
});

describe('displayDecimals', () => {
  it.each([
    ['BTC', 8, 8],
    ['ETH', 18, 8],
    ['USDT', 6, 2],
    ['usdc', 6, 2],
    ['DAI', 18, 2],
    ['USDT', 18, 2], // BNB Smart Chain USDT has 18 decimals: still shown with 2
    ['ADA', 6, 6], // never more than the coin's decimals
    ['XYZ', 0, 0],
  ])('%s (%i decimals) -> %i', (symbol, decimals, shown) => {
    expect(displayDecimals(symbol, decimals)).toBe(shown);
  });
});

describe('fiatToCrypto: crypto = fiat / fiatRate * cryptoRate, rounded up once at display precision', () => {
  const usd = parseRational('1');
  // A CoinGecko-style price of 1 BTC = 95000.12 USD gives a crypto rate of 1/95000.12 BTC per USD.
  const btcPerUsd = invert(parseRational('95000.12'));

  it.each([
    // [fiat, fiatRate, cryptoRate, symbol, decimals, expected base units]
    ['95000.12', usd, btcPerUsd, 'BTC', 8, 100_000_000n], // exactly one coin: no rounding step up
    ['100.00', usd, btcPerUsd, 'BTC', 8, 105_264n], // 0.00105263024... rounds UP to 0.00105264
    ['0.01', usd, btcPerUsd, 'BTC', 8, 11n], // 0.0000001052... -> 0.00000011
    ['100.00', parseRational('0.85'), btcPerUsd, 'BTC', 8, 123_839n], // EUR: 0.0012383885.. BTC -> 0.00123839
    ['10000', parseRational('110'), btcPerUsd, 'BTC', 8, 95_694n], // JPY
    ['10.00', usd, parseRational('1'), 'USDT', 6, 10_000_000n], // 6-decimal token
    ['10.00', usd, parseRational('1'), 'USDT', 18, 10_000_000_000_000_000_000n], // 18-decimal token, same value
    ['10.00', usd, invert(parseRational('0.9998')), 'USDT', 6, 10_010_000n], // 10.002000.. -> 10.01 (up)
    ['10.00', parseRational('0.85'), parseRational('1'), 'DAI', 18, 11_770_000_000_000_000_000n], // 11.7647 -> 11.77
    ['1.00', usd, invert(parseRational('3000')), 'ETH', 18, 333_340_000_000_000n], // 0.000333.. -> 0.00033334 ETH
    ['1.00', usd, invert(parseRational('0.5')), 'ADA', 6, 2_000_000n], // display precision capped at 6
  ])('case %#: %s fiat -> %s %s', (fiat, fiatRate, cryptoRate, symbol, decimals, units) => {
    expect(fiatToCrypto({ fiatAmount: fiat, fiatRate, cryptoRate, symbol, decimals })).toBe(units);
  });

  it('rounds up even for the smallest excess', () => {
    // 1 USD at 3 USD per coin = 0.333.. -> 0.33333334
    expect(
      fiatToCrypto({
        fiatAmount: '1',
        fiatRate: usd,
        cryptoRate: invert(parseRational('3')),
        symbol: 'LTC',
        decimals: 8,
      }),
    ).toBe(33_333_334n);
  });

  it('refuses a zero fiat rate', () => {
    expect(() =>
      fiatToCrypto({ fiatAmount: '1', fiatRate: rational(0n), cryptoRate: usd, symbol: 'BTC', decimals: 8 }),
    ).toThrow(MoneyError);
  });
});

describe('cryptoToFiat', () => {
  it('is rounded half-up to the fiat minor unit', () => {
    const btcPerUsd = invert(parseRational('95000.12'));
    expect(
      cryptoToFiat({
        units: 105_264n,
        decimals: 8,
        cryptoRate: btcPerUsd,
        fiatRate: parseRational('1'),
        fiatDecimals: 2,
      }),
    ).toBe('100.00'); // 100.0008.. USD
    expect(
      cryptoToFiat({
        units: 100_000_000n,
        decimals: 8,
        cryptoRate: btcPerUsd,
        fiatRate: parseRational('110'),
        fiatDecimals: 0,
      }),
    ).toBe('10450013'); // 10450013.2 JPY
  });
});

describe('convertFiat', () => {
  it('converts through USD and rounds half-up', () => {
    expect(
      convertFiat({
        amount: '100.00',
        fromRate: parseRational('0.85'),
        toRate: parseRational('1'),
        toDecimals: 2,
      }),
    ).toBe('117.65'); // 117.647..
    expect(
      convertFiat({
        amount: '1000',
        fromRate: parseRational('110'),
        toRate: parseRational('1'),
        toDecimals: 2,
      }),
    ).toBe('9.09');
  });
});

describe('percentOf / percentOfFiat', () => {
  it.each([
    [10_000n, '1', 100n],
    [199n, '1', 1n], // 1.99 rounds down
    [99n, '1', 0n],
    [1_000_000_000_000_000_000n, '0.25', 2_500_000_000_000_000n],
    [12_345n, '2.5', 308n],
  ])('%s * %s%% -> %s (down)', (units, pct, fee) => {
    expect(percentOf(units, pct)).toBe(fee);
  });
  it('fiat percentage rounds half-up', () => {
    expect(percentOfFiat('100.50', '1', 2)).toBe('1.01'); // 1.005
    expect(percentOfFiat('100.40', '1', 2)).toBe('1.00'); // 1.004
  });
});

describe('shareOfFiat: the USD value of what was received, from the USD value of what was due', () => {
  it.each<[string, bigint, bigint, string]>([
    ['271.74', 298_914_000n, 271_740_000n, '298.91'], // 298.914, USDT with 6 decimals
    ['271.74', 271_740_000n, 271_740_000n, '271.74'], // paid exactly: the amount due's value, unchanged
    ['35.00', 10n ** 16n, 10n ** 16n, '35.00'],
    ['0.01', 1n, 2n, '0.01'], // 0.005 rounds half-up
    ['0.03', 1n, 6n, '0.01'], // 0.005 again
    ['0.03', 1n, 7n, '0.00'], // 0.00428...
    ['100.00', 0n, 3n, '0.00'],
    ['55.88', 58_824n, 58_824n, '55.88'],
  ])('%s x %s / %s -> %s', (amount, part, whole, want) => {
    expect(shareOfFiat(amount, part, whole, 2)).toBe(want);
  });
  it('refuses a zero whole', () => {
    expect(() => shareOfFiat('1.00', 1n, 0n, 2)).toThrow(MoneyError);
  });
});

describe('normalizeFiat', () => {
  it.each([
    ['10', 2, '10.00'],
    ['10.5', 2, '10.50'],
    [10.5, 2, '10.50'],
    [0.1, 2, '0.10'],
    ['1500', 0, '1500'],
    [1500, 0, '1500'],
    [' 12.34 ', 2, '12.34'],
  ])('%j (%i decimals) -> %s', (value, decimals, text) => {
    expect(normalizeFiat(value, decimals)).toBe(text);
  });
  it.each([
    ['10.555', 2],
    [10.555, 2],
    ['15.5', 0],
    ['-1', 2],
    [-1, 2],
    ['1e3', 2],
    [1e21, 2], // String(1e21) is '1e+21'
    [Number.NaN, 2],
    [Number.POSITIVE_INFINITY, 2],
    ['abc', 2],
  ])('refuses %j (%i decimals)', (value, decimals) => {
    expect(() => normalizeFiat(value, decimals)).toThrow(MoneyError);
  });
});

describe('formatRational (display of rates)', () => {
  it.each([
    [parseRational('0.85'), '0.85'],
    [parseRational('110'), '110'],
    [invert(parseRational('4')), '0.25'],
    [invert(parseRational('95000.12')), '0.0000105263024930915877'], // 18 significant digits, half-up
    [invert(parseRational('3')), '0.333333333333333333'],
    [rational(0n), '0'],
  ])('rate %# -> %s', (r, text) => {
    expect(formatRational(r)).toBe(text);
  });
});

describe('decimalFromJsonNumber (prices from a JSON API)', () => {
  it.each([
    [95000.12, '95000.12'],
    [1, '1'],
    [0.9998, '0.9998'],
    [1.5e-7, '0.00000015'],
    [1e-7, '0.0000001'],
    [1e21, '1000000000000000000000'],
    [1.2345e22, '12345000000000000000000'],
  ])('%s -> %s', (n, text) => {
    expect(decimalFromJsonNumber(n)).toBe(text);
    expect(decimalProblem(text)).toBeNull();
  });
  it('refuses negatives and non-finite values', () => {
    expect(() => decimalFromJsonNumber(-1)).toThrow(MoneyError);
    expect(() => decimalFromJsonNumber(Number.NaN)).toThrow(MoneyError);
  });
});
