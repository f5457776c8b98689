import { describe, expect, it } from 'vitest';
import { NETWORK_IDS, NETWORKS } from '../../currencies.ts';
import { T } from '../../texts.ts';
import { WalletInputError } from '../wallet-input.ts';
import {
  canonicalAddress,
  deriveAddresses,
  legacyAddress,
  parseWalletInput,
  shortAddress,
  UTXO_NETWORKS,
  type WalletTarget,
} from './utxo-keys.ts';

// Account keys of the public test mnemonic "abandon abandon ... about" (BIP84, BIP49, BIP44 test vectors).
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const YPUB =
  'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP';
const XPUB44 =
  'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';
const UPUB49 =
  'upub5EFU65HtV5TeiSHmZZm7FUffBGy8UKeqp7vw43jYbvZPpoVsgU93oac7Wk3u6moKegAEWtGNF8DehrnHtv21XXEMYRUocHqguyjknFHYfgY';
// m/84'/1'/0' of the same mnemonic as a tpub; its addresses were checked with `litecoind -regtest deriveaddresses`.
const TPUB =
  'tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M';
const TPRV =
  'tprv8fSjiqEQ8YG7Ro7gw2ScwcvweYuuWi1ZzGUtrPz918HvDtBzL5s2voFTrN4y3yUwj5cYD54pLhxk6NKCzHUjcka3zbKjbTEcsuAnkzbjhkL';

// An ltc1 address: the BIP84 zpub's first key on Litecoin mainnet.
const LTC_MAIN_ADDRESS = deriveAddresses(
  XPUB44,
  'p2wpkh',
  { network: 'litecoin', chainMode: 'mainnet' },
  0,
  1,
)[0]!;

const BTC: WalletTarget = { network: 'bitcoin', chainMode: 'mainnet' };
const LTC_REG: WalletTarget = { network: 'litecoin', chainMode: 'regtest' };

const refused = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof WalletInputError) return { reason: err.reason, message: err.message };
    throw err;
  }
  throw new Error('not refused');
};

