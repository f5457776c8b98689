/** Prefixed identifiers (usr_, ses_, chl_, ...) with 128 bits of randomness, base32 lower-case. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * Random bytes drawn from a pool filled by the platform's CSPRNG 4 KiB at a time: one getRandomValues call for about
 * 250 identifiers instead of one each (a payment's creation takes four; the call's own cost was 3 % of the server's
 * CPU per API payment, decision 035). The bytes are the same CSPRNG's, each handed out once.
 */
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let used = 0;
function randomBytes(n: number): Uint8Array {
  if (n > POOL_BYTES) return crypto.getRandomValues(new Uint8Array(n));
  if (used + n > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(POOL_BYTES));
    used = 0;
  }
  const out = pool.subarray(used, used + n);
  used += n;
  return out;
}

export function randomId(prefix: string, bytes = 16): string {
  const buf = randomBytes(bytes);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of buf) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return `${prefix}_${out}`;
}
