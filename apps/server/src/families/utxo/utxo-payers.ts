import type { IncomingTransfer } from '#app/modules/chains/chain-reader.ts';
import { type RpcClient, RpcError } from '#app/modules/chains/rpc-client.ts';
import { outputsOf, type RawTx } from './utxo-transactions.ts';

/** Previous transactions kept for later look-ups (a payer paying several watched outputs, a block then its mempool). */
const CACHE_MAX = 1000;

/**
 * Who paid a UTXO transaction: the addresses of the outputs its inputs spend (decision 021). Asked of the node only
 * for transactions that pay a watched address (rare), one `getrawtransaction <prev> true` batch per transaction.
 * A previous transaction the node cannot return (a node without -txindex knows only its mempool and wallet; Litecoin
 * Core answers error -5) leaves that input unknown; when no input is known the payers are unknown (undefined). A
 * transport failure throws: the pass fails before the transfer is credited and the next pass asks again.
 */
export function createUtxoPayers(rpc: RpcClient) {
  const outputsByTx = new Map<string, Map<number, string>>();

  async function previousOutputs(txids: readonly string[]) {
    const ask = txids.filter((t) => !outputsByTx.has(t));
    if (ask.length === 0) return;
    const res = await rpc.batch<RawTx>(ask.map((t) => ({ method: 'getrawtransaction', params: [t, true] })));
    for (const [i, r] of res.entries()) {
      if (r instanceof RpcError) {
        if (r.code === null) throw r;
        continue; // the node does not have it: unknown
      }
      if (outputsByTx.size >= CACHE_MAX) outputsByTx.delete(outputsByTx.keys().next().value!);
      outputsByTx.set(ask[i]!, new Map(outputsOf(r).map((o) => [o.n, o.address])));
    }
  }

  /** The payer addresses of `tx` (each once, in input order), or undefined when none is known (or a coinbase). */
  async function payersOf(tx: RawTx): Promise<string[] | undefined> {
    const inputs = (tx.vin ?? []).flatMap((v) =>
      v.txid && typeof v.vout === 'number' ? [{ txid: v.txid, vout: v.vout }] : [],
    );
    if (inputs.length === 0) return undefined;
    await previousOutputs([...new Set(inputs.map((i) => i.txid))]);
    const found: string[] = [];
    for (const i of inputs) {
      const address = outputsByTx.get(i.txid)?.get(i.vout);
      if (address && !found.includes(address)) found.push(address);
    }
    return found.length > 0 ? found : undefined;
  }

  /** The transfers of `tx` with its payers (looked up only when there are transfers). */
  async function withPayers(tx: RawTx, transfers: IncomingTransfer[]): Promise<IncomingTransfer[]> {
    if (transfers.length === 0) return transfers;
    const payers = await payersOf(tx);
    return payers ? transfers.map((t) => ({ ...t, payers })) : transfers;
  }

  return { payersOf, withPayers };
}

export type UtxoPayers = ReturnType<typeof createUtxoPayers>;
