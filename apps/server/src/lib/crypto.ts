import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random URL-safe secret token (256 bits). Only its hash is stored. */
export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** A 6-digit code, uniformly random. */
export const newOtp = (digits = 6) => String(randomInt(0, 10 ** digits)).padStart(digits, '0');
export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

const codeKeys = new Map<string, Buffer>();
/**
 * The stored form of a short secret (a 6-digit sign-in or whitelisting code): HMAC-SHA256 under a key derived
 * from the server's secret key (APP_SECRET_KEY, HKDF with its own label). A million codes hash in a moment, so
 * an unkeyed hash would give a live code to whoever reads the database; keyed, a dump alone reveals nothing.
 */
export function hashShortCode(secretKey: Buffer, value: string): string {
  const id = secretKey.toString('hex');
  let key = codeKeys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), 'coinlane short-code hash v1', 32));
    codeKeys.set(id, key);
  }
  return createHmac('sha256', key).update(value).digest('hex');
}
