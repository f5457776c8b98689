import type { TCheckout } from '@coinlane/core/api/checkout';
import type { TPaymentAddress, TPaymentPublicStatus } from '@coinlane/core/api/payments';

/**
 * The hosted page's calls. A small fetch of its own rather than lib/api-client.ts: that client carries the
 * merchant app's whole text table, and this page's bundle must stay light. Same envelope, same errors.
 */
export class CheckoutApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    /** A 400's message per field of the body. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'CheckoutApiError';
  }
}

/** One call of the public API (no cookie sent), its envelope unwrapped; the hosted pages' only way to the server. */
export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}`, {
      method,
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new CheckoutApiError((err as Error).message, 0, 'NETWORK_ERROR');
  }
  const json = (await res.json().catch(() => null)) as {
    success?: boolean;
    data?: T;
    error?: { message?: string; code?: string; fields?: Record<string, string> };
  } | null;
  if (!res.ok || !json || json.success === false) {
    throw new CheckoutApiError(
      json?.error?.message ?? `HTTP ${res.status}`,
      res.status,
      json?.error?.code ?? `HTTP_${res.status}`,
      json?.error?.fields,
    );
  }
  return json.data as T;
}

const link = (linkId: string) => `/checkout/${encodeURIComponent(linkId)}`;

/** What the page shows; never creates anything. */
export const getCheckout = (linkId: string, signal?: AbortSignal) =>
  request<TCheckout>('GET', link(linkId), undefined, signal);

/** The current payment, or a new attempt (the first one, or "Try Again" after one expired unpaid). */
export const startCheckoutPayment = (linkId: string) => request<TCheckout>('POST', link(linkId));

/** Test mode only: a simulated transfer of `amount` (default: what is still due). */
export const simulateCheckoutPayment = (linkId: string, amount?: string) =>
  request<TCheckout>('POST', `${link(linkId)}/simulate`, amount === undefined ? {} : { amount });

/** Public status, for polling without a live connection. */
export const getPaymentStatus = (paymentId: string) =>
  request<TPaymentPublicStatus>('GET', `/payments/${encodeURIComponent(paymentId)}/status`);

/** Where and how much to pay now: after a partial payment, the payment URI asks for the remaining amount. */
export const getPaymentAddress = (paymentId: string) =>
  request<TPaymentAddress>('GET', `/payments/${encodeURIComponent(paymentId)}/address`);

/** The page's error text for a failed call (merchant spec 8, "Payment page"). */
export function errorKey(
  err: unknown,
  fallback: 'loadFailed' | 'createFailed' | 'simulateFailed',
):
  | 'notFound'
  | 'linkExpired'
  | 'fundsOnExpired'
  | 'rateLimited'
  | 'merchantUnavailable'
  | 'maintenance'
  | 'conversionUnavailable'
  | 'loadFailed'
  | 'createFailed'
  | 'simulateFailed' {
  if (!(err instanceof CheckoutApiError)) return fallback;
  if (err.status === 404 && fallback !== 'simulateFailed') return 'notFound';
  if (err.code === 'MERCHANT_UNAVAILABLE') return 'merchantUnavailable';
  if (err.code === 'MAINTENANCE') return 'maintenance';
  if (err.code === 'CONVERSION_UNAVAILABLE') return 'conversionUnavailable';
  if (err.status === 410 || err.code === 'EXPIRED') return 'linkExpired';
  if (err.status === 409 && fallback === 'createFailed') return 'fundsOnExpired';
  if (err.status === 429) return 'rateLimited';
  return fallback;
}
