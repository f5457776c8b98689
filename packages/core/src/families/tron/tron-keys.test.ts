import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
// viem only in this test, as an independent implementation of the key hash Tron shares with Ethereum.
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { T } from '../../texts.ts';
import { WalletInputError } from '../wallet-input.ts';
import {
  checkTronAddress,
  deriveTronAddresses,
  isTronAddress,
  parseTronWalletInput,
  tronAddressFromHex,
  tronAddressToHex,
} from './tron-keys.ts';

/**
 * The BIP39 test mnemonic ("abandon" x11 + "about"). Its Tron addresses at m/44'/195'/0'/0/i are published test
 * vectors: index 0 TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH is what Ian Coleman's BIP39 tool, the Ledger Tron app's test
 * script and Trezor print for this mnemonic; indexes 1-3 as the same tool lists them.
 */
const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const ABANDON_TRON = [
  'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
  'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK',
  'TYJPRrdB5APNeRs4R7fYZSwW3TcrTKw2gx',
  'TRhVWK5XEDkQBDevcdCWW7RW51aRncty4W',
];
const account = HDKey.fromMasterSeed(mnemonicToSeedSync(ABANDON)).derive("m/44'/195'/0'");
const XPUB = account.publicExtendedKey;

const refused = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof WalletInputError) return { reason: err.reason, message: err.message };
    throw err;
  }
  throw new Error('not refused');
};

describe('Tron addresses', () => {
  it('converts between the hex and base58check forms as Tron documents them', () => {
    // developers.tron.network, "Account": the hex address 418840E6C55B9ADA326D211D818C34A994AECED808 is
    // TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL in base58check.
    expect(tronAddressFromHex('418840E6C55B9ADA326D211D818C34A994AECED808')).toBe(
      'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    );
    // Tether's USDT contract on Tron, as Tronscan shows both forms.
    expect(tronAddressFromHex('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    // the 20 bytes alone (event topics, 0x tools) name the same address
    expect(tronAddressFromHex('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    expect(tronAddressToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
    );
    expect(() => tronAddressFromHex('42a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toThrow(RangeError);
  });

  it('accepts valid addresses and refuses a mistyped one by its checksum', () => {
    for (const a of ['TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', ...ABANDON_TRON]) {
      expect(checkTronAddress(` ${a} `)).toBe(a);
      expect(isTronAddress(a)).toBe(true);
    }
    // one character changed
    expect(refused(() => checkTronAddress('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM'))).toEqual({
      reason: 'checksum',
      message: T.tronAddressChecksum,
    });
    expect(isTronAddress('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM')).toBe(false);
  });

  it('tells a merchant who pasted an Ethereum address that Tron needs the T… form', () => {
    expect(refused(() => checkTronAddress('0x9858EfFD232B4033E47d90003D41EC34EcaEda94'))).toEqual({
      reason: 'other_network',
      message: T.tronEvmAddressPasted,
    });
    expect(refused(() => parseTronWalletInput('0x9858effd232b4033e47d90003d41ec34ecaeda94')).message).toBe(
      T.tronEvmAddressPasted,
    );
    expect(refused(() => checkTronAddress('418840E6C55B9ADA326D211D818C34A994AECED808')).message).toBe(
      T.tronHexAddressPasted,
    );
  });

  it('refuses addresses of other networks and malformed text', () => {
    for (const other of [
      '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA', // a Bitcoin address: base58check, another prefix
      'LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez', // Litecoin
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqe', // one character short
      'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL0',
    ]) {
      expect(isTronAddress(other)).toBe(false);
      const r = refused(() => parseTronWalletInput(other));
      expect(['invalid', 'checksum']).toContain(r.reason);
    }
    expect(refused(() => parseTronWalletInput('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).message).toBe(
      T.tronZeroAddress,
    );
    expect(refused(() => parseTronWalletInput('  ')).reason).toBe('required');
  });
});

describe("Tron account keys (m/44'/195'/0')", () => {
  it("derives the published addresses of the test mnemonic at m/44'/195'/0'/0/i", () => {
    const parsed = parseTronWalletInput(XPUB);
    expect(parsed).toMatchObject({ kind: 'xpub', prefix: 'xpub', depth: 3 });
    expect(deriveTronAddresses(XPUB, 0, 4)).toEqual(ABANDON_TRON);
    expect(deriveTronAddresses(XPUB, 2, 2)).toEqual(ABANDON_TRON.slice(2));
  });

  it('hashes the key as Ethereum does: the same 20 bytes as viem computes for the same child key', () => {
    const child = HDKey.fromMasterSeed(mnemonicToSeedSync(ABANDON)).derive("m/44'/195'/0'/0/0");
    const evm = privateKeyToAccount(`0x${bytesToHex(child.privateKey!)}`).address.toLowerCase();
    expect(tronAddressToHex(ABANDON_TRON[0]!)).toBe(`41${evm.slice(2)}`);
  });

  it('refuses private keys and recovery phrases with a warning, and keys of an unknown version', () => {
    expect(refused(() => parseTronWalletInput(account.privateExtendedKey))).toEqual({
      reason: 'private_key',
      message: T.tronPrivateKeyRefused,
    });
    const raw = bytesToHex(account.deriveChild(0).deriveChild(0).privateKey!);
    expect(refused(() => parseTronWalletInput(raw)).reason).toBe('private_key');
    expect(refused(() => parseTronWalletInput(ABANDON)).reason).toBe('seed_phrase');
    // a zpub (BIP84 version bytes) of the same key: not an account key Tron wallets export
    const zpub = HDKey.fromMasterSeed(mnemonicToSeedSync(ABANDON), {
      public: 0x04b24746,
      private: 0x04b2430c,
    }).derive("m/84'/0'/0'").publicExtendedKey;
    expect(refused(() => parseTronWalletInput(zpub))).toEqual({
      reason: 'invalid',
      message: T.tronKeyVersion,
    });
  });
});
