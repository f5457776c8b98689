import { describe, expect, it } from 'vitest';
import { halfOf, isZeroDecimal, plusTenPercent, scaleDecimal } from './decimal.ts';

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
});
