import { describe, expect, it } from 'vitest';
import type { IncomingTransfer } from '#app/modules/chains/chain-reader.ts';
import { type RpcCall, type RpcClient, RpcError } from '#app/modules/chains/rpc-client.ts';
import { createUtxoPayers } from './utxo-payers.ts';
import type { RawTx } from './utxo-transactions.ts';

// Who paid a UTXO transaction, with a stand-in for the node's JSON-RPC (named as such): the real node is asked in
// watcher.test.ts (litecoind with -txindex). Here: a node without -txindex, and one that cannot be reached.

const prev = (txid: string, addresses: string[]): RawTx => ({
  txid,
  vout: addresses.map((address, n) => ({ n, value: '1.0', scriptPubKey: { address } })),
});
const tx: RawTx = {
  txid: 'c'.repeat(64),
  vin: [
    { txid: 'a'.repeat(64), vout: 1 },
    { txid: 'b'.repeat(64), vout: 0 },
    { txid: 'a'.repeat(64), vout: 0 },
  ],
  vout: [{ n: 0, value: '0.5', scriptPubKey: { address: 'rltc1qwatched' } }],
};
const transfer: IncomingTransfer = { txid: tx.txid, index: 0, address: 'rltc1qwatched', amount: 50_000_000n };

/** A stand-in node that knows `known` transactions and answers -5 for the others (as without -txindex). */
function standInNode(known: RawTx[], { down = false } = {}) {
  const asked: string[] = [];
  const rpc: RpcClient = {
    endpoint: 'stand-in',
    call: async () => {
      throw new Error('not used');
    },
    batch: async <T>(calls: readonly RpcCall[]) => {
      if (down) throw new RpcError('getrawtransaction at stand-in: connection refused', 'getrawtransaction');
      return calls.map((c) => {
        const id = c.params![0] as string;
        asked.push(id);
        return (known.find((t) => t.txid === id) ??
          new RpcError(
            'No such mempool or blockchain transaction. Use gettransaction for wallet transactions.',
            'getrawtransaction',
            -5,
          )) as T | RpcError;
      });
    },
  };
  return { rpc, asked };
}

describe('createUtxoPayers', () => {
  it('gives the addresses of the spent outputs, each once, in input order, asking each previous transaction once', async () => {
    const node = standInNode([
      prev('a'.repeat(64), ['rltc1qfirst', 'rltc1qsecond']),
      prev('b'.repeat(64), ['rltc1qthird']),
    ]);
    const payers = createUtxoPayers(node.rpc);
    expect(await payers.withPayers(tx, [transfer])).toEqual([
      { ...transfer, payers: ['rltc1qsecond', 'rltc1qthird', 'rltc1qfirst'] },
    ]);
    expect(await payers.payersOf(tx)).toEqual(['rltc1qsecond', 'rltc1qthird', 'rltc1qfirst']);
    expect(node.asked).toEqual(['a'.repeat(64), 'b'.repeat(64)]);
  });

  it('without -txindex: an input the node cannot find is unknown; none found leaves the payers unknown', async () => {
    const some = createUtxoPayers(standInNode([prev('b'.repeat(64), ['rltc1qthird'])]).rpc);
    expect(await some.payersOf(tx)).toEqual(['rltc1qthird']);
    const none = createUtxoPayers(standInNode([]).rpc);
    expect(await none.withPayers(tx, [transfer])).toEqual([transfer]);
  });

  it('asks nothing for a transaction paying no watched address, or a coinbase', async () => {
    const node = standInNode([]);
    const payers = createUtxoPayers(node.rpc);
    expect(await payers.withPayers(tx, [])).toEqual([]);
    expect(await payers.payersOf({ txid: 'd'.repeat(64), vin: [{}], vout: [] })).toBeUndefined();
    expect(node.asked).toEqual([]);
  });

  it('fails when the node cannot be reached, so the transfer is credited by a later pass with its payers', async () => {
    const payers = createUtxoPayers(standInNode([], { down: true }).rpc);
    await expect(payers.withPayers(tx, [transfer])).rejects.toThrow(/connection refused/);
  });
});
