import { randomInt } from 'node:crypto';
import {
  POS_CREDENTIAL_PATTERN,
  POS_CREDENTIAL_PREFIX,
  POS_PAIRING_ALPHABET,
  POS_PAIRING_CODE_LENGTH,
} from '@coinlane/core/api/pos';
import type { TMode } from '@coinlane/core/options';
import { hashShortCode, sha256 } from '#app/lib/crypto.ts';
import { randomBase62 } from '#app/modules/api-keys/key-material.ts';

/** Characters of the secret shown after the mode prefix in the merchant's list (`cl_pos_test_AbCd`). */
const VISIBLE_CHARS = 4;

/** A new device credential for `mode`: the full credential (handed to the device once), its prefix and hash. */
export function generatePosCredential(mode: TMode) {
  const credential = `${POS_CREDENTIAL_PREFIX[mode]}${randomBase62(43)}`;
  return {
    credential,
    credentialPrefix: credential.slice(0, POS_CREDENTIAL_PREFIX[mode].length + VISIBLE_CHARS),
    credentialHash: hashPosCredential(credential),
  };
}

/** Credentials are looked up by the SHA-256 of the whole credential (random, 256 bits: no slow hash needed). */
export const hashPosCredential = (credential: string) => sha256(credential);

/** The mode of a well-formed credential, or null. */
export function modeOfPosCredential(credential: string): TMode | null {
  const m = POS_CREDENTIAL_PATTERN.exec(credential);
  return m ? (m[1] as TMode) : null;
}

/** A pairing code: 8 characters of a 31-letter alphabet (about 40 bits), uniformly random. */
export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < POS_PAIRING_CODE_LENGTH; i++)
    code += POS_PAIRING_ALPHABET[randomInt(POS_PAIRING_ALPHABET.length)];
  return code;
}

/**
 * The stored form of a pairing code: HMAC under APP_SECRET_KEY, as the 6-digit codes are (a short code's plain
 * hash would be reversed in a moment by whoever reads the database).
 */
export const hashPairingCode = (secretKey: Buffer, code: string) => hashShortCode(secretKey, `pos:${code}`);
