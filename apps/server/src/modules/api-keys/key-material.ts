import { randomBytes } from 'node:crypto';
import {
  API_KEY_MODE_PREFIX,
  API_KEY_PATTERN,
  API_KEY_SECRET_LENGTH,
  API_KEY_VISIBLE_CHARS,
} from '@coinlane/core/api/api-keys';
import type { TMode } from '@coinlane/core/options';
import { sha256 } from '#app/lib/crypto.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` uniformly random base62 characters (rejection sampling: bytes >= 248 are drawn again). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue; // 248 = 62 * 4: keeps every character equally likely
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A new secret key for `mode`: the full key (shown once), its display prefix and its stored hash. */
export function generateApiKey(mode: TMode) {
  const key = `${API_KEY_MODE_PREFIX[mode]}${randomBase62(API_KEY_SECRET_LENGTH)}`;
  return {
    key,
    keyPrefix: key.slice(0, API_KEY_MODE_PREFIX[mode].length + API_KEY_VISIBLE_CHARS),
    keyHash: hashApiKey(key),
  };
}

/** Keys are looked up by the SHA-256 of the whole key; the key itself is never stored. */
export const hashApiKey = (key: string) => sha256(key);

/** The mode a well-formed key belongs to, or null for anything that is not a Coinlane key. */
export function modeOfApiKey(key: string): TMode | null {
  const m = API_KEY_PATTERN.exec(key);
  return m ? (m[1] as TMode) : null;
}
