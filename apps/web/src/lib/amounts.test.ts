import { describe, expect, it } from 'vitest';
import {
  formatBalance,
  formatCount,
  formatCrypto,
  formatFiat,
  formatFigure,
  formatPercent,
  formatPlaces,
  formatRate,
  formatUsd,
} from './amounts.ts';

// The spaces Intl writes: no-break space (U+00A0) and narrow no-break space (U+202F, French grouping).
const NB = '\u00a0';
const NNB = '\u202f';

type Lang = 'en' | 'es' | 'fr' | 'de';
const each = <T>(table: Record<Lang, T>) => Object.entries(table) as [Lang, T][];

describe('formatFiat: a fiat price or value, the currency once', () => {
  it.each(
    each({
      en: ['CA$19.99', `CHF${NB}250.00`, '$29.41', '¥1,500', '€0.50', '$12,345,678.90'],
      es: [
        `19,99${NB}CAD`,
        `250,00${NB}CHF`,
        `29,41${NB}US$`,
        `1500${NB}JPY`,
        `0,50${NB}€`,
        `12.345.678,90${NB}US$`,
      ],
      fr: [
        `19,99${NB}$CA`,
        `250,00${NB}CHF`,
        `29,41${NB}$US`,
        `1${NNB}500${NB}JPY`,
        `0,50${NB}€`,
        `12${NNB}345${NNB}678,90${NB}$US`,
      ],
      de: [
        `19,99${NB}CA$`,
        `250,00${NB}CHF`,
        `29,41${NB}$`,
        `1.500${NB}¥`,
        `0,50${NB}€`,
        `12.345.678,90${NB}$`,
      ],
    }),
  )('%s', (lang, expected) => {
    expect([
      formatFiat('19.99', 'CAD', lang),
      formatFiat('250.00', 'CHF', lang),
      formatUsd('29.41', lang),
      formatFiat('1500', 'JPY', lang),
      formatFiat('0.5', 'EUR', lang),
      formatUsd('12345678.90', lang),
    ]).toEqual(expected);
  });

  it('never repeats the currency (Spanish wrote "29,41 US$ USD"; link cards "CHF 250.00 CHF")', () => {
    for (const lang of ['en', 'es', 'fr', 'de']) {
      expect(formatUsd('29.41', lang)).not.toMatch(/USD/);
      expect(formatUsd('29.41', lang).match(/\$/g)).toHaveLength(1);
      expect(formatFiat('250.00', 'CHF', lang).match(/CHF/g)).toHaveLength(1);
      expect(formatFiat('19.99', 'CAD', lang)).not.toMatch(/\$.*CAD|CAD.*\$/);
    }
  });

  it('is exact beyond what a float carries, and rounds a derived value half-up to the minor unit', () => {
    expect(formatUsd('90071992547409.93', 'en')).toBe('$90,071,992,547,409.93');
    expect(formatUsd('2.675', 'en')).toBe('$2.68'); // 2.675 as a double is 2.67499...
    expect(formatUsd('2.674', 'en')).toBe('$2.67');
    expect(formatFiat('1499.5', 'JPY', 'en')).toBe('¥1,500');
    expect(formatUsd('0', 'de')).toBe(`0,00${NB}$`);
  });

  it('leaves what is not a decimal as it came, and writes an unknown code after the number', () => {
    expect(formatFiat('abc', 'USD', 'en')).toBe('abc USD');
    expect(formatFiat('10', 'not a code', 'de')).toBe(`10${NB}not a code`);
  });
});

describe('formatCrypto: the amount of a payment, transaction or link', () => {
  it.each(
    each({
      en: ['0.01000000', '271.74', '25.00', '0.00068412', '1,234.50000000', '0.010000000000000123'],
      es: ['0,01000000', '271,74', '25,00', '0,00068412', '1234,50000000', '0,010000000000000123'],
      fr: ['0,01000000', '271,74', '25,00', '0,00068412', `1${NNB}234,50000000`, '0,010000000000000123'],
      de: ['0,01000000', '271,74', '25,00', '0,00068412', '1.234,50000000', '0,010000000000000123'],
    }),
  )('%s: 2 decimals for stablecoins, 8 for other coins, never rounded', (lang, expected) => {
    expect([
      formatCrypto('0.01', 'ETH', lang),
      formatCrypto('271.74', 'USDT', lang),
      formatCrypto('25', 'usdc', lang),
      formatCrypto('0.00068412', 'BTC', lang),
      formatCrypto('1234.5', 'LTC', lang),
      formatCrypto('0.010000000000000123', 'ETH', lang),
    ]).toEqual(expected);
  });

  it('keeps every digit an amount has, pads to the display digits, and never past the coin’s own decimals', () => {
    expect(formatCrypto('331.914', 'USDT', 'en')).toBe('331.914');
    expect(formatCrypto('331.9140', 'USDT', 'de')).toBe('331,914');
    expect(formatCrypto('1.5', 'DAI', 'en')).toBe('1.50');
    expect(formatCrypto('1.5', 'ADA', 'en', { decimals: 6 })).toBe('1.500000');
    expect(formatCrypto('123456789012345678.123456789012345678', 'ETH', 'en')).toBe(
      '123,456,789,012,345,678.123456789012345678',
    );
    expect(formatCrypto('0', 'BTC', 'fr')).toBe('0,00000000');
    expect(formatCrypto('not-a-number', 'BTC', 'en')).toBe('not-a-number');
  });
});

