import { hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { cashAddrToLegacy, decodeCashAddr, encodeCashAddr, legacyToCashAddr } from './cashaddr.ts';
import { UTXO_NODE_READING } from './utxo-nodes.ts';

// Vectors from the CashAddr specification (github.com/bitcoincashorg/bitcoincash.org, spec/cashaddr.md):
// "Examples of address translation" and the 160-bit rows of "Larger test vectors".
const TRANSLATIONS: [legacy: string, cashAddr: string][] = [
  ['1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'],
  ['1KXrWXciRDZUpQwQmuM1DbwsKDLYAYsVLR', 'bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy'],
  ['16w1D5WRVKJuZUsSRzdLp9w3YGcgoxDXb', 'bitcoincash:qqq3728yw0y47sqn6l2na30mcw6zm78dzqre909m2r'],
  ['3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC', 'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq'],
  ['3LDsS579y7sruadqu11beEJoTjdFiFCdX4', 'bitcoincash:pr95sy3j9xwd2ap32xkykttr4cvcu7as4yc93ky28e'],
  ['31nwvkZwyPdgzjBJZXfDmSWsC4ZLKpYyUw', 'bitcoincash:pqq3728yw0y47sqn6l2na30mcw6zm78dzq5ucqzc37'],
];
const HASH = hex.decode('f5bf48b397dae70be82b3cca4793f8eb2b6cdac9');

describe('CashAddr', () => {
  it('translates the specification examples both ways (mainnet)', () => {
    for (const [legacy, cashAddr] of TRANSLATIONS) {
      expect(legacyToCashAddr(legacy, 'mainnet')).toBe(cashAddr);
      expect(cashAddrToLegacy(cashAddr, 'mainnet')).toBe(legacy);
      // Without its prefix, or in upper case, it is the same address.
      expect(cashAddrToLegacy(cashAddr.split(':')[1]!, 'mainnet')).toBe(legacy);
      expect(cashAddrToLegacy(cashAddr.toUpperCase(), 'mainnet')).toBe(legacy);
    }
  });

  it('encodes and decodes the specification 160-bit vectors with their prefixes', () => {
    expect(encodeCashAddr('bitcoincash', 'p2pkh', HASH)).toBe(
      'bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2',
    );
    expect(encodeCashAddr('bchtest', 'p2sh', HASH)).toBe(
      'bchtest:pr6m7j9njldwwzlg9v7v53unlr4jkmx6eyvwc0uz5t',
    );
    expect(encodeCashAddr('pref', 'p2sh', HASH)).toBe('pref:pr6m7j9njldwwzlg9v7v53unlr4jkmx6ey65nvtks5');
    const d = decodeCashAddr('bchtest:pr6m7j9njldwwzlg9v7v53unlr4jkmx6eyvwc0uz5t');
    expect(d && { prefix: d.prefix, type: d.type, hash: hex.encode(d.hash) }).toEqual({
      prefix: 'bchtest',
      type: 'p2sh',
      hash: 'f5bf48b397dae70be82b3cca4793f8eb2b6cdac9',
    });
  });

  it('refuses a changed character, mixed case, another mode prefix and non-CashAddr text', () => {
    const good = TRANSLATIONS[0]![1];
    expect(decodeCashAddr(`${good.slice(0, -1)}b`)).toBeNull();
    expect(decodeCashAddr(`${good.slice(0, 14)}Q${good.slice(15)}`)).toBeNull();
    expect(cashAddrToLegacy(good, 'regtest')).toBeNull();
    expect(cashAddrToLegacy('1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', 'mainnet')).toBeNull();
    expect(legacyToCashAddr('bcrt1qexample', 'regtest')).toBeNull();
  });

  it('writes regtest and testnet addresses with the prefixes Bitcoin Cash Node writes', () => {
    const cash = legacyToCashAddr('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'regtest')!;
    expect(cash).toMatch(/^bchreg:q[02-9ac-hj-np-z]{41}$/);
    expect(cashAddrToLegacy(cash, 'regtest')).toBe('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn');
    expect(legacyToCashAddr('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet')).toMatch(/^bchtest:q/);
  });

  it("is how the watcher keys Bitcoin Cash addresses: the node's CashAddr and the stored legacy form meet", () => {
    const key = UTXO_NODE_READING['bitcoin-cash'].addressKey!;
    for (const [legacy, cashAddr] of TRANSLATIONS) {
      expect(key(cashAddr, 'mainnet')).toBe(legacy);
      expect(key(legacy, 'mainnet')).toBe(legacy);
    }
    expect(UTXO_NODE_READING.dogecoin.blocks).toBe('txids');
    expect(UTXO_NODE_READING['bitcoin-cash'].blocks).toBe('decoded');
  });
});
