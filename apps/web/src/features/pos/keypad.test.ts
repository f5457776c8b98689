import { describe, expect, it } from 'vitest';
import { amountShown, amountToCharge, type KeypadKey, keyOfKeyboard, pressKey } from './keypad.ts';

const EUR = { decimals: 2, maxIntegerDigits: 9 };
const JPY = { decimals: 0, maxIntegerDigits: 9 };
const type = (keys: KeypadKey[], limits = EUR) => keys.reduce((t, k) => pressKey(t, k, limits), '');

describe('the keypad', () => {
  it('types an amount exactly, up to the currency’s minor digits', () => {
    expect(type(['1', '2', '.', '5'])).toBe('12.5');
    expect(amountToCharge('12.5', 2)).toBe('12.50');
    expect(type(['1', '2', '.', '3', '4', '5'])).toBe('12.34');
    expect(type(['0', '.', '1'])).toBe('0.1');
    expect(amountToCharge(type(['0', '.', '1']), 2)).toBe('0.10');
    expect(type(['.', '5'])).toBe('0.5');
    expect(type(['1', '.', '.', '2'])).toBe('1.2');
  });

  it('has no leading zeros and no decimal point in a currency without minor units', () => {
    expect(type(['0', '0', '7'])).toBe('7');
    expect(type(['0', '0'])).toBe('0');
    expect(type(['00', '5', '00'])).toBe('500');
    expect(type(['1', '.', '5'], JPY)).toBe('15');
    expect(amountToCharge('1500', 0)).toBe('1500');
    expect(amountShown('', 0)).toBe('0');
  });

  it('stops at the largest amount the server accepts', () => {
    const nines = type(Array(12).fill('9') as KeypadKey[]);
    expect(nines).toBe('999999999');
    expect(type([...(Array(9).fill('9') as KeypadKey[]), '.', '9', '9', '9'])).toBe('999999999.99');
  });

  it('erases one key, or all', () => {
    expect(type(['1', '2', '.', '5', 'back'])).toBe('12.');
    expect(type(['1', '2', '.', 'back', 'back'])).toBe('1');
    expect(type(['1', '2', 'clear'])).toBe('');
    expect(type(['back'])).toBe('');
  });

  it('charges nothing for zero', () => {
    expect(amountToCharge('', 2)).toBeNull();
    expect(amountToCharge('0.', 2)).toBeNull();
    expect(amountToCharge('0.00', 2)).toBeNull();
    expect(amountToCharge('0.01', 2)).toBe('0.01');
    expect(amountToCharge('12.', 2)).toBe('12.00');
  });

  it('shows the amount so far with the currency’s digits', () => {
    expect(amountShown('', 2)).toBe('0.00');
    expect(amountShown('12.', 2)).toBe('12.00');
    expect(amountShown('0.5', 2)).toBe('0.50');
  });

  it('reads a physical keyboard', () => {
    expect(keyOfKeyboard('7')).toBe('7');
    expect(keyOfKeyboard(',')).toBe('.');
    expect(keyOfKeyboard('Backspace')).toBe('back');
    expect(keyOfKeyboard('Escape')).toBe('clear');
    expect(keyOfKeyboard('a')).toBeNull();
  });
});
