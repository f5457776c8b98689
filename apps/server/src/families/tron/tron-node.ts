/**
 * A client of a Tron node's HTTP API, as java-tron full nodes serve it (`/wallet/*`, port 8090 by default) and
 * TronGrid serves the same (docs/decisions/025-tron.md). Every call is a POST of a JSON body; addresses come back in
 * hex (`41…`, the API's default without `visible`), amounts as JSON numbers, and "not found" as an empty object
 * `{}`. Only the fields the reader uses are typed.
 */

import { transportFailure } from '#app/modules/chains/rpc-client.ts';

/** A block as `/wallet/getblockbynum` and `/wallet/getnowblock` write it. */
export type TronBlock = {
  blockID: string;
  block_header: { raw_data: { number?: number; parentHash?: string; timestamp?: number } };
  transactions?: TronTransaction[];
};

/** A transaction of a block (or `/wallet/gettransactionbyid`). */
export type TronTransaction = {
  txID: string;
  ret?: { contractRet?: string }[];
  raw_data: {
    contract?: {
      type: string;
      parameter: {
        value: {
          owner_address?: string;
          to_address?: string;
          /** In sun: a JSON number, read as text when it passes 2^53 (parseTronJson). */
          amount?: number | string;
        };
      };
    }[];
  };
};

/** A log of a smart contract call: the contract's 20 address bytes, topics and data in hex without `0x`. */
export type TronLog = { address: string; topics?: string[]; data?: string };

/** A transaction's outcome (`/wallet/gettransactioninfobyblocknum`, `/wallet/gettransactioninfobyid`). */
export type TronTransactionInfo = {
  id: string;
  blockNumber?: number;
  /** 'FAILED' when the call failed (absent when it succeeded). */
  result?: string;
  /** A contract call's outcome: 'SUCCESS', or a failure such as 'REVERT' or 'OUT_OF_ENERGY'; absent for TRX. */
  receipt?: { result?: string };
  log?: TronLog[];
};

export class TronNodeError extends Error {}

/**
 * JSON.parse, except that an integer of 16 digits or more comes back as its text: java-tron writes amounts in sun
 * as JSON numbers, and TRX's supply (about 10^17 sun) passes 2^53, where a double is no longer exact. A pre-pass
 * quotes those tokens; the regular expression consumes each string token whole, so digits inside a string (a
 * hash, an address) are never touched.
 */
const STRING_OR_LONG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<![\w.+-])-?\d{16,}(?![\w.])/g;

export function parseTronJson(text: string): unknown {
  return JSON.parse(
    text.replace(STRING_OR_LONG_INTEGER, (token) => (token.charCodeAt(0) === 34 ? token : `"${token}"`)),
  );
}

/** True for java-tron's "not found": an empty object. */
const isEmpty = (v: unknown) =>
  v === null || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);

export type TronNode = {
  /** The node's newest block. */
  nowBlock(): Promise<TronBlock>;
  /** The block at `num` on the node's chain, or null when it has none there. */
  blockByNum(num: number): Promise<TronBlock | null>;
  /** The outcomes of the transactions of the block at `num` (empty for a block without transactions). */
  transactionInfosByBlockNum(num: number): Promise<TronTransactionInfo[]>;
  /** A transaction the node knows, or null. */
  transactionById(txid: string): Promise<TronTransaction | null>;
  /** The outcome of a transaction in a block, or null when it is in none the node has. */
  transactionInfoById(txid: string): Promise<TronTransactionInfo | null>;
  /** The node's origin (no credentials, path or query), for logs and errors. */
  readonly endpoint: string;
};

/**
 * The node at `url` (CHAIN_TRON_RPC_URL), with TronGrid's `TRON-PRO-API-KEY` header when `apiKey` is set (it is
 * sent, never logged nor written into an error). A timeout per request; a transport failure, an HTTP error, a
 * reply that is not JSON or java-tron's `{ "Error": … }` throws a TronNodeError naming the endpoint.
 */
export function createTronNode({
  url,
  apiKey,
  timeoutMs = 10_000,
}: {
  url: string;
  apiKey: string | null;
  timeoutMs?: number;
}): TronNode {
  const base = new URL(url);
  base.username = '';
  base.password = '';
  base.search = '';
  base.hash = '';
  const root = base.toString().replace(/\/+$/, '');
  // Errors name the origin only: a provider's path may carry a key of its own.
  const endpoint = base.origin;

  async function post(path: string, body: object): Promise<unknown> {
    const where = `${path} at ${endpoint}`;
    let res: Response;
    try {
      res = await fetch(`${root}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(apiKey ? { 'TRON-PRO-API-KEY': apiKey } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const reason = transportFailure(err, timeoutMs);
      throw new TronNodeError(`${where}: ${reason}`);
    }
    const text = await res.text();
    if (res.status === 401 || res.status === 403) {
      throw new TronNodeError(
        `${where}: HTTP ${res.status} (check CHAIN_TRON_API_KEY${apiKey ? '' : ', which is not set'})`,
      );
    }
    if (!res.ok) throw new TronNodeError(`${where}: HTTP ${res.status}: ${text.slice(0, 200)}`);
    let reply: unknown;
    try {
      reply = parseTronJson(text);
    } catch {
      throw new TronNodeError(`${where}: not JSON: ${text.slice(0, 200)}`);
    }
    if (reply && typeof reply === 'object' && 'Error' in reply) {
      throw new TronNodeError(`${where}: ${String((reply as { Error: unknown }).Error).slice(0, 200)}`);
    }
    return reply;
  }

  const block = (reply: unknown, what: string): TronBlock => {
    const b = reply as TronBlock;
    if (typeof b?.blockID !== 'string' || typeof b.block_header?.raw_data !== 'object') {
      throw new TronNodeError(`${what} at ${endpoint}: the reply is not a block`);
    }
    return b;
  };

  return {
    endpoint,
    nowBlock: async () => block(await post('/wallet/getnowblock', {}), '/wallet/getnowblock'),
    async blockByNum(num) {
      const reply = await post('/wallet/getblockbynum', { num });
      return isEmpty(reply) ? null : block(reply, '/wallet/getblockbynum');
    },
    async transactionInfosByBlockNum(num) {
      const reply = await post('/wallet/gettransactioninfobyblocknum', { num });
      if (isEmpty(reply)) return [];
      if (!Array.isArray(reply)) {
        throw new TronNodeError(
          `/wallet/gettransactioninfobyblocknum at ${endpoint}: the reply is not a list`,
        );
      }
      return reply as TronTransactionInfo[];
    },
    async transactionById(txid) {
      const reply = await post('/wallet/gettransactionbyid', { value: txid });
      return isEmpty(reply) ? null : (reply as TronTransaction);
    },
    async transactionInfoById(txid) {
      const reply = await post('/wallet/gettransactioninfobyid', { value: txid });
      return isEmpty(reply) ? null : (reply as TronTransactionInfo);
    },
  };
}
