import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { T } from '../texts.ts';
import { WalletInputError } from './wallet-input.ts';

/**
 * What the account-based families (EVM, Tron) share: an account extended public key of m/44'/<coin>'/0' as wallet
 * apps export it (xpub, or tpub from test tools), and the 20 address bytes of a secp256k1 key (the last 20 bytes of
 * the Keccak-256 hash of its uncompressed point), which EVM writes as 0x hex and Tron as base58check after 0x41.
 */

/** BIP32 versions accepted for an account key: xpub (the usual export) and tpub (testnet tools). */
const ACCOUNT_KEY_VERSIONS = [
  { prefix: 'xpub', public: 0x0488b21e, private: 0x0488ade4 },
  { prefix: 'tpub', public: 0x043587cf, private: 0x04358394 },
] as const;

export type ParsedAccountKey = {
  kind: 'xpub';
  key: string;
  prefix: 'xpub' | 'tpub';
  depth: number;
  /** BIP32 fingerprint (hex) of the key, to match it in a wallet app. */
  fingerprint: string;
};

/** The family's messages for a private extended key pasted, and for a key of another version (zpub, Ltub, ...). */
export type AccountKeyMessages = { privateKey: string; unknownVersion: string };

const b58c = createBase58check(sha256);

function versionOf(value: string): number {
  let payload: Uint8Array;
  try {
    payload = b58c.decode(value);
  } catch {
    throw new WalletInputError('checksum', T.walletInvalidChecksum);
  }
  if (payload.length !== 78) throw new WalletInputError('invalid', T.walletInvalidKey);
  return new DataView(payload.buffer, payload.byteOffset).getUint32(0);
}

/** The BIP32 key of an account xpub/tpub; throws WalletInputError with the family's message otherwise. */
export function accountHdKey(value: string, messages: AccountKeyMessages): HDKey {
  const version = versionOf(value);
  if (ACCOUNT_KEY_VERSIONS.some((v) => v.private === version)) {
    throw new WalletInputError('private_key', messages.privateKey);
  }
  const kv = ACCOUNT_KEY_VERSIONS.find((v) => v.public === version);
  if (!kv) throw new WalletInputError('invalid', messages.unknownVersion);
  try {
    return HDKey.fromExtendedKey(value, { public: kv.public, private: kv.private });
  } catch {
    throw new WalletInputError('invalid', T.walletInvalidKey);
  }
}

/** An account key as pasted (base58check, 78 bytes, xpub or tpub version); private keys refused with a warning. */
export function parseAccountKey(value: string, messages: AccountKeyMessages): ParsedAccountKey {
  const hd = accountHdKey(value, messages);
  const prefix = versionOf(value) === ACCOUNT_KEY_VERSIONS[0].public ? 'xpub' : 'tpub';
  return {
    kind: 'xpub',
    key: value,
    prefix,
    depth: hd.depth,
    fingerprint: hd.fingerprint.toString(16).padStart(8, '0'),
  };
}

/** The 20 address bytes of a secp256k1 public key (compressed or not): the last 20 bytes of keccak256(x || y). */
export function keccakAddressBytes(publicKey: Uint8Array): Uint8Array {
  const uncompressed =
    publicKey.length === 65 ? publicKey : secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}
