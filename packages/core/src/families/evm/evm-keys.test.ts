import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
// viem only in this test, as an independent implementation to compare with (core itself stays free of it).
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { T } from '../../texts.ts';
import { WalletInputError } from '../wallet-input.ts';
import {
  checksumEvmAddress,
  deriveEvmAddresses,
  evmAddressOfPublicKey,
  isEvmAddress,
  parseEvmWalletInput,
} from './evm-keys.ts';

/** Hardhat's default mnemonic: its accounts are m/44'/60'/0'/0/i. */
const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';
const account = HDKey.fromMasterSeed(mnemonicToSeedSync(HARDHAT_MNEMONIC)).derive("m/44'/60'/0'");
const XPUB = account.publicExtendedKey;
const XPRV = account.privateExtendedKey;
const TPUB_ACCOUNT = HDKey.fromMasterSeed(mnemonicToSeedSync(HARDHAT_MNEMONIC), {
  public: 0x043587cf,
  private: 0x04358394,
}).derive("m/44'/60'/0'");

const refused = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof WalletInputError) return { reason: err.reason, message: err.message };
    throw err;
  }
  throw new Error('not refused');
};

describe('EIP-55 addresses', () => {
  // The EIP-55 specification's own examples.
  const SPEC = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each(SPEC)('accepts %s and returns it unchanged', (a) => {
    expect(checksumEvmAddress(a)).toBe(a);
    expect(isEvmAddress(a)).toBe(true);
  });

  it('checksums all-lower-case and all-upper-case input (no checksum to check)', () => {
    for (const a of SPEC) {
      expect(checksumEvmAddress(a.toLowerCase())).toBe(a);
      expect(checksumEvmAddress(`0x${a.slice(2).toUpperCase()}`)).toBe(a);
    }
  });

  it('refuses a mixed-case address with one letter of the wrong case (a typo the checksum catches)', () => {
    const typo = `0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD`;
    expect(refused(() => checksumEvmAddress(typo))).toEqual({
      reason: 'checksum',
      message: T.evmAddressChecksum,
    });
    expect(isEvmAddress(typo)).toBe(false);
  });

  it.each([
    ['too short', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'],
    ['not hex', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeZ'],
    ['no 0x', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ])('refuses an address %s', (_n, a) => {
    expect(refused(() => checksumEvmAddress(a))).toEqual({ reason: 'invalid', message: T.evmAddressInvalid });
  });

  it("equals viem's address of the same private key", () => {
    for (const byte of ['11', '7f', 'c3']) {
      const key = `0x${byte.repeat(32)}` as const;
      const pub = secp256k1.getPublicKey(Uint8Array.from(Buffer.from(key.slice(2), 'hex')), true);
      expect(evmAddressOfPublicKey(pub)).toBe(privateKeyToAccount(key).address);
    }
  });
});

describe('EVM wallet input', () => {
  it('parses an address', () => {
    expect(parseEvmWalletInput(' 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed ')).toEqual({
      kind: 'address',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
  });

  it('parses an account xpub and a tpub', () => {
    expect(parseEvmWalletInput(XPUB)).toMatchObject({ kind: 'xpub', key: XPUB, prefix: 'xpub', depth: 3 });
    expect(parseEvmWalletInput(TPUB_ACCOUNT.publicExtendedKey)).toMatchObject({
      kind: 'xpub',
      prefix: 'tpub',
    });
  });

  it('refuses private keys, recovery phrases, other keys and garbage with a clear message', () => {
    expect(refused(() => parseEvmWalletInput(XPRV))).toEqual({
      reason: 'private_key',
      message: T.evmPrivateKeyRefused,
    });
    expect(refused(() => parseEvmWalletInput(`0x${'ab'.repeat(32)}`)).reason).toBe('private_key');
    expect(refused(() => parseEvmWalletInput('ab'.repeat(32))).reason).toBe('private_key');
    expect(refused(() => parseEvmWalletInput(HARDHAT_MNEMONIC))).toEqual({
      reason: 'seed_phrase',
      message: T.walletSeedPhraseRefused,
    });
    expect(refused(() => parseEvmWalletInput(''))).toEqual({
      reason: 'required',
      message: T.evmWalletInputRequired,
    });
    // The zero address: valid syntax, nobody's wallet (a forwarder to it could never pay out).
    expect(refused(() => parseEvmWalletInput(`0x${'0'.repeat(40)}`))).toEqual({
      reason: 'invalid',
      message: T.evmZeroAddress,
    });
    // A zpub is a Bitcoin key version.
    const zpub =
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    expect(refused(() => parseEvmWalletInput(zpub))).toEqual({ reason: 'invalid', message: T.evmKeyVersion });
    const broken = `${XPUB.slice(0, -1)}${XPUB.endsWith('a') ? 'b' : 'a'}`;
    expect(refused(() => parseEvmWalletInput(broken)).reason).toBe('checksum');
    expect(refused(() => parseEvmWalletInput('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'))).toEqual({
      reason: 'invalid',
      message: T.evmAddressInvalid,
    });
  });
});

describe('derived addresses', () => {
  it("derives m/44'/60'/0'/0/i from the account xpub exactly as viem's mnemonicToAccount (Hardhat's accounts)", () => {
    const expected = Array.from(
      { length: 10 },
      (_, addressIndex) => mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex }).address,
    );
    expect(expected[0]).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'); // Hardhat's well-known account 0
    expect(deriveEvmAddresses(XPUB, 0, 10)).toEqual(expected);
    expect(deriveEvmAddresses(XPUB, 7, 2)).toEqual(expected.slice(7, 9));
    expect(deriveEvmAddresses(TPUB_ACCOUNT.publicExtendedKey, 0, 3)).toEqual(expected.slice(0, 3));
    // ten of viem's mnemonic-to-key stretches (PBKDF2, 2,048 rounds each) in plain JavaScript: over the default 5 s
    // on a loaded machine (CI-like run, 2026-12-02)
  }, 60_000);

  it('takes compressed and uncompressed public keys', () => {
    const child = account.deriveChild(0).deriveChild(0);
    const viem = mnemonicToAccount(HARDHAT_MNEMONIC).publicKey; // 0x04 + x + y
    const uncompressed = Uint8Array.from(Buffer.from(viem.slice(2), 'hex'));
    expect(evmAddressOfPublicKey(uncompressed)).toBe(evmAddressOfPublicKey(child.publicKey!));
  });
});
