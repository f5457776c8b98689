import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { HDKey } from '@scure/bip32';
import { T } from '../../texts.ts';
import { secretKind } from '../../wallet-secrets.ts';
import { accountHdKey, keccakAddressBytes, type ParsedAccountKey, parseAccountKey } from '../account-keys.ts';
import { WalletInputError } from '../wallet-input.ts';

/**
 * Merchant wallets on EVM networks (pure, no viem): an address checked against its EIP-55 checksum, or an
 * account extended public key (the key at m/44'/60'/0', as Ledger-style wallet apps export it) whose receiving
 * addresses are its external children 0/i, i.e. m/44'/60'/0'/0/i (MetaMask's and Hardhat's accounts).
 * EVM addresses carry no network: the same address is valid on every EVM chain and chain mode.
 */

export type TEvmAddress = `0x${string}`;

export type ParsedEvmWalletInput = { kind: 'address'; address: TEvmAddress } | ParsedAccountKey;

/** The EVM family's messages for an account key that is private or of another version. */
const EVM_KEY_MESSAGES = { privateKey: T.evmPrivateKeyRefused, unknownVersion: T.evmKeyVersion };

/** The EIP-55 mixed-case form of 20 address bytes given as 40 lower-case hex digits. */
function checksumOf(lowerHex: string): TEvmAddress {
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lowerHex)));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lowerHex[i]!;
    out += Number.parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out as TEvmAddress;
}

/**
 * An EVM address in its EIP-55 checksummed form. All-lower-case and all-upper-case addresses carry no checksum
 * and are accepted; a mixed-case address must match its checksum (a mistyped character is caught).
 * Throws WalletInputError ('invalid' or 'checksum') with a message for the merchant.
 */
export function checksumEvmAddress(input: string): TEvmAddress {
  const value = input.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw new WalletInputError('invalid', T.evmAddressInvalid);
  const body = value.slice(2);
  const expected = checksumOf(body.toLowerCase());
  if (body !== body.toLowerCase() && body !== body.toUpperCase() && value !== expected) {
    throw new WalletInputError('checksum', T.evmAddressChecksum);
  }
  return expected;
}

/** True for a syntactically valid address whose checksum (if mixed case) matches. */
export function isEvmAddress(input: string): boolean {
  try {
    checksumEvmAddress(input);
    return true;
  } catch {
    return false;
  }
}

/**
 * Parses what a merchant pasted as a wallet for an EVM network: an address (EIP-55 checked) or an account
 * extended public key (xpub / tpub of m/44'/60'/0'). Private keys (raw 64-hex, WIF or xprv-style) and recovery
 * phrases are refused with a warning. Throws WalletInputError with a message for the merchant.
 */
export function parseEvmWalletInput(input: string): ParsedEvmWalletInput {
  const value = input.trim();
  if (!value) throw new WalletInputError('required', T.evmWalletInputRequired);
  const secret = secretKind(value);
  if (secret === 'seed_phrase') throw new WalletInputError('seed_phrase', T.walletSeedPhraseRefused);
  if (secret === 'private_key') throw new WalletInputError('private_key', T.evmPrivateKeyRefused);
  if (/\s/.test(value)) throw new WalletInputError('invalid', T.evmAddressInvalid);
  if (/^0x/i.test(value)) {
    const address = checksumEvmAddress(value);
    // The zero address is nobody's wallet: what is sent there is burnt, and no forwarder can pay out to it.
    if (/^0x0{40}$/.test(address)) throw new WalletInputError('invalid', T.evmZeroAddress);
    return { kind: 'address', address };
  }
  if (/^[1-9A-HJ-NP-Za-km-z]{100,120}$/.test(value)) return parseAccountKey(value, EVM_KEY_MESSAGES);
  throw new WalletInputError('invalid', T.evmAddressInvalid);
}

/** The address of a secp256k1 public key (compressed or not): last 20 bytes of keccak256(x || y), EIP-55. */
export function evmAddressOfPublicKey(publicKey: Uint8Array): TEvmAddress {
  return checksumOf(bytesToHex(keccakAddressBytes(publicKey)));
}

/**
 * Receiving addresses of an account key: external chain 0/i below it (m/44'/60'/0'/0/i for an account key of
 * m/44'/60'/0'), for i in [start, start + count), EIP-55 checksummed.
 */
export function deriveEvmAddresses(key: string | HDKey, start: number, count: number): TEvmAddress[] {
  const external = (typeof key === 'string' ? accountHdKey(key, EVM_KEY_MESSAGES) : key).deriveChild(0);
  const out: TEvmAddress[] = [];
  for (let i = start; i < start + count; i++)
    out.push(evmAddressOfPublicKey(external.deriveChild(i).publicKey!));
  return out;
}
