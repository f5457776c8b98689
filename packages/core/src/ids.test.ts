import { describe, expect, it } from 'vitest';
import { randomId } from './ids.ts';

describe('randomId', () => {
  it('gives prefixed base32 identifiers of 128 bits, never the same twice across many pool refills', () => {
    // 16 bytes each from a 4 KiB pool: 5,000 identifiers take the pool through about twenty refills
    const ids = Array.from({ length: 5000 }, () => randomId('pay'));
    for (const id of ids) expect(id).toMatch(/^pay_[a-z2-7]{26}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('takes other sizes, larger than the pool too', () => {
    expect(randomId('key', 32)).toMatch(/^key_[a-z2-7]{52}$/);
    const big = randomId('x', 5000);
    expect(big.length).toBe(2 + Math.ceil((5000 * 8) / 5));
    expect(new Set([randomId('a', 5), randomId('a', 5), randomId('a', 5)]).size).toBe(3);
  });
});