describe('formatBalance: a balance on the balance card, 4 decimals with the exact amount beside', () => {
  it.each(
    each({
      en: ['0.0007', '0.00068412', '271.7400', '0.0036', '1,234.5679', '25.0000'],
      es: ['0,0007', '0,00068412', '271,7400', '0,0036', '1234,5679', '25,0000'],
      fr: ['0,0007', '0,00068412', '271,7400', '0,0036', `1${NNB}234,5679`, '25,0000'],
      de: ['0,0007', '0,00068412', '271,7400', '0,0036', '1.234,5679', '25,0000'],
    }),
  )('%s: rounds half-up (0.00068412 BTC reads 0.0007, not 0.0006)', (lang, expected) => {
    const btc = formatBalance('0.00068412', lang);
    expect([
      btc.text,
      btc.exact,
      formatBalance('271.74', lang).text,
      formatBalance('0.00358824', lang).text,
      formatBalance('1234.56789', lang).text,
      formatBalance('25', lang).text,
    ]).toEqual(expected);
    expect(btc.rounded).toBe(true);
  });

  it('says when the shown balance is rounded, and never shows a false zero', () => {
    expect(formatBalance('271.74', 'en')).toEqual({ text: '271.7400', exact: '271.74', rounded: false });
    expect(formatBalance('0.00005', 'en').text).toBe('0.0001');
    expect(formatBalance('0.00004999', 'en')).toEqual({
      text: '<0.0001',
      exact: '0.00004999',
      rounded: true,
    });
    expect(formatBalance('0.00004999', 'de').text).toBe('<0,0001');
    expect(formatBalance('0', 'en').text).toBe('0.0000');
    expect(formatBalance('9999.99995', 'en').text).toBe('10,000.0000');
  });
});

describe('formatPlaces: an amount to a fixed number of decimals (the payout history)', () => {
  it('rounds half-up to exactly that many places, exact beside, in the language', () => {
    expect(formatPlaces('0.123456789012345678', 8, 'en')).toEqual({
      text: '0.12345679',
      exact: '0.123456789012345678',
      rounded: true,
    });
    expect(formatPlaces('812.123456', 8, 'en')).toEqual({
      text: '812.12345600',
      exact: '812.123456',
      rounded: false,
    });
    expect(formatPlaces('1234.5', 8, 'de').text).toBe('1.234,50000000');
    expect(formatPlaces('812.123457', 4, 'fr').text).toBe('812,1235');
    expect(formatPlaces('0', 4, 'en').text).toBe('0.0000');
    expect(formatPlaces('nope', 8, 'en').text).toBe('nope');
  });
});

describe('formatFigure: a USD figure on a card', () => {
  it.each(
    each({
      en: ['$12,345,678.90', '$123.5M'],
      es: [`12.345.678,90${NB}US$`, `123,5${NB}M${NB}US$`],
      fr: [`12${NNB}345${NNB}678,90${NB}$US`, `123,5${NB}M${NB}$US`],
      de: [`12.345.678,90${NB}$`, `123,5${NB}Mio.${NB}$`],
    }),
  )('%s: in full up to 8 digits, compact beyond with the exact amount kept', (lang, [full, compact]) => {
    expect(formatFigure('12345678.90', lang)).toEqual({ text: full, exact: full, compact: false });
    const big = formatFigure('123456789.12', lang);
    expect(big.text).toBe(compact);
    expect(big.compact).toBe(true);
    expect(big.exact).toBe(formatUsd('123456789.12', lang));
  });
});

describe('formatRate: the price of one coin', () => {
  it.each(
    each({
      en: ['$95,000.12', '€0.1235', '¥10,450,013'],
      es: [`95.000,12${NB}US$`, `0,1235${NB}€`, `10.450.013${NB}JPY`],
      fr: [`95${NNB}000,12${NB}$US`, `0,1235${NB}€`, `10${NNB}450${NNB}013${NB}JPY`],
      de: [`95.000,12${NB}$`, `0,1235${NB}€`, `10.450.013${NB}¥`],
    }),
  )('%s', (lang, expected) => {
    expect([
      formatRate('95000.1234', 'USD', lang),
      formatRate('0.123456', 'EUR', lang),
      formatRate('10450013.2', 'JPY', lang),
    ]).toEqual(expected);
  });
});

describe('formatCount and formatPercent', () => {
  it.each(
    each({
      en: ['12,345,678', '+3', '100.0%', '+12.5%', '-3.0%', '0%'],
      es: ['12.345.678', '+3', `100,0${NB}%`, `+12,5${NB}%`, `-3,0${NB}%`, `0${NB}%`],
      fr: [`12${NNB}345${NNB}678`, '+3', `100,0${NB}%`, `+12,5${NB}%`, `-3,0${NB}%`, `0${NB}%`],
      de: ['12.345.678', '+3', `100,0${NB}%`, `+12,5${NB}%`, `-3,0${NB}%`, `0${NB}%`],
    }),
  )('%s', (lang, expected) => {
    expect([
      formatCount(12345678, lang),
      formatCount(3, lang, { signed: true }),
      formatPercent('100.0', lang),
      formatPercent('12.5', lang, { signed: true }),
      formatPercent('-3.0', lang, { signed: true }),
      formatPercent('0', lang, { signed: true }),
    ]).toEqual(expected);
  });
});