describe('keys: derivation vectors', () => {
  it.each([
    [
      'BIP84 zpub',
      ZPUB,
      BTC,
      undefined,
      ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g'],
    ],
    ['BIP49 ypub', YPUB, BTC, undefined, ['37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf']],
    ['BIP44 xpub as legacy', XPUB44, BTC, 'p2pkh', ['1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA']],
    [
      'BIP49 upub (testnet)',
      UPUB49,
      { network: 'bitcoin', chainMode: 'testnet' },
      undefined,
      ['2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2'],
    ],
    [
      'litecoin regtest tpub, native segwit (litecoind)',
      TPUB,
      LTC_REG,
      undefined,
      [
        'rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg',
        'rltc1qd7spv5q28348xl4myc8zmh983w5jx32cwn4h9f',
        'rltc1qxdyjf6h5d6qxap4n2dap97q4j5ps6ua8vmutcu',
        'rltc1qynpgs6wap6h9uvy7j0xlesew2w82qn03mxcskv',
        'rltc1q677973lw0w796gttpy52f296jqaaksz0gsh9ga',
      ],
    ],
    [
      'litecoin regtest tpub, nested segwit (litecoind)',
      TPUB,
      LTC_REG,
      'p2sh-p2wpkh',
      ['QeUq3JyfqViWTmAdp5PVPm4VJB8TvCpz3h', 'QjaGCvuXNyU3f6B2aCWsnT52BqMTgAxvGA'],
    ],
    [
      'litecoin regtest tpub, legacy (litecoind)',
      TPUB,
      LTC_REG,
      'p2pkh',
      ['mzYpQmSAGYWWyTLiLGbGaG8T3rHdjNcV11', 'mqhB5Q36hdgWv2hLhyDk79zzi7MxjRYfHn'],
    ],
  ] as const)('%s', (_name, key, target, chosen, expected) => {
    const parsed = parseWalletInput(key, target, chosen);
    expect(parsed.kind).toBe('xpub');
    if (parsed.kind !== 'xpub') return;
    expect(deriveAddresses(parsed.key, parsed.scriptType, target, 0, expected.length)).toEqual(expected);
  });

  it('types follow the key version; xpub defaults to native segwit, legacy on dogecoin', () => {
    expect(parseWalletInput(ZPUB, BTC)).toMatchObject({ scriptType: 'p2wpkh', prefix: 'zpub', depth: 3 });
    expect(parseWalletInput(YPUB, BTC)).toMatchObject({ scriptType: 'p2sh-p2wpkh' });
    expect(parseWalletInput(XPUB44, BTC)).toMatchObject({ scriptType: 'p2wpkh' });
    expect(parseWalletInput(XPUB44, { network: 'dogecoin', chainMode: 'mainnet' })).toMatchObject({
      scriptType: 'p2pkh',
    });
    const [doge] = deriveAddresses(XPUB44, 'p2pkh', { network: 'dogecoin', chainMode: 'mainnet' }, 0, 1);
    expect(doge).toMatch(/^D/);
  });

  it('refuses private keys, seed phrases, wrong chain modes and fixed-type overrides', () => {
    expect(refused(() => parseWalletInput(TPRV, LTC_REG))).toEqual({
      reason: 'private_key',
      message: T.walletPrivateKeyRefused,
    });
    expect(refused(() => parseWalletInput(`xprv${TPRV.slice(4)}`, BTC)).reason).toBe('private_key');
    expect(refused(() => parseWalletInput(`${'abandon '.repeat(11)}about`, BTC)).reason).toBe('seed_phrase');
    expect(refused(() => parseWalletInput(TPUB, BTC)).message).toBe(
      'This is a testnet key; this network runs on mainnet',
    );
    expect(refused(() => parseWalletInput(ZPUB, LTC_REG)).message).toBe(
      'This is a mainnet key; this network runs on regtest',
    );
    expect(refused(() => parseWalletInput(ZPUB, BTC, 'p2pkh')).reason).toBe('script_type');
    expect(refused(() => parseWalletInput(ZPUB, { network: 'dogecoin', chainMode: 'mainnet' })).message).toBe(
      T.walletNoSegwit('Dogecoin'),
    );
    const broken = `${ZPUB.slice(0, 50)}${ZPUB[50] === 'a' ? 'b' : 'a'}${ZPUB.slice(51)}`;
    expect(refused(() => parseWalletInput(broken, BTC)).message).toBe('Invalid checksum');
  });
});

