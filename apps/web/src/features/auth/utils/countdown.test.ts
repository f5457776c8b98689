import { describe, expect, it } from 'vitest';
import { secondsLeft } from '../../../lib/use-countdown.ts';
import { formatCountdown, onlyDigits } from './countdown.ts';

describe('formatCountdown', () => {
  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [61, '1:01'],
    [60, '1:00'],
    [59, '0:59'],
    [9, '0:09'],
    [0, '0:00'],
    [-5, '0:00'],
    [0.2, '0:01'],
    [3600, '60:00'],
    [Number.NaN, '0:00'],
  ])('%d s -> %s', (seconds, expected) => {
    expect(formatCountdown(seconds)).toBe(expected);
  });
});

describe('secondsLeft', () => {
  it('rounds up partial seconds and stops at zero', () => {
    const deadline = 1_000_000;
    expect(secondsLeft(deadline, deadline - 300_000)).toBe(300);
    expect(secondsLeft(deadline, deadline - 299_001)).toBe(300);
    expect(secondsLeft(deadline, deadline - 1)).toBe(1);
    expect(secondsLeft(deadline, deadline)).toBe(0);
    expect(secondsLeft(deadline, deadline + 5000)).toBe(0);
  });
});

describe('onlyDigits', () => {
  it('keeps digits only, at most the code length', () => {
    expect(onlyDigits('12a3 4-5', 6)).toBe('12345');
    expect(onlyDigits('123456789', 6)).toBe('123456');
    expect(onlyDigits('abc', 6)).toBe('');
  });
});
