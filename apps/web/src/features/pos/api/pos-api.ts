import type {
  TCreatePosSaleRequest,
  TPosPaired,
  TPosSale,
  TPosSales,
  TPosSession,
} from '@coinlane/core/api/pos';
import { ApiError } from '../../../lib/api-client.ts';

/*
 * The point of sale's calls (decision 026). The device credential lives in this browser's localStorage, sent as
 * `Authorization: Bearer`; it is never a cookie, so the merchant's own session on the same browser is not used.
 */

const CREDENTIAL_KEY = 'coinlane.pos.credential';

export const credentialStore = {
  get(): string | null {
    try {
      return localStorage.getItem(CREDENTIAL_KEY);
    } catch {
      return null;
    }
  },
  set(credential: string) {
    try {
      localStorage.setItem(CREDENTIAL_KEY, credential);
    } catch {}
  },
  clear() {
    try {
      localStorage.removeItem(CREDENTIAL_KEY);
    } catch {}
  },
};

async function call<T>(
  path: string,
  {
    method = 'GET',
    body,
    credential,
    idempotencyKey,
  }: { method?: string; body?: unknown; credential?: string | null; idempotencyKey?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (credential) headers.Authorization = `Bearer ${credential}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch (err) {
    throw new ApiError((err as Error).message, 0, 'NETWORK_ERROR');
  }
  let json: {
    success?: boolean;
    data?: T;
    error?: { message?: string; code?: string; fields?: Record<string, string> };
  } | null = null;
  try {
    json = await res.json();
  } catch {
    json = null;
  }
  if (!res.ok || !json || json.success === false) {
    throw new ApiError(
      json?.error?.message ?? `HTTP ${res.status}`,
      res.status,
      json?.error?.code ?? `HTTP_${res.status}`,
      json?.error?.fields ?? {},
    );
  }
  return json.data as T;
}

/** Exchanges a pairing code for the device credential (public). */
export const pairDevice = (code: string) => call<TPosPaired>('/pos/pair', { method: 'POST', body: { code } });

export const fetchPosSession = (credential: string) => call<TPosSession>('/pos/session', { credential });

export const createPosSale = (credential: string, body: TCreatePosSaleRequest, idempotencyKey: string) =>
  call<TPosSale>('/pos/sales', { method: 'POST', body, credential, idempotencyKey });

export const fetchPosSale = (credential: string, id: string) =>
  call<TPosSale>(`/pos/sales/${encodeURIComponent(id)}`, { credential });

/** Today's sales in this device's time zone. */
export const fetchPosSales = (credential: string, timeZone: string) =>
  call<TPosSales>(`/pos/sales?tz=${encodeURIComponent(timeZone)}`, { credential });

export const simulatePosSale = (
  credential: string,
  id: string,
  kind: 'full' | 'partial',
  idempotencyKey: string,
) =>
  call<TPosSale>(`/pos/sales/${encodeURIComponent(id)}/simulate`, {
    method: 'POST',
    body: { kind },
    credential,
    idempotencyKey,
  });

/** The credential no longer works (revoked, replaced, unknown): the device must be paired again. */
export const isUnpaired = (err: unknown) => err instanceof ApiError && err.status === 401;
