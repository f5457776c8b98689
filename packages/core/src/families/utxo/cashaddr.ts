import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import type { TChainMode } from '../wallet-input.ts';

/**
 * Bitcoin Cash's CashAddr (spec: github.com/bitcoincashorg/bitcoincash.org, spec/cashaddr.md): a prefix
 * (`bitcoincash`, `bchtest`, `bchreg`), `:`, then base32 of a version byte and a hash with a 40-bit BCH-code
 * checksum over the prefix too. Only the 160-bit P2PKH and P2SH forms, the ones a legacy address also writes.
 * Bitcoin Cash's form in Coinlane (wallets, payments, URIs: utxo-keys.ts) as in Bitcoin Cash Node's outputs; the
 * watcher keys both forms by `cashAddrToLegacy` (utxo-nodes.ts), so payments stored in the legacy form before
 * still meet the node's CashAddr, and the sanctions list compares BCH addresses in the legacy form (risk-rules.ts).
 */

export const CASHADDR_PREFIXES: Record<TChainMode, string> = {
  mainnet: 'bitcoincash',
  testnet: 'bchtest',
  regtest: 'bchreg',
};

/** Legacy version bytes of Bitcoin Cash (Bitcoin's): P2PKH, P2SH. */
const LEGACY_VERSIONS: Record<TChainMode, { p2pkh: number; p2sh: number }> = {
  mainnet: { p2pkh: 0x00, p2sh: 0x05 },
  testnet: { p2pkh: 0x6f, p2sh: 0xc4 },
  regtest: { p2pkh: 0x6f, p2sh: 0xc4 },
};

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];
const b58c = createBase58check(sha256);

export type CashAddrType = 'p2pkh' | 'p2sh';
export type DecodedCashAddr = { prefix: string; type: CashAddrType; hash: Uint8Array };

function polymod(values: readonly number[]): bigint {
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    for (let i = 0; i < 5; i++) if ((c0 >> BigInt(i)) & 1n) c ^= GENERATORS[i]!;
  }
  return c ^ 1n;
}

const prefixWords = (prefix: string) => [...prefix].map((ch) => ch.charCodeAt(0) & 0x1f);

/** Regroups bits (8 -> 5 with padding; 5 -> 8 refusing non-zero padding); null when the padding is not zero. */
function convertBits(data: readonly number[], from: number, to: number, pad: boolean): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const v of data) {
    acc = (acc << from) | v;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & max);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & max);
  } else if (bits >= from || ((acc << (to - bits)) & max) !== 0) {
    return null;
  }
  return out;
}

/** The CashAddr of a 20-byte hash, with its prefix (`bitcoincash:q...`). */
export function encodeCashAddr(prefix: string, type: CashAddrType, hash: Uint8Array): string {
  if (hash.length !== 20) throw new Error('CashAddr: only 160-bit hashes are written here');
  const version = type === 'p2pkh' ? 0 : 8;
  const payload = convertBits([version, ...hash], 8, 5, true)!;
  const mod = polymod([...prefixWords(prefix), 0, ...payload, 0, 0, 0, 0, 0, 0, 0, 0]);
  const checksum = Array.from({ length: 8 }, (_, i) => Number((mod >> BigInt(5 * (7 - i))) & 31n));
  return `${prefix}:${[...payload, ...checksum].map((w) => CHARSET[w]).join('')}`;
}

/**
 * A CashAddr of a 160-bit P2PKH or P2SH hash (one case; with its prefix, or without it when `defaultPrefix` is
 * given), or null: not CashAddr, a bad checksum, another size or type.
 */
export function decodeCashAddr(text: string, defaultPrefix?: string): DecodedCashAddr | null {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return null;
  const lower = text.toLowerCase();
  const sep = lower.lastIndexOf(':');
  const prefix = sep >= 0 ? lower.slice(0, sep) : defaultPrefix;
  const body = sep >= 0 ? lower.slice(sep + 1) : lower;
  if (!prefix || !/^[a-z0-9]+$/.test(prefix) || body.length !== 42) return null;
  const words: number[] = [];
  for (const ch of body) {
    const w = CHARSET.indexOf(ch);
    if (w < 0) return null;
    words.push(w);
  }
  if (polymod([...prefixWords(prefix), 0, ...words]) !== 0n) return null;
  const bytes = convertBits(words.slice(0, -8), 5, 8, false);
  if (bytes?.length !== 21) return null;
  const version = bytes[0]!;
  if ((version & 0x87) !== 0) return null; // 160-bit hash, reserved bit clear
  const typeBits = version >> 3;
  if (typeBits > 1) return null;
  return { prefix, type: typeBits === 0 ? 'p2pkh' : 'p2sh', hash: Uint8Array.from(bytes.slice(1)) };
}

/** The legacy (base58check) form of a CashAddr of the chain mode's prefix (or without a prefix); else null. */
export function cashAddrToLegacy(address: string, mode: TChainMode): string | null {
  const d = decodeCashAddr(address, CASHADDR_PREFIXES[mode]);
  if (!d || d.prefix !== CASHADDR_PREFIXES[mode]) return null;
  const v = LEGACY_VERSIONS[mode];
  return b58c.encode(Uint8Array.from([d.type === 'p2pkh' ? v.p2pkh : v.p2sh, ...d.hash]));
}

/** The CashAddr (with the mode's prefix) of a legacy P2PKH or P2SH address of the chain mode; else null. */
export function legacyToCashAddr(address: string, mode: TChainMode): string | null {
  let payload: Uint8Array;
  try {
    payload = b58c.decode(address);
  } catch {
    return null;
  }
  if (payload.length !== 21) return null;
  const v = LEGACY_VERSIONS[mode];
  const type = payload[0] === v.p2pkh ? 'p2pkh' : payload[0] === v.p2sh ? 'p2sh' : null;
  return type ? encodeCashAddr(CASHADDR_PREFIXES[mode], type, payload.subarray(1)) : null;
}
