import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { parseEvmWalletInput } from './families/evm/evm-keys.ts';
import { parseWalletInput } from './families/utxo/utxo-keys.ts';
import { WalletInputError } from './families/wallet-input.ts';
import { T } from './texts.ts';
import { secretKind } from './wallet-secrets.ts';

const b58c = createBase58check(sha256);
/** A WIF key: version byte, 32-byte key, and 0x01 when its public key is compressed. */
const wif = (version: number, compressed: boolean) =>
  b58c.encode(Uint8Array.from([version, ...new Uint8Array(32).fill(7), ...(compressed ? [1] : [])]));
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof WalletInputError) return { reason: err.reason, message: err.message };
    throw err;
  }
  throw new Error('accepted');
};

describe('secretKind', () => {
  it('reads WIF keys of every coin and form as private keys', () => {
    // The Bitcoin wiki's example keys, uncompressed (51 characters) and compressed (52).
    expect(secretKind('5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ')).toBe('private_key');
    expect(secretKind(' KwdMAjGmerYanjeui5SHS7JkmpZvVipYvB2LJGU1ZxJwYvP98617 ')).toBe('private_key');
    // Bitcoin/Litecoin/Dogecoin mainnet and the test networks.
    for (const version of [0x80, 0xb0, 0x9e, 0xef, 0xf1])
      for (const compressed of [false, true])
        expect(secretKind(wif(version, compressed))).toBe('private_key');
  });

  it('reads extended private keys, raw hex keys and recovery phrases', () => {
    expect(secretKind(`xprv${'A'.repeat(107)}`)).toBe('private_key');
    expect(secretKind(`Ltpv${'A'.repeat(107)}`)).toBe('private_key');
    expect(secretKind(`0x${'ab'.repeat(32)}`)).toBe('private_key');
    expect(secretKind('ab'.repeat(32))).toBe('private_key');
    expect(secretKind(`${'abandon '.repeat(11)}about`)).toBe('seed_phrase');
    expect(secretKind(`  ${'zoo '.repeat(23)}wrong\n`)).toBe('seed_phrase');
  });

  it('leaves addresses and public keys alone', () => {
    for (const v of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
      'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea',
      'rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg',
      'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      `xpub${'A'.repeat(107)}`,
      'eleven plain words here are not a recovery phrase at all',
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon 4bout',
      // 51 and 52 base58 characters that are not WIF (no valid checksum): e.g. a future bech32 form.
      'bc1zw5x8d6qejxtdg4y5r3zarvaryvqyzf3du5exyzqyzf3du5ex',
      `${'5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ'.slice(0, 50)}K`,
    ]) {
      expect(secretKind(v), v).toBeNull();
    }
  });

  it('is how both wallet parsers refuse a pasted WIF key, each with its own message', () => {
    const key = '5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ';
    expect(refusal(() => parseWalletInput(key, { network: 'bitcoin', chainMode: 'mainnet' }))).toEqual({
      reason: 'private_key',
      message: T.walletPrivateKeyRefused,
    });
    expect(refusal(() => parseEvmWalletInput(key))).toEqual({
      reason: 'private_key',
      message: T.evmPrivateKeyRefused,
    });
  });
});
