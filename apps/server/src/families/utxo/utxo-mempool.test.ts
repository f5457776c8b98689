import { describe, expect, it } from 'vitest';
import type { PassContext } from '#app/modules/chains/chain-reader.ts';
import { type RpcCall, type RpcClient, RpcError } from '#app/modules/chains/rpc-client.ts';
import type { WatchedAddresses } from '#app/modules/chains/watched-addresses.ts';
import { createUtxoMempool } from './utxo-mempool.ts';
import { notCreatedAfterOf } from './utxo-transactions.ts';

/**
 * A stand-in node (not a real one: litecoind drives the watcher's own tests): a mempool of transactions each paying
 * one address, answering getrawmempool, getrawtransaction and getmempoolentry as Bitcoin Core does.
 */
function fakeNode() {
  const mempool = new Map<string, { address: string; time: number }>();
  const answer = (c: RpcCall) => {
    const [txid] = c.params as [string];
    const tx = mempool.get(txid);
    if (!tx) return new RpcError('No such mempool or blockchain transaction', c.method, -5);
    if (c.method === 'getmempoolentry') return { time: tx.time };
    return { txid, vin: [], vout: [{ n: 0, value: '0.1', scriptPubKey: { address: tx.address } }] };
  };
  const rpc: RpcClient = {
    endpoint: 'fake',
    async call<T>(method: string): Promise<T> {
      if (method !== 'getrawmempool') throw new Error(`unexpected ${method}`);
      return [...mempool.keys()] as T;
    },
    async batch<T>(calls: readonly RpcCall[]) {
      return calls.map(answer) as (T | RpcError)[];
    },
  };
  return { rpc, mempool };
}

const nothingWatched = { get: () => undefined, size: 0 } as unknown as WatchedAddresses;
const pass = (now: Date): PassContext & { added: string[] } => ({
  now,
  watched: nothingWatched,
  credit: async () => {},
  added: [],
});

describe('the UTXO mempool view', () => {
  it('keeps when a transaction was first seen after it leaves the mempool, until its block is scanned or an hour passes', async () => {
    const node = fakeNode();
    const view = createUtxoMempool({ rpc: node.rpc });
    const seenAt = new Date('2026-11-28T12:00:00Z');
    node.mempool.set('a'.repeat(64), { address: 'rltc1qearly', time: seenAt.getTime() / 1000 });
    node.mempool.set('b'.repeat(64), { address: 'rltc1qother', time: seenAt.getTime() / 1000 });
    await view.scan(pass(seenAt));
    expect(view.seen('a'.repeat(64))?.decodedAt).toBe(seenAt.getTime());

    // Mined between a pass's block scan and its mempool read: gone from the mempool, its block not scanned yet.
    node.mempool.clear();
    await view.scan(pass(new Date(seenAt.getTime() + 2_000)));
    expect(view.has('a'.repeat(64))).toBe(false);
    const kept = view.seen('a'.repeat(64));
    expect(kept?.decodedAt).toBe(seenAt.getTime());
    // So a payment created later than its first sighting (plus the slack) is not paid by it, whatever the block's time.
    expect(notCreatedAfterOf(kept, new Date(seenAt.getTime() + 600_000))!.getTime()).toBeLessThan(
      seenAt.getTime() + 6_000,
    );

    // Its block scanned: forgotten. One that never shows up in a block (dropped): forgotten after an hour.
    view.forget('a'.repeat(64));
    expect(view.seen('a'.repeat(64))).toBeUndefined();
    await view.scan(pass(new Date(seenAt.getTime() + 3_000_000)));
    expect(view.seen('b'.repeat(64))).toBeDefined();
    await view.scan(pass(new Date(seenAt.getTime() + 2_000 + 3_600_001)));
    expect(view.seen('b'.repeat(64))).toBeUndefined();
    expect(view.size).toBe(0);
  });
});
