import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import type { HDKey } from '@scure/bip32';
import { T } from '../../texts.ts';
import { secretKind } from '../../wallet-secrets.ts';
import { accountHdKey, keccakAddressBytes, type ParsedAccountKey, parseAccountKey } from '../account-keys.ts';
import { WalletInputError } from '../wallet-input.ts';

/**
 * Merchant wallets on Tron (pure): an address in Tron's base58check form (21 bytes: the 0x41 prefix and the 20 bytes
 * of the key's Keccak-256 hash, as on Ethereum, then a 4-byte double-SHA-256 checksum; it always begins with T), or
 * an account extended public key of m/44'/195'/0' (SLIP-44 coin type 195, as TronLink, Ledger and Trezor export it)
 * whose receiving addresses are its external children 0/i, i.e. m/44'/195'/0'/0/i. Tron's testnets (Shasta, Nile)
 * and a private network use the same address form as mainnet: an address carries no network.
 */

/** A Tron address in base58check form (T…). */
export type TTronAddress = string & { readonly __tron?: never };

export type ParsedTronWalletInput = { kind: 'address'; address: TTronAddress } | ParsedAccountKey;

/** The Tron family's messages for an account key that is private or of another version. */
const TRON_KEY_MESSAGES = { privateKey: T.tronPrivateKeyRefused, unknownVersion: T.tronKeyVersion };

/** The byte every Tron address begins with (mainnet, Shasta, Nile and private networks alike). */
export const TRON_ADDRESS_PREFIX = 0x41;

const b58c = createBase58check(sha256);

/** The base58check address of 20 address bytes (the prefix added). */
export function tronAddressOfBytes(body: Uint8Array): TTronAddress {
  if (body.length !== 20) throw new RangeError('a Tron address body is 20 bytes');
  const payload = new Uint8Array(21);
  payload[0] = TRON_ADDRESS_PREFIX;
  payload.set(body, 1);
  return b58c.encode(payload);
}

/**
 * The base58check address of a hex address as Tron's HTTP API writes it: `41` and 40 hex digits (full nodes'
 * default), or the 20 bytes alone (`0x…` or bare 40 hex digits, as event topics and some tools write them).
 * Throws RangeError on anything else.
 */
export function tronAddressFromHex(hex: string): TTronAddress {
  const h = hex.replace(/^0x/i, '').toLowerCase();
  if (/^41[0-9a-f]{40}$/.test(h)) return tronAddressOfBytes(hexToBytes(h.slice(2)));
  if (/^[0-9a-f]{40}$/.test(h)) return tronAddressOfBytes(hexToBytes(h));
  throw new RangeError(`not a Tron hex address: ${hex}`);
}

/** The hex form of a base58check address (`41` and 40 hex digits, lower case), as the node's API takes it. */
export function tronAddressToHex(address: TTronAddress): string {
  return bytesToHex(decodeTronAddress(address));
}

/** The 21 bytes of a base58check Tron address; throws WalletInputError ('invalid' or 'checksum'). */
function decodeTronAddress(input: string): Uint8Array {
  let payload: Uint8Array;
  try {
    payload = b58c.decode(input);
  } catch {
    throw new WalletInputError('checksum', T.tronAddressChecksum);
  }
  if (payload.length !== 21 || payload[0] !== TRON_ADDRESS_PREFIX) {
    throw new WalletInputError('invalid', T.tronAddressInvalid);
  }
  return payload;
}

/**
 * A Tron address checked: base58 characters, 21 bytes with the 0x41 prefix, a matching checksum. An Ethereum-style
 * address (0x and 40 hex digits) is refused with its own message: it is the same key's hash, but a wallet sending
 * USDT on Tron needs the T… form, and the merchant most likely pasted an address of another network.
 * Throws WalletInputError with a message for the merchant.
 */
export function checkTronAddress(input: string): TTronAddress {
  const value = input.trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(value)) throw new WalletInputError('other_network', T.tronEvmAddressPasted);
  if (/^41[0-9a-fA-F]{40}$/.test(value)) throw new WalletInputError('invalid', T.tronHexAddressPasted);
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) {
    // the right length and alphabet but another first letter: base58 of another prefix (or a typo)
    if (/^[1-9A-HJ-NP-Za-km-z]{25,40}$/.test(value)) decodeTronAddress(value);
    throw new WalletInputError('invalid', T.tronAddressInvalid);
  }
  decodeTronAddress(value);
  return value;
}

/** True for a valid base58check Tron address (the admin form's token contracts, the sanctions list). */
export function isTronAddress(input: string): boolean {
  try {
    checkTronAddress(input);
    return true;
  } catch {
    return false;
  }
}

/**
 * Parses what a merchant pasted as a wallet for Tron: a T… address or an account xpub/tpub of m/44'/195'/0'.
 * Private keys (64 hex digits, WIF, xprv) and recovery phrases are refused with a warning.
 */
export function parseTronWalletInput(input: string): ParsedTronWalletInput {
  const value = input.trim();
  if (!value) throw new WalletInputError('required', T.tronWalletInputRequired);
  const secret = secretKind(value);
  if (secret === 'seed_phrase') throw new WalletInputError('seed_phrase', T.walletSeedPhraseRefused);
  if (secret === 'private_key') throw new WalletInputError('private_key', T.tronPrivateKeyRefused);
  if (/\s/.test(value)) throw new WalletInputError('invalid', T.tronAddressInvalid);
  if (/^[1-9A-HJ-NP-Za-km-z]{100,120}$/.test(value)) return parseAccountKey(value, TRON_KEY_MESSAGES);
  const address = checkTronAddress(value);
  // T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb: the 20 zero bytes, nobody's wallet (what is sent there is burnt)
  if (/^0{40}$/.test(bytesToHex(decodeTronAddress(address).subarray(1)))) {
    throw new WalletInputError('invalid', T.tronZeroAddress);
  }
  return { kind: 'address', address };
}

/** The Tron address of a secp256k1 public key (compressed or not): 0x41 and the last 20 bytes of keccak256(x || y). */
export function tronAddressOfPublicKey(publicKey: Uint8Array): TTronAddress {
  return tronAddressOfBytes(keccakAddressBytes(publicKey));
}

/** Receiving addresses of an account key: its external children 0/i (m/44'/195'/0'/0/i), for i in [start, start + count). */
export function deriveTronAddresses(key: string | HDKey, start: number, count: number): TTronAddress[] {
  const external = (typeof key === 'string' ? accountHdKey(key, TRON_KEY_MESSAGES) : key).deriveChild(0);
  const out: TTronAddress[] = [];
  for (let i = start; i < start + count; i++)
    out.push(tronAddressOfPublicKey(external.deriveChild(i).publicKey!));
  return out;
}