describe('single addresses', () => {
  it.each([
    ['bitcoin', 'mainnet', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'p2wpkh'],
    ['bitcoin', 'mainnet', 'BC1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU', 'p2wpkh'],
    ['bitcoin', 'mainnet', 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', 'p2tr'],
    ['bitcoin', 'mainnet', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'p2wsh'],
    ['bitcoin', 'mainnet', '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA', 'p2pkh'],
    ['bitcoin', 'mainnet', '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf', 'p2sh'],
    ['bitcoin', 'testnet', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'p2wpkh'],
    ['bitcoin', 'regtest', 'bcrt1qs758ursh4q9z627kt3pp5yysm78ddny6txaqgw', 'p2wpkh'],
    ['litecoin', 'regtest', 'rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg', 'p2wpkh'],
    ['litecoin', 'regtest', 'QeUq3JyfqViWTmAdp5PVPm4VJB8TvCpz3h', 'p2sh'],
    ['litecoin', 'mainnet', 'M7wtsL7wSHDBJVMWWhtQfTMSYYkyooAAXM', 'p2sh'],
    ['dogecoin', 'mainnet', 'DQyGohGYpVsq1oyLh35PpRz5kf3qwZonzL', 'p2pkh'],
  ] as const)('%s %s %s', (network, chainMode, address, scriptType) => {
    expect(parseWalletInput(address, { network, chainMode })).toEqual({
      kind: 'address',
      address: /^[A-Z0-9]+$/.test(address) && address.startsWith('BC1') ? address.toLowerCase() : address,
      scriptType,
    });
  });

  it.each([
    ['bad bech32 checksum', BTC, 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv', 'Invalid checksum'],
    ['bad base58 checksum', BTC, '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabB', 'Invalid checksum'],
    [
      'testnet address on mainnet',
      BTC,
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      'This is a testnet address; this network runs on mainnet',
    ],
    [
      'mainnet address on regtest',
      LTC_REG,
      LTC_MAIN_ADDRESS,
      'This is a mainnet address; this network runs on regtest',
    ],
    [
      'bitcoin address on litecoin',
      { network: 'litecoin', chainMode: 'mainnet' },
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      'This is a Bitcoin address, not a Litecoin address',
    ],
    [
      'litecoin address on dogecoin',
      { network: 'dogecoin', chainMode: 'mainnet' },
      'M7wtsL7wSHDBJVMWWhtQfTMSYYkyooAAXM',
      'This is a Litecoin address, not a Dogecoin address',
    ],
    [
      'mixed case bech32',
      BTC,
      'bc1qCR8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      T.walletInvalidAddress('Bitcoin'),
    ],
    ['garbage', BTC, 'hello', T.walletInvalidAddress('Bitcoin')],
    [
      'a Bitcoin Cash address on bitcoin',
      BTC,
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
      'This is a Bitcoin Cash address, not a Bitcoin address',
    ],
    ['empty', BTC, '  ', T.walletInputRequired],
  ] as const)('refuses %s', (_name, target, input, message) => {
    expect(refused(() => parseWalletInput(input, target)).message).toBe(message);
  });

  it('shows the first 8 and last 6 characters', () => {
    expect(shortAddress('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe('bc1qcr8t…306fyu');
  });
});

// CashAddr: the specification's translations (github.com/bitcoincashorg/bitcoincash.org, spec/cashaddr.md) and the
// first addresses of the BIP39 test mnemonic ("abandon ... about") at m/44'/145'/0' (mainnet) and m/44'/1'/0'
// (testnet, regtest), as wallet libraries' test fixtures publish them (legacy 1mW6fDEMjKrDHvLvoEsaeLxSCzZBf3Bfg,
// testnet mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV).
const BCH: WalletTarget = { network: 'bitcoin-cash', chainMode: 'mainnet' };
const BCH_TEST: WalletTarget = { network: 'bitcoin-cash', chainMode: 'testnet' };
const BCH_REG: WalletTarget = { network: 'bitcoin-cash', chainMode: 'regtest' };
const BCH_XPUB =
  'xpub6ByHsPNSQXTWZ7PLESMY2FufyYWtLXagSUpMQq7Un96SiThZH2iJB1X7pwviH1WtKVeDP6K8d6xxFzzoaFzF3s8BKCZx8oEDdDkNnp4owAZ';
const BCH_TPUB =
  'tpubDC5FSnBiZDMmhiuCmWAYsLwgLYrrT9rAqvTySfuCCrgsWz8wxMXUS9Tb9iVMvcRbvFcAHGkMD5Kx8koh4GquNGNTfohfk7pgjhaPCdXpoba';
const SPEC_CASH = 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';

describe('Bitcoin Cash: CashAddr is the form', () => {
  it.each([
    ['CashAddr with its prefix', BCH, SPEC_CASH, SPEC_CASH, 'p2pkh'],
    ['CashAddr without its prefix', BCH, 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', SPEC_CASH, 'p2pkh'],
    ['CashAddr in upper case', BCH, SPEC_CASH.toUpperCase(), SPEC_CASH, 'p2pkh'],
    ['legacy P2PKH, converted', BCH, '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', SPEC_CASH, 'p2pkh'],
    [
      'legacy P2SH, converted',
      BCH,
      '3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC',
      'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq',
      'p2sh',
    ],
    [
      'CashAddr P2SH without its prefix',
      BCH,
      'pr95sy3j9xwd2ap32xkykttr4cvcu7as4yc93ky28e',
      'bitcoincash:pr95sy3j9xwd2ap32xkykttr4cvcu7as4yc93ky28e',
      'p2sh',
    ],
    [
      'testnet CashAddr',
      BCH_TEST,
      'bchtest:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4',
      'bchtest:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4',
      'p2pkh',
    ],
    [
      'testnet legacy, converted',
      BCH_TEST,
      'mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV',
      'bchtest:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4',
      'p2pkh',
    ],
    [
      'regtest legacy, converted with the regtest prefix',
      BCH_REG,
      'mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV',
      'bchreg:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ypvash69n',
      'p2pkh',
    ],
  ] as const)('takes %s', (_name, target, input, address, scriptType) => {
    expect(parseWalletInput(input, target)).toEqual({ kind: 'address', address, scriptType });
  });

  it.each([
    [
      'a mainnet CashAddr on testnet',
      BCH_TEST,
      SPEC_CASH,
      T.walletCashAddrWrongPrefix('bitcoincash', 'mainnet', 'bchtest', 'testnet'),
    ],
    [
      'a testnet CashAddr on regtest',
      BCH_REG,
      'bchtest:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4',
      T.walletCashAddrWrongPrefix('bchtest', 'testnet', 'bchreg', 'regtest'),
    ],
    [
      'a testnet CashAddr without its prefix on mainnet',
      BCH,
      'qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4',
      T.walletCashAddrWrongPrefix('bchtest', 'testnet', 'bitcoincash', 'mainnet'),
    ],
    ['a changed character', BCH, `${SPEC_CASH.slice(0, -1)}c`, 'Invalid checksum'],
    ['mixed case', BCH, `bitcoincash:QPM2${SPEC_CASH.slice(16)}`, T.walletInvalidAddress('Bitcoin Cash')],
    ['a short body', BCH, 'bitcoincash:qpm2qsznhks23z7629', T.walletInvalidAddress('Bitcoin Cash')],
    [
      'a testnet legacy address on mainnet',
      BCH,
      'mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV',
      'This is a testnet address; this network runs on mainnet',
    ],
    [
      'a segwit address',
      BCH,
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      'This is a Bitcoin address, not a Bitcoin Cash address',
    ],
  ] as const)('refuses %s', (_name, target, input, message) => {
    expect(refused(() => parseWalletInput(input, target)).message).toBe(message);
  });

  it("derives CashAddr from a BIP44 account key (m/44'/145'/0'; tpub m/44'/1'/0' on testnet and regtest)", () => {
    const key = parseWalletInput(BCH_XPUB, BCH);
    expect(key).toMatchObject({ kind: 'xpub', scriptType: 'p2pkh' });
    expect(deriveAddresses(BCH_XPUB, 'p2pkh', BCH, 0, 1)).toEqual([
      'bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6',
    ]);
    expect(deriveAddresses(BCH_TPUB, 'p2pkh', BCH_TEST, 0, 1)).toEqual([
      'bchtest:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4',
    ]);
    expect(deriveAddresses(BCH_TPUB, 'p2pkh', BCH_REG, 0, 1)).toEqual([
      'bchreg:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ypvash69n',
    ]);
    // The same key on Bitcoin writes the legacy form of the same hash.
    expect(deriveAddresses(BCH_XPUB, 'p2pkh', BTC, 0, 1)).toEqual(['1mW6fDEMjKrDHvLvoEsaeLxSCzZBf3Bfg']);
  });

  it('writes a stored legacy address as CashAddr and back', () => {
    expect(canonicalAddress('1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', BCH)).toBe(SPEC_CASH);
    expect(canonicalAddress(SPEC_CASH, BCH)).toBe(SPEC_CASH);
    expect(legacyAddress(SPEC_CASH, BCH)).toBe('1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu');
    expect(canonicalAddress('1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', BTC)).toBe(
      '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu',
    );
  });
});

describe('the UTXO networks', () => {
  it('are exactly the networks the catalogue puts in the utxo family (one fact, stated twice for the types)', () => {
    expect([...UTXO_NETWORKS].sort()).toEqual(
      NETWORK_IDS.filter((id) => NETWORKS[id].family === 'utxo').sort(),
    );
  });
});
