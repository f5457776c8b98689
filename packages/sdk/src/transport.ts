import { backoffDelay, MAX_RETRY_AFTER_MS, retryAfterMs, sleep } from './backoff.ts';
import {
  apiErrorFor,
  type CoinlaneApiError,
  CoinlaneConnectionError,
  CoinlaneError,
  CoinlaneTimeoutError,
} from './errors.ts';
import type { ApiErrorCode } from './types.ts';

/** Options of one call, accepted as the last argument of every method. */
export type RequestOptions = {
  /**
   * For calls that create something: the Idempotency-Key to send (1 to 255 printable ASCII characters). By
   * default the SDK makes one per call (a random UUID) and sends the same one on each retry.
   */
  idempotencyKey?: string;
  /** Abandons the call (and its retries) when aborted. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for each attempt of this call. */
  timeoutMs?: number;
  /** Overrides the client's number of retries for this call. */
  maxRetries?: number;
};

export type TransportOptions = {
  apiKey: string;
  /** The API root, ending with /api/v1. */
  apiUrl: string;
  maxRetries: number;
  timeoutMs: number;
  fetch: typeof fetch;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

/** One logical call of the API, however many attempts it takes. */
export type Call = {
  method: Method;
  path: string;
  query?: object;
  body?: unknown;
  /**
   * The route honours Idempotency-Key (the POSTs that create): the call carries a key, made once, and may be
   * retried whatever happened to an attempt, since the server answers a repeat with the first reply.
   */
  idempotent?: boolean;
  options?: RequestOptions;
};

/** Codes of a 409 that describe the object's state: asking again gives the same answer. */
const FINAL_CONFLICTS: readonly string[] = ['INVALID_STATE', 'REFUND_TOO_LARGE'];
/** Connection failures that mean the request was never sent (safe to retry any call). */
const NOT_SENT = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'];

type Attempt = { ok: true; response: Response; text: string } | { ok: false; error: CoinlaneError };

/**
 * Sends calls to the API with the key, a timeout per attempt and retries: network errors, 409 (but for state
 * refusals), 429 and 5xx are retried up to `maxRetries` times with exponential backoff and full jitter, waiting
 * what Retry-After says when the server says it. A call that may have reached the server is retried only if
 * repeating it is harmless: reads, PUT and DELETE, and creates (which carry their Idempotency-Key). Other POSTs
 * (cancel, resend, rotate) are retried only when the server surely did not act (429, or no connection made).
 */
export class Transport {
  constructor(private readonly opts: TransportOptions) {}

  /** The call's `data`, the envelope removed. */
  async data<T>(call: Call): Promise<T> {
    const body = await this.json<{ data: T }>(call);
    return body.data;
  }

  /** The whole reply body, parsed (for lists, whose pagination sits beside `data`). */
  async json<T>(call: Call): Promise<T> {
    const { text } = await this.send(call);
    try {
      return JSON.parse(text) as T;
    } catch (cause) {
      throw new CoinlaneError(`The reply to ${call.method} ${call.path} is not JSON`, { cause });
    }
  }

  /** The reply body as text (CSV, SVG). */
  async text(call: Call): Promise<string> {
    return (await this.send(call)).text;
  }

  private async send(call: Call): Promise<{ response: Response; text: string }> {
    const options = call.options ?? {};
    const maxRetries = options.maxRetries ?? this.opts.maxRetries;
    const idempotencyKey = call.idempotent ? (options.idempotencyKey ?? crypto.randomUUID()) : undefined;
    const repeatable = call.method !== 'POST' || idempotencyKey !== undefined;
    for (let retry = 0; ; retry++) {
      const attempt = await this.attempt(call, idempotencyKey, options);
      if (attempt.ok) return attempt;
      const wait = this.retryWait(attempt.error, retry, maxRetries, repeatable);
      if (wait === undefined) throw attempt.error;
      await sleep(wait, options.signal);
    }
  }

  /** How long to wait before the next attempt, or undefined to give up and raise the error. */
  private retryWait(
    error: CoinlaneError,
    retry: number,
    maxRetries: number,
    repeatable: boolean,
  ): number | undefined {
    if (retry >= maxRetries) return undefined;
    if (error instanceof CoinlaneConnectionError) {
      const code = connectionCode(error.cause);
      return repeatable || (code !== undefined && NOT_SENT.includes(code)) ? backoffDelay(retry) : undefined;
    }
    const api = error as CoinlaneApiError;
    const retryable =
      (api.status === 409 && !FINAL_CONFLICTS.includes(api.code)) ||
      (api.status === 429 && api.code !== 'DAILY_LIMIT_REACHED') ||
      api.status >= 500;
    if (!retryable || (!repeatable && api.status !== 429)) return undefined;
    const asked = retryAfterMs(api.headers.get('retry-after'));
    if (asked === undefined) return backoffDelay(retry);
    return asked <= MAX_RETRY_AFTER_MS ? asked : undefined;
  }

  private async attempt(
    call: Call,
    idempotencyKey: string | undefined,
    options: RequestOptions,
  ): Promise<Attempt> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.opts.apiKey}`,
      accept: 'application/json, text/csv, image/svg+xml',
    };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    const timeoutMs = options.timeoutMs ?? this.opts.timeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new CoinlaneTimeoutError(`No answer in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await this.opts.fetch(this.url(call), {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: controller.signal,
      });
      // The body is read inside the attempt: a connection dropped mid-reply is a failed attempt like any other.
      const text = await response.text();
      if (response.ok) return { ok: true, response, text };
      return { ok: false, error: errorOf(response, text) };
    } catch (cause) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (controller.signal.aborted && controller.signal.reason instanceof CoinlaneTimeoutError) {
        return { ok: false, error: controller.signal.reason };
      }
      return {
        ok: false,
        error: new CoinlaneConnectionError(
          `Could not reach Coinlane at ${this.opts.apiUrl}: ${messageOf(cause)}`,
          {
            cause,
          },
        ),
      };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  private url(call: Call): string {
    const url = new URL(`${this.opts.apiUrl}${call.path}`);
    for (const [name, value] of Object.entries((call.query ?? {}) as Record<string, QueryValue>)) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }
}

/** The typed error of a failed reply, from its `{ error: { code, message, fields } }` when it has one. */
function errorOf(response: Response, text: string): CoinlaneApiError {
  let body: { error?: { code?: unknown; message?: unknown; fields?: unknown } } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  const error = body?.error;
  const code = typeof error?.code === 'string' ? (error.code as ApiErrorCode) : 'UNKNOWN';
  const message =
    typeof error?.message === 'string'
      ? error.message
      : `HTTP ${response.status} ${response.statusText}`.trim();
  const fields =
    error?.fields && typeof error.fields === 'object' ? (error.fields as Record<string, string>) : undefined;
  const requestId = response.headers.get('x-request-id') ?? response.headers.get('request-id') ?? undefined;
  const wait = retryAfterMs(response.headers.get('retry-after'));
  return apiErrorFor({
    status: response.status,
    code,
    message,
    fields,
    requestId,
    headers: response.headers,
    retryAfterSeconds: wait === undefined ? undefined : Math.ceil(wait / 1000),
  });
}

/** The system error code under a fetch failure (undici puts it on `cause`). */
function connectionCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  const inner = (error as { cause?: unknown } | null)?.cause;
  const text = error instanceof Error ? error.message : String(error);
  return inner instanceof Error ? `${text} (${inner.message})` : text;
}
