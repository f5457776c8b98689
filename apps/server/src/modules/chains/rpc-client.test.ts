import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcClient } from './rpc-client.ts';

// The JSON-RPC client against a real HTTP server that answers with raw text written by hand: amounts above
// 2^26 coins (67,108,864) have no exact binary float for every satoshi, so they must come back as the node
// wrote them (docs/decisions/009-utxo-watcher.md, "Review 2026-11-25").
const RAW_TX = `{"txid":"aa","vin":[{"txid":"bb","vout":3,"sequence":4294967293}],"vout":[
  {"value":92233720.36854775,"n":0,"scriptPubKey":{"address":"rltc1qa"}},
  {"value":67108864.00000002,"n":1,"scriptPubKey":{"address":"rltc1qb"}},
  {"value":0.00000001,"n":2,"scriptPubKey":{"address":"rltc1qc"}},
  {"value":-0.5,"n":3,"scriptPubKey":{"address":"rltc1qd \\"12.5\\" 1e-8"}},
  {"value":1e-8,"n":4,"scriptPubKey":{"address":"rltc1qe"}}
],"size":222,"confirmations":0,"difficulty":4.656542373906925e-10,"chainwork":"00ff","weird":[1.5,{"x":-2.25E+3}]}`;

describe('JSON-RPC client: exact decimal amounts', () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const reply = (r: { id: number }) => `{"result":${RAW_TX},"error":null,"id":${r.id}}`;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(Array.isArray(body) ? `[${body.map(reply).join(',')}]` : reply(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://u:p@127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  type Tx = {
    vin: { txid: string; vout: number; sequence: number }[];
    vout: { value: unknown; n: number; scriptPubKey: { address: string } }[];
    size: unknown;
    confirmations: unknown;
    difficulty: unknown;
    weird: unknown;
  };

  it('keeps every fractional number as its decimal text, integers and strings as they are', async () => {
    const rpc = createRpcClient({ url });
    const tx = await rpc.call<Tx>('getrawtransaction', ['aa', true]);
    expect(tx.vout.map((v) => v.value)).toEqual([
      '92233720.36854775',
      '67108864.00000002',
      '0.00000001',
      '-0.5',
      '1e-8',
    ]);
    expect(tx.vout[3]!.scriptPubKey.address).toBe('rltc1qd "12.5" 1e-8');
    expect(tx.vout.map((v) => v.n)).toEqual([0, 1, 2, 3, 4]);
    expect(tx.vin[0]).toEqual({ txid: 'bb', vout: 3, sequence: 4294967293 });
    expect([tx.size, tx.confirmations]).toEqual([222, 0]);
    expect(tx.difficulty).toBe('4.656542373906925e-10');
    expect(tx.weird).toEqual(['1.5', { x: '-2.25E+3' }]);
  });

  it('does the same in a batch', async () => {
    const rpc = createRpcClient({ url });
    const [a, b] = await rpc.batch<Tx>([
      { method: 'getrawtransaction', params: ['aa', true] },
      { method: 'getrawtransaction', params: ['aa', true] },
    ]);
    for (const tx of [a, b] as Tx[]) {
      expect(tx.vout[0]!.value).toBe('92233720.36854775');
      expect(tx.vout[2]!.value).toBe('0.00000001');
    }
  });
});
