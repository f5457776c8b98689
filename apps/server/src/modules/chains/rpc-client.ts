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

/**
 * JSON-RPC 1.0 client for Bitcoin Core, Litecoin Core, Dogecoin Core and BCH nodes: basic auth from the URL's
 * user and password, a timeout per request, batches as JSON arrays, errors that say which method failed where.
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
      const reason =
        err instanceof Error && err.name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : err instanceof Error
            ? ((err.cause as Error | undefined)?.message ?? err.message)
            : String(err);
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
      return JSON.parse(text);
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
