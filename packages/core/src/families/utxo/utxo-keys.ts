import { sha256 } from '@noble/hashes/sha2.js';
import { base58, bech32, bech32m, createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { p2pkh, p2sh, p2wpkh } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import { T } from '../../texts.ts';
import { secretKind } from '../../wallet-secrets.ts';
import { CHAIN_MODES, type TChainMode, WalletInputError } from '../wallet-input.ts';
import { CASHADDR_PREFIXES, cashAddrToLegacy, decodeCashAddr, legacyToCashAddr } from './cashaddr.ts';

/**
 * Merchant wallets on UTXO chains (pure): parse and check a single address or an extended public key for one
 * network and chain mode, and derive receiving addresses from a key (external chain m/0/i below the key).
 * Bech32 (v0) and bech32m (v1+) with each chain's prefix, base58check P2PKH / P2SH version bytes, BIP32 key
 * versions (xpub/ypub/zpub, tpub/upub/vpub; Litecoin Ltub/Mtub; Dogecoin dgub). Bitcoin Cash writes CashAddr
 * (cashaddr.ts) with the chain mode's prefix: a CashAddr is read with or without its prefix, a legacy address is
 * taken and converted, and a key derives CashAddr addresses.
 */

export const UTXO_NETWORKS = ['bitcoin', 'litecoin', 'dogecoin', 'bitcoin-cash'] as const;
export type TUtxoNetwork = (typeof UTXO_NETWORKS)[number];
export const isUtxoNetwork = (n: string): n is TUtxoNetwork =>
  (UTXO_NETWORKS as readonly string[]).includes(n);

/** Address types: what a single address is, or which addresses a key derives. */
export const SCRIPT_TYPES = ['p2wpkh', 'p2sh-p2wpkh', 'p2pkh', 'p2sh', 'p2wsh', 'p2tr'] as const;
export type TScriptType = (typeof SCRIPT_TYPES)[number];
/** The types a key can derive (single-key scripts). */
export const KEY_SCRIPT_TYPES = ['p2wpkh', 'p2sh-p2wpkh', 'p2pkh'] as const;
export type TKeyScriptType = (typeof KEY_SCRIPT_TYPES)[number];

const NETWORK_NAMES: Record<TUtxoNetwork, string> = {
  bitcoin: 'Bitcoin',
  litecoin: 'Litecoin',
  dogecoin: 'Dogecoin',
  'bitcoin-cash': 'Bitcoin Cash',
};

type ChainParams = {
  /** Bech32 human-readable prefix, or null for chains without segwit. */
  hrp: string | null;
  /** Base58 version bytes; the first one is the one this code writes. */
  p2pkh: number[];
  p2sh: number[];
  wif: number;
};

export const CHAIN_PARAMS: Record<TUtxoNetwork, Record<TChainMode, ChainParams>> = {
  bitcoin: {
    mainnet: { hrp: 'bc', p2pkh: [0x00], p2sh: [0x05], wif: 0x80 },
    testnet: { hrp: 'tb', p2pkh: [0x6f], p2sh: [0xc4], wif: 0xef },
    regtest: { hrp: 'bcrt', p2pkh: [0x6f], p2sh: [0xc4], wif: 0xef },
  },
  // Litecoin Core writes P2SH with 0x32 (M...) / 0x3a (Q...) and still reads the old 0x05 / 0xc4.
  litecoin: {
    mainnet: { hrp: 'ltc', p2pkh: [0x30], p2sh: [0x32, 0x05], wif: 0xb0 },
    testnet: { hrp: 'tltc', p2pkh: [0x6f], p2sh: [0x3a, 0xc4], wif: 0xef },
    regtest: { hrp: 'rltc', p2pkh: [0x6f], p2sh: [0x3a, 0xc4], wif: 0xef },
  },
  dogecoin: {
    mainnet: { hrp: null, p2pkh: [0x1e], p2sh: [0x16], wif: 0x9e },
    testnet: { hrp: null, p2pkh: [0x71], p2sh: [0xc4], wif: 0xf1 },
    regtest: { hrp: null, p2pkh: [0x6f], p2sh: [0xc4], wif: 0xef },
  },
  'bitcoin-cash': {
    mainnet: { hrp: null, p2pkh: [0x00], p2sh: [0x05], wif: 0x80 },
    testnet: { hrp: null, p2pkh: [0x6f], p2sh: [0xc4], wif: 0xef },
    regtest: { hrp: null, p2pkh: [0x6f], p2sh: [0xc4], wif: 0xef },
  },
};

type KeyVersion = {
  prefix: string;
  public: number;
  private: number;
  /** Mainnet, or testnet-and-regtest (BIP32 has one version for both). */
  modes: readonly TChainMode[];
  /** The networks that use this version. */
  networks: readonly TUtxoNetwork[];
  /** Address type fixed by the version, or null when the merchant chooses (xpub, tpub). */
  script: TKeyScriptType | null;
};

const MAIN = ['mainnet'] as const;
const TEST = ['testnet', 'regtest'] as const;
const ALL_UTXO = UTXO_NETWORKS;
const SEGWIT = ['bitcoin', 'litecoin'] as const;

/** SLIP-132 version bytes. Ltub/Mtub are Litecoin's own mainnet versions (Electrum-LTC), dgub Dogecoin's. */
export const KEY_VERSIONS: readonly KeyVersion[] = [
  { prefix: 'xpub', public: 0x0488b21e, private: 0x0488ade4, modes: MAIN, networks: ALL_UTXO, script: null },
  {
    prefix: 'ypub',
    public: 0x049d7cb2,
    private: 0x049d7878,
    modes: MAIN,
    networks: SEGWIT,
    script: 'p2sh-p2wpkh',
  },
  {
    prefix: 'zpub',
    public: 0x04b24746,
    private: 0x04b2430c,
    modes: MAIN,
    networks: SEGWIT,
    script: 'p2wpkh',
  },
  { prefix: 'tpub', public: 0x043587cf, private: 0x04358394, modes: TEST, networks: ALL_UTXO, script: null },
  {
    prefix: 'upub',
    public: 0x044a5262,
    private: 0x044a4e28,
    modes: TEST,
    networks: SEGWIT,
    script: 'p2sh-p2wpkh',
  },
  {
    prefix: 'vpub',
    public: 0x045f1cf6,
    private: 0x045f18bc,
    modes: TEST,
    networks: SEGWIT,
    script: 'p2wpkh',
  },
  {
    prefix: 'Ltub',
    public: 0x019da462,
    private: 0x019d9cfe,
    modes: MAIN,
    networks: ['litecoin'],
    script: null,
  },
  {
    prefix: 'Mtub',
    public: 0x01b26ef6,
    private: 0x01b26792,
    modes: MAIN,
    networks: ['litecoin'],
    script: 'p2sh-p2wpkh',
  },
  {
    prefix: 'dgub',
    public: 0x02facafd,
    private: 0x02fac398,
    modes: MAIN,
    networks: ['dogecoin'],
    script: 'p2pkh',
  },
];

export type ParsedWalletInput =
  | {
      kind: 'address';
      /** Canonical form (bech32 lower-cased; Bitcoin Cash: CashAddr in lower case with its prefix). */
      address: string;
      scriptType: TScriptType;
    }
  | {
      kind: 'xpub';
      /** The key as entered (trimmed). */
      key: string;
      prefix: string;
      /** The address type the key derives. */
      scriptType: TKeyScriptType;
      depth: number;
      /** BIP32 fingerprint of the key (hex), shown to help match it in a wallet app. */
      fingerprint: string;
    };

export type WalletTarget = { network: TUtxoNetwork; chainMode: TChainMode };

const b58c = createBase58check(sha256);

/** The address type a key derives when the merchant does not choose: native segwit where the coin has it. */
export const defaultKeyScriptType = (network: TUtxoNetwork): TKeyScriptType =>
  CHAIN_PARAMS[network].mainnet.hrp ? 'p2wpkh' : 'p2pkh';

/** Script types a key of no fixed type (xpub, tpub, Ltub) may derive on `network`. */
export const keyScriptTypesFor = (network: TUtxoNetwork): TKeyScriptType[] =>
  CHAIN_PARAMS[network].mainnet.hrp ? ['p2wpkh', 'p2sh-p2wpkh', 'p2pkh'] : ['p2pkh'];

/**
 * Parses what a merchant pasted as a wallet for (network, chain mode): an address or an extended public key.
 * `scriptType` is the merchant's choice for an xpub/tpub/Ltub key (default: native segwit, legacy on chains
 * without segwit); for a ypub/zpub/... it must be absent or equal to the key's own type.
 * Throws WalletInputError with a message for the merchant.
 */
export function parseWalletInput(
  input: string,
  target: WalletTarget,
  scriptType?: TKeyScriptType | null,
): ParsedWalletInput {
  const value = input.trim();
  if (!value) throw new WalletInputError('required', T.walletInputRequired);
  const secret = secretKind(value);
  if (secret === 'seed_phrase') throw new WalletInputError('seed_phrase', T.walletSeedPhraseRefused);
  if (secret === 'private_key') throw new WalletInputError('private_key', T.walletPrivateKeyRefused);
  if (/\s/.test(value)) {
    throw new WalletInputError('invalid', T.walletInvalidAddress(NETWORK_NAMES[target.network]));
  }
  if (/^[1-9A-HJ-NP-Za-km-z]{100,120}$/.test(value)) return parseKey(value, target, scriptType);
  if (scriptType) throw new WalletInputError('script_type', T.walletScriptTypeFixed('single address'));
  return parseAddress(value, target);
}

function parseKey(value: string, target: WalletTarget, chosen?: TKeyScriptType | null): ParsedWalletInput {
  const raw = base58.decode(value);
  if (raw.length !== 82) throw new WalletInputError('invalid', T.walletInvalidKey);
  let payload: Uint8Array;
  try {
    payload = b58c.decode(value);
  } catch {
    throw new WalletInputError('checksum', T.walletInvalidChecksum);
  }
  const version = new DataView(payload.buffer, payload.byteOffset).getUint32(0);
  if (KEY_VERSIONS.some((v) => v.private === version)) {
    throw new WalletInputError('private_key', T.walletPrivateKeyRefused);
  }
  const kv = KEY_VERSIONS.find((v) => v.public === version);
  if (!kv) throw new WalletInputError('invalid', T.walletUnknownKeyVersion);
  const name = NETWORK_NAMES[target.network];
  if (!kv.modes.includes(target.chainMode)) {
    const found = kv.modes.includes('mainnet') ? 'mainnet' : 'testnet';
    throw new WalletInputError('chain_mode', T.walletWrongChainMode('key', found, target.chainMode));
  }
  if (!kv.networks.includes(target.network)) {
    if (kv.script && kv.script !== 'p2pkh' && !CHAIN_PARAMS[target.network].mainnet.hrp) {
      throw new WalletInputError('no_segwit', T.walletNoSegwit(name));
    }
    throw new WalletInputError(
      'other_network',
      T.walletOtherNetwork('key', NETWORK_NAMES[kv.networks[0]!], name),
    );
  }
  let script: TKeyScriptType;
  if (kv.script) {
    if (chosen && chosen !== kv.script)
      throw new WalletInputError('script_type', T.walletScriptTypeFixed(kv.prefix));
    script = kv.script;
  } else {
    script = chosen ?? defaultKeyScriptType(target.network);
    if (!keyScriptTypesFor(target.network).includes(script)) {
      throw new WalletInputError('script_type', T.walletScriptTypeUnsupported(name));
    }
  }
  let hd: HDKey;
  try {
    hd = HDKey.fromExtendedKey(value, { public: kv.public, private: kv.private });
  } catch {
    throw new WalletInputError('invalid', T.walletInvalidKey);
  }
  return {
    kind: 'xpub',
    key: value,
    prefix: kv.prefix,
    scriptType: script,
    depth: hd.depth,
    fingerprint: hd.fingerprint.toString(16).padStart(8, '0'),
  };
}

/** Every (network, mode) whose bech32 prefix is `hrp`. */
const hrpOwners = (hrp: string) =>
  UTXO_NETWORKS.flatMap((n) =>
    CHAIN_MODES.filter((m) => CHAIN_PARAMS[n][m].hrp === hrp).map((m) => ({ n, m })),
  );

function wrongPlace(
  kind: 'address',
  owners: { n: TUtxoNetwork; m: TChainMode }[],
  target: WalletTarget,
): never {
  const sameNetwork = owners.find((o) => o.n === target.network);
  if (sameNetwork)
    throw new WalletInputError('chain_mode', T.walletWrongChainMode(kind, sameNetwork.m, target.chainMode));
  const sameMode = owners.find((o) => o.m === target.chainMode) ?? owners[0]!;
  throw new WalletInputError(
    'other_network',
    T.walletOtherNetwork(kind, NETWORK_NAMES[sameMode.n], NETWORK_NAMES[target.network]),
  );
}

/** The chain mode whose CashAddr prefix is `prefix`, if any. */
const cashAddrMode = (prefix: string) => CHAIN_MODES.find((m) => CASHADDR_PREFIXES[m] === prefix);

/** Whether the text is written as a CashAddr: a Bitcoin Cash prefix, or (on Bitcoin Cash) a bare q.../p... body. */
function looksLikeCashAddr(value: string, target: WalletTarget): boolean {
  const sep = value.indexOf(':');
  if (sep >= 0) return cashAddrMode(value.slice(0, sep).toLowerCase()) !== undefined;
  return target.network === 'bitcoin-cash' && /^[qp][02-9ac-hj-np-z]{41}$/i.test(value);
}

/**
 * A Bitcoin Cash CashAddr (one case; with its prefix, or without it: the chain mode's prefix is tried first, then
 * the others so that an address of another mode is named as such). Its canonical form is lower case with the
 * prefix. Only 160-bit P2PKH and P2SH addresses, the ones a legacy address also writes.
 */
function parseCashAddr(value: string, target: WalletTarget): ParsedWalletInput {
  const name = NETWORK_NAMES[target.network];
  const sep = value.indexOf(':');
  if (target.network !== 'bitcoin-cash') {
    throw new WalletInputError(
      'other_network',
      T.walletOtherNetwork('address', NETWORK_NAMES['bitcoin-cash'], name),
    );
  }
  if (value !== value.toLowerCase() && value !== value.toUpperCase()) {
    throw new WalletInputError('invalid', T.walletInvalidAddress(name));
  }
  const body = sep >= 0 ? value.slice(sep + 1) : value;
  if (!/^[qp][02-9ac-hj-np-z]{41}$/i.test(body))
    throw new WalletInputError('invalid', T.walletInvalidAddress(name));
  const expected = CASHADDR_PREFIXES[target.chainMode];
  const prefixes =
    sep >= 0
      ? [value.slice(0, sep).toLowerCase()]
      : [expected, ...CHAIN_MODES.map((m) => CASHADDR_PREFIXES[m]).filter((p) => p !== expected)];
  const decoded = prefixes.map((p) => decodeCashAddr(body, p)).find((d) => d !== null);
  if (!decoded) throw new WalletInputError('checksum', T.walletInvalidChecksum);
  if (decoded.prefix !== expected) {
    const found = cashAddrMode(decoded.prefix)!;
    throw new WalletInputError(
      'chain_mode',
      T.walletCashAddrWrongPrefix(decoded.prefix, found, expected, target.chainMode),
    );
  }
  const address = `${expected}:${body.toLowerCase()}`;
  return { kind: 'address', address, scriptType: decoded.type };
}

function parseAddress(value: string, target: WalletTarget): ParsedWalletInput {
  const name = NETWORK_NAMES[target.network];
  const params = CHAIN_PARAMS[target.network][target.chainMode];
  if (looksLikeCashAddr(value, target)) return parseCashAddr(value, target);
  const sep = value.lastIndexOf('1');
  const hrp = sep > 0 ? value.slice(0, sep).toLowerCase() : '';
  const owners = hrp ? hrpOwners(hrp) : [];
  if (owners.length > 0) {
    if (value !== value.toLowerCase() && value !== value.toUpperCase()) {
      throw new WalletInputError('invalid', T.walletInvalidAddress(name));
    }
    const lower = value.toLowerCase();
    const decoded = bech32.decodeUnsafe(lower, 90) ?? null;
    const decodedM = decoded ? null : (bech32m.decodeUnsafe(lower, 90) ?? null);
    const d = decoded ?? decodedM;
    if (!d) throw new WalletInputError('checksum', T.walletInvalidChecksum);
    if (hrp !== params.hrp) wrongPlace('address', owners, target);
    const [version, ...rest] = d.words;
    if (version === undefined || version > 16)
      throw new WalletInputError('invalid', T.walletInvalidAddress(name));
    // BIP350: version 0 uses bech32, versions 1 to 16 bech32m.
    if ((version === 0) !== Boolean(decoded)) throw new WalletInputError('checksum', T.walletInvalidChecksum);
    let program: Uint8Array;
    try {
      program = bech32.fromWords(rest);
    } catch {
      throw new WalletInputError('invalid', T.walletInvalidAddress(name));
    }
    if (version === 0 && program.length === 20)
      return { kind: 'address', address: lower, scriptType: 'p2wpkh' };
    if (version === 0 && program.length === 32)
      return { kind: 'address', address: lower, scriptType: 'p2wsh' };
    if (version === 1 && program.length === 32)
      return { kind: 'address', address: lower, scriptType: 'p2tr' };
    if (version === 0) throw new WalletInputError('invalid', T.walletInvalidAddress(name));
    throw new WalletInputError('unsupported', T.walletWitnessUnsupported);
  }
  if (!/^[1-9A-HJ-NP-Za-km-z]{25,40}$/.test(value))
    throw new WalletInputError('invalid', T.walletInvalidAddress(name));
  const raw = base58.decode(value);
  if (raw.length !== 25) throw new WalletInputError('invalid', T.walletInvalidAddress(name));
  let payload: Uint8Array;
  try {
    payload = b58c.decode(value);
  } catch {
    throw new WalletInputError('checksum', T.walletInvalidChecksum);
  }
  const ver = payload[0]!;
  const type = params.p2pkh.includes(ver) ? 'p2pkh' : params.p2sh.includes(ver) ? 'p2sh' : null;
  if (type) return { kind: 'address', address: canonicalAddress(value, target), scriptType: type };
  const b58Owners = UTXO_NETWORKS.flatMap((n) =>
    CHAIN_MODES.filter(
      (m) => CHAIN_PARAMS[n][m].p2pkh.includes(ver) || CHAIN_PARAMS[n][m].p2sh.includes(ver),
    ).map((m) => ({ n, m })),
  );
  if (b58Owners.length === 0) throw new WalletInputError('invalid', T.walletInvalidAddress(name));
  return wrongPlace('address', b58Owners, target);
}

/**
 * An address of the network in the form Coinlane writes it: on Bitcoin Cash a legacy address (a wallet stored before
 * CashAddr became its form, or a key's P2PKH) as its CashAddr with the chain mode's prefix; any other as given.
 */
export function canonicalAddress(address: string, target: WalletTarget): string {
  if (target.network !== 'bitcoin-cash') return address;
  return legacyToCashAddr(address, target.chainMode) ?? address;
}

/** The legacy (base58) form of a Bitcoin Cash CashAddr of the chain mode; any other address as given. */
export function legacyAddress(address: string, target: WalletTarget): string {
  if (target.network !== 'bitcoin-cash') return address;
  return cashAddrToLegacy(address, target.chainMode) ?? address;
}

/** scure's network parameters for (network, mode); chains without segwit get an empty bech32 prefix. */
export function btcSignerNetwork(target: WalletTarget): BTC_NETWORK {
  const p = CHAIN_PARAMS[target.network][target.chainMode];
  return { bech32: p.hrp ?? '', pubKeyHash: p.p2pkh[0]!, scriptHash: p.p2sh[0]!, wif: p.wif };
}

/** The HD key of a parsed key string (any supported version). */
export function hdKeyOf(key: string): HDKey {
  const payload = b58c.decode(key);
  const version = new DataView(payload.buffer, payload.byteOffset).getUint32(0);
  const kv = KEY_VERSIONS.find((v) => v.public === version);
  if (!kv) throw new WalletInputError('invalid', T.walletUnknownKeyVersion);
  return HDKey.fromExtendedKey(key, { public: kv.public, private: kv.private });
}

/**
 * Receiving addresses of a key: external chain m/0/i below the key (an account key, as wallet apps export),
 * for i in [start, start + count), in the network's form (Bitcoin Cash: CashAddr). `chain` 1 gives change
 * addresses (used by tests only).
 */
export function deriveAddresses(
  key: string | HDKey,
  scriptType: TKeyScriptType,
  target: WalletTarget,
  start: number,
  count: number,
  chain: 0 | 1 = 0,
): string[] {
  if (scriptType !== 'p2pkh' && !CHAIN_PARAMS[target.network][target.chainMode].hrp) {
    throw new WalletInputError('no_segwit', T.walletNoSegwit(NETWORK_NAMES[target.network]));
  }
  const external = (typeof key === 'string' ? hdKeyOf(key) : key).deriveChild(chain);
  const net = btcSignerNetwork(target);
  const out: string[] = [];
  for (let i = start; i < start + count; i++) {
    const pub = external.deriveChild(i).publicKey!;
    const pay =
      scriptType === 'p2wpkh'
        ? p2wpkh(pub, net)
        : scriptType === 'p2sh-p2wpkh'
          ? p2sh(p2wpkh(pub, net), net)
          : p2pkh(pub, net);
    out.push(canonicalAddress(pay.address!, target));
  }
  return out;
}

/**
 * What an extended public key derives from, whatever its version bytes (xpub, tpub, zpub, Ltub ... of one key):
 * its chain code and public key, as hex. Two keys with the same identity derive the same addresses for one
 * address type, so they are one wallet (a duplicate), however they were written.
 */
export function extendedKeyIdentity(key: string): string {
  const payload = b58c.decode(key.trim());
  if (payload.length !== 78) throw new WalletInputError('invalid', T.walletInvalidKey);
  return Array.from(payload.subarray(13, 78), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `bc1qcr8te4...306fyu`: first 8 and last 6 characters, as the Wallets list shows addresses. */
export const shortAddress = (address: string) =>
  address.length <= 17 ? address : `${address.slice(0, 8)}…${address.slice(-6)}`;
