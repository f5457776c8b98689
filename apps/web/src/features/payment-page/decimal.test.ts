import { describe, expect, it } from 'vitest';
import { halfOf, isZeroDecimal, plusTenPercent, scaleDecimal, shareOf } from './decimal.ts';

describe('test panel amounts (exact decimals)', () => {
  it.each([
    ['0.001', '0.0005', '0.0011'],
    ['95', '47.5', '104.5'],
    ['100', '50', '110'],
    ['0.00123457', '0.00061728', '0.00135802'],
    ['1.5', '0.75', '1.65'],
    ['0.000000000000000003', '0.000000000000000001', '0.000000000000000003'],
  ])('%s: half %s, plus 10 %% %s', (remaining, half, over) => {
    expect(halfOf(remaining)).toBe(half);
    expect(plusTenPercent(remaining)).toBe(over);
  });

  it('scales exactly and rounds down', () => {
    expect(scaleDecimal('10', 1n, 3n)).toBe('3.3');
    expect(scaleDecimal('0.3', 2n, 1n)).toBe('0.6');
    expect(() => scaleDecimal('abc', 1n, 2n)).toThrow();
  });

  it('knows zero', () => {
    expect(isZeroDecimal('0')).toBe(true);
    expect(isZeroDecimal('0.000')).toBe(true);
    expect(isZeroDecimal('0.001')).toBe(false);
  });

  it('takes the fiat share of a remainder exactly, half-up to the fiat digits', () => {
    expect(shareOf('95.00', '0.0005', '0.001')).toBe('47.50');
    expect(shareOf('19.99', '1', '3')).toBe('6.66');
    expect(shareOf('20.00', '1', '3')).toBe('6.67');
    expect(shareOf('1500', '0.5', '1')).toBe('750');
    expect(shareOf('0.01', '1', '2')).toBe('0.01');
    expect(shareOf('12345678.90', '0.000000000000000001', '0.000000000000000003')).toBe('4115226.30');
    expect(shareOf('10.00', '1', '0')).toBe('10.00');
  });
});
