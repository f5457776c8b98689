import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';

/**
 * What a merchant must never paste as a wallet: a private key or a recovery phrase. The wallet form warns before
 * the value leaves the browser, and the server's parsers (utxo-keys, evm-keys) refuse it with the same reading.
 */

/** BIP32 extended private keys of every flavour Coinlane knows (xprv, yprv, zprv, tprv, ..., Ltpv, dgpv). */
const EXTENDED_PRIVATE_KEY = /^(xprv|yprv|zprv|tprv|uprv|vprv|Ltpv|Mtpv|dgpv)/;
/** A raw 32-byte private key in hex (an EVM address has 40 digits). */
const RAW_PRIVATE_KEY = /^(0x)?[0-9a-fA-F]{64}$/;
const b58c = createBase58check(sha256);
/**
 * A WIF private key: 51 or 52 base58 characters whose checksum holds over a version byte, the 32-byte key and, for
 * a compressed key, 0x01. No address Coinlane accepts has that form.
 */
function isWif(v: string) {
  if (!/^[1-9A-HJ-NP-Za-km-z]{51,52}$/.test(v)) return false;
  try {
    const raw = b58c.decode(v);
    return raw.length === 33 || (raw.length === 34 && raw[33] === 0x01);
  } catch {
    return false;
  }
}
/** A BIP39-style recovery phrase: twelve or more words of letters. */
const isSeedPhrase = (v: string) => {
  const words = v.split(/\s+/);
  return words.length >= 12 && words.every((w) => /^[a-z]+$/i.test(w));
};

/** Whether `input` (trimmed) is a private key or a recovery phrase; null for anything else. */
export function secretKind(input: string): 'private_key' | 'seed_phrase' | null {
  const v = input.trim();
  if (EXTENDED_PRIVATE_KEY.test(v) || RAW_PRIVATE_KEY.test(v) || isWif(v)) return 'private_key';
  if (isSeedPhrase(v)) return 'seed_phrase';
  return null;
}
