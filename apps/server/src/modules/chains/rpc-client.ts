/** A Bitcoin-Core-style JSON-RPC error (the node answered with `error`), or a transport failure. */
export class RpcError extends Error {
  constructor(
    message: string,
    readonly method: string,
    /** The node's error code (e.g. -5 no such transaction), or null for transport / HTTP failures. */
    readonly code: number | null = null,
  ) {
    super(message);
  }
}

export type RpcCall = { method: string; params?: unknown[] };

export type RpcClient = {
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** One HTTP request for many calls; each result or RpcError in order (a failed call does not fail the others). */
  batch<T = unknown>(calls: readonly RpcCall[]): Promise<(T | RpcError)[]>;
  /** The URL without credentials, for logs and errors. */
  readonly endpoint: string;
};

type Reply = {
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string } | null;
};

/** A JSON string token, or a number token with a fraction or an exponent (outside strings, by construction). */
const STRING_OR_FRACTIONAL_NUMBER = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+(?:[eE][+-]?\d+)?|[eE][+-]?\d+)/g;

/**
 * JSON.parse, except that every number written with a fraction or an exponent comes back as its text, a string
 * (`"value": 0.50000000` reads as '0.50000000'); integers, strings and the rest as JSON.parse gives them. Nodes
 * write amounts in coins with 8 decimals: a binary float has no exact value for every satoshi above 2^26 coins
 * (67,108,864), so `toFixed(8)` of the parsed number can be off by one; the text is exact (parseUnits).
 * A pre-pass over the raw text quotes those number tokens: the regular expression consumes each string token
 * whole, so a number inside a string is never touched.
 */
export function parseJsonExact(text: string): unknown {
  return JSON.parse(
    text.replace(STRING_OR_FRACTIONAL_NUMBER, (token) => (token.charCodeAt(0) === 34 ? token : `"${token}"`)),
  );
}

/** Why a request to a node got no reply (fetch's own message hides the cause): a timeout, or the socket's error. */
export function transportFailure(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && err.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  return err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
}

/**
 * JSON-RPC 1.0 client for Bitcoin Core, Litecoin Core, Dogecoin Core and BCH nodes: basic auth from the URL's
 * user and password, a timeout per request, batches as JSON arrays, errors that say which method failed where.
 * Replies are read with parseJsonExact: amounts (and any other number with a fraction: fee rates, difficulty)
 * come back as decimal strings, exactly as the node wrote them.
 */
export function createRpcClient({ url, timeoutMs = 10_000 }: { url: string; timeoutMs?: number }): RpcClient {
  const u = new URL(url);
  const auth =
    u.username || u.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`
      : null;
  u.username = '';
  u.password = '';
  const endpoint = u.toString();
  let nextId = 1;

  async function post(body: unknown, what: string): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const reason = transportFailure(err, timeoutMs);
      throw new RpcError(`${what} at ${endpoint}: ${reason}`, what);
    }
    const text = await res.text();
    if (res.status === 401 || res.status === 403) {
      throw new RpcError(
        `${what} at ${endpoint}: HTTP ${res.status} (check the RPC user and password)`,
        what,
      );
    }
    try {
      return parseJsonExact(text);
    } catch {
      throw new RpcError(`${what} at ${endpoint}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`, what);
    }
  }

  const toError = (method: string, e: { code: number; message: string }) =>
    new RpcError(`${method}: ${e.message} (code ${e.code})`, method, e.code);

  return {
    endpoint,
    async call<T>(method: string, params: unknown[] = []) {
      const reply = (await post({ jsonrpc: '1.0', id: nextId++, method, params }, method)) as Reply;
      if (reply.error) throw toError(method, reply.error);
      return reply.result as T;
    },
    async batch<T>(calls: readonly RpcCall[]) {
      if (calls.length === 0) return [];
      const first = nextId;
      nextId += calls.length;
      const body = calls.map((c, i) => ({
        jsonrpc: '1.0',
        id: first + i,
        method: c.method,
        params: c.params ?? [],
      }));
      const what = `batch of ${calls.length} ${calls[0]!.method}`;
      const replies = (await post(body, what)) as Reply[];
      if (!Array.isArray(replies)) throw new RpcError(`${what}: the node did not answer with an array`, what);
      const byId = new Map(replies.map((r) => [Number(r.id), r]));
      return calls.map((c, i) => {
        const r = byId.get(first + i);
        if (!r) return new RpcError(`${c.method}: no answer in the batch`, c.method);
        if (r.error) return toError(c.method, r.error);
        return r.result as T;
      });
    },
  };
}
