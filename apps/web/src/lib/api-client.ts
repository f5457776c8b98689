import { T } from '@coinlane/core/texts';

/** A failed API call: the server's message and code (merchant spec 8, "API client"). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Options = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  form?: FormData;
  redirectOn401?: boolean;
};

/** Called on a 401 from a signed-in page; the app sets it to send the user to /login, keeping the page. */
let onUnauthorized: (() => void) | null = null;
export const setUnauthorizedHandler = (fn: () => void) => {
  onUnauthorized = fn;
};

/** The one API client: JSON in, envelope unwrapped, failures as ApiError with the spec's texts. */
export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  return (await apiEnvelope<{ data: T }>(path, opts)).data;
}

/**
 * The same call, answering the whole envelope: for replies that carry more beside `data` (a list's
 * `pagination` and `summary`).
 */
export async function apiEnvelope<E extends { data: unknown }>(path: string, opts: Options = {}): Promise<E> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}`, {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: opts.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError((err as Error).message || T.unknownError, 0, 'NETWORK_ERROR');
  }
  let json: {
    success?: boolean;
    data?: unknown;
    error?: { message?: string; code?: string; fields?: Record<string, string> };
  } | null = null;
  try {
    json = await res.json();
  } catch {
    json = null;
  }
  if (!res.ok || !json || json.success === false) {
    if (res.status === 401 && opts.redirectOn401 !== false) onUnauthorized?.();
    const message = json?.error?.message ?? T.httpStatus(res.status, json ? undefined : res.statusText);
    throw new ApiError(
      message,
      res.status,
      json?.error?.code ?? `HTTP_${res.status}`,
      json?.error?.fields ?? {},
    );
  }
  return json as unknown as E;
}

export const errorMessage = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;
