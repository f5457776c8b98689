import type { ApiErrorCode } from './types.ts';

/** Every error the SDK throws is a CoinlaneError: `catch (e) { if (e instanceof CoinlaneError) ... }`. */
export class CoinlaneError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** What a failed reply told: the HTTP status, the API's code and message, per-field messages, headers. */
export type ApiErrorDetails = {
  status: number;
  /** The API's error code; `UNKNOWN` when the reply was not a Coinlane error (a proxy's HTML page). */
  code: ApiErrorCode | 'UNKNOWN';
  message: string;
  /** Validation failures: one message per field (`{ amount: 'Enter a valid amount' }`). */
  fields?: Record<string, string>;
  /** The request id the server or a proxy in front of it sent (`X-Request-Id`), if any. */
  requestId?: string;
  headers: Headers;
};

/** The API answered with an error (4xx or 5xx). Subclasses tell the classes of error apart. */
export class CoinlaneApiError extends CoinlaneError {
  readonly status: number;
  readonly code: ApiErrorCode | 'UNKNOWN';
  readonly fields?: Record<string, string>;
  readonly requestId?: string;
  readonly headers: Headers;

  constructor(details: ApiErrorDetails) {
    super(details.message);
    this.status = details.status;
    this.code = details.code;
    this.fields = details.fields;
    this.requestId = details.requestId;
    this.headers = details.headers;
  }
}

/** 400, 413, 415, 422: the request was refused as it is (see `fields`); sending it again changes nothing. */
export class CoinlaneInvalidRequestError extends CoinlaneApiError {}
/** 401: no API key, an unknown, revoked or expired one. */
export class CoinlaneAuthenticationError extends CoinlaneApiError {}
/** 403: the key lacks the permission (read, write, webhook), the account is suspended, or live mode is refused. */
export class CoinlanePermissionError extends CoinlaneApiError {}
/** 404: no such object for this key's merchant and mode. */
export class CoinlaneNotFoundError extends CoinlaneApiError {}
/**
 * 409 and 410: the object's state does not allow the call (`INVALID_STATE`, `REFUND_TOO_LARGE`, `EXPIRED`), or the
 * Idempotency-Key is in use by another request (`CONFLICT`).
 */
export class CoinlaneConflictError extends CoinlaneApiError {}
/** 429: too many calls (`RATE_LIMITED`) or the live daily limit (`DAILY_LIMIT_REACHED`). */
export class CoinlaneRateLimitError extends CoinlaneApiError {
  /** Seconds the server asked to wait (`Retry-After`), if it said. */
  readonly retryAfterSeconds?: number;
  constructor(details: ApiErrorDetails & { retryAfterSeconds?: number }) {
    super(details);
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}
/** 5xx: the server failed or is unavailable (maintenance, no exchange rate, an exchange down). */
export class CoinlaneServerError extends CoinlaneApiError {}

/** The request did not get an answer: DNS, refused or dropped connection, TLS. The cause is attached. */
export class CoinlaneConnectionError extends CoinlaneError {}
/** No answer within `timeoutMs`. */
export class CoinlaneTimeoutError extends CoinlaneConnectionError {}

/** Why a webhook was refused by `verifyWebhook`. */
export type WebhookVerificationFailure =
  /** The body is a parsed object, not the raw bytes received. */
  | 'body_not_raw'
  /** No usable `Coinlane-Signature` header (no `t=`, no `v1=`), or no secret given. */
  | 'malformed'
  /** No `v1=` signature matches the body under the secret(s): tampered body or wrong secret. */
  | 'mismatch'
  /** Signed longer ago than the tolerance: an old delivery replayed. */
  | 'too_old'
  /** Signed further in the future than the tolerance: a clock far off, or a forgery. */
  | 'too_new'
  /** The signature matches but the body is not a Coinlane event. */
  | 'invalid_payload';

/** `verifyWebhook` refused the delivery; answer it with 400 and do not act on it. */
export class CoinlaneSignatureVerificationError extends CoinlaneError {
  readonly reason: WebhookVerificationFailure;
  constructor(reason: WebhookVerificationFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** The subclass of CoinlaneApiError for a status. */
export function apiErrorFor(details: ApiErrorDetails & { retryAfterSeconds?: number }): CoinlaneApiError {
  const { status } = details;
  if (status === 401) return new CoinlaneAuthenticationError(details);
  if (status === 403) return new CoinlanePermissionError(details);
  if (status === 404) return new CoinlaneNotFoundError(details);
  if (status === 409 || status === 410) return new CoinlaneConflictError(details);
  if (status === 429) return new CoinlaneRateLimitError(details);
  if (status >= 500) return new CoinlaneServerError(details);
  if (status >= 400) return new CoinlaneInvalidRequestError(details);
  return new CoinlaneApiError(details);
}
