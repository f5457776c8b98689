/** Error codes of the API and the HTTP status each maps to. One table, used by the server's error handler. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  SESSION_EXPIRED: 401,
  EMAIL_NOT_CONFIRMED: 403,
  ACCOUNT_SUSPENDED: 403,
  FORBIDDEN: 403,
  REGISTRATION_DISABLED: 403,
  LIVE_MODE_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  OTP_TOO_MANY_ATTEMPTS: 400,
  TOKEN_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  LOCKED_OUT: 429,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  /** The request is valid but the object's state does not allow it (cancel a paid payment, edit a completed link). */
  INVALID_STATE: 409,
  /** The payment link (or attempt) has expired. */
  EXPIRED: 410,
  /** Live payments on a network with no chain adapter configured. */
  NETWORK_NOT_CONFIGURED: 422,
  /** No usable exchange rate (none at all, or no fresh market rate for a live amount). */
  RATE_UNAVAILABLE: 503,
  /** A live payment on a network whose chain is configured, but no default whitelisted wallet for the coin. */
  WALLET_REQUIRED: 422,
  /** The merchant's account is suspended: its hosted pages start no new payment (payments under way go on). */
  MERCHANT_UNAVAILABLE: 403,
  /** maintenance_mode is on: merchant writes and new payment attempts are refused (decision 020). */
  MAINTENANCE: 503,
  /** The merchant's live payments of today (UTC) reached max_daily_transactions (decision 020). */
  DAILY_LIMIT_REACHED: 429,
  /** A refund larger than what the payment still has to refund (confirmed money less open and paid refunds). */
  REFUND_TOO_LARGE: 409,
  /**
   * The exchange that converts a payment under the merchant's payout rule (decision 024) did not answer, refused,
   * or answered something unusable, when the hosted page started the payment: nothing was created.
   */
  CONVERSION_UNAVAILABLE: 502,
  /**
   * A point-of-sale device credential (decision 026) on a route other than the point of sale's own: it may only
   * ring up sales and follow them.
   */
  DEVICE_NOT_ALLOWED: 403,
  /**
   * A payment link's returnUrl is refused (not an absolute https URL, too long, credentials, another scheme, plain
   * http outside test mode and this machine): `fields.returnUrl` says why.
   */
  INVALID_RETURN_URL: 400,
} as const;
export type TErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly details?: unknown;
  constructor(code: TErrorCode, opts: { message: string; status?: number; details?: unknown }) {
    super(opts.message);
    this.name = 'AppError';
    this.code = code;
    this.status = opts.status ?? ERROR_STATUS[code];
    this.details = opts.details;
  }
}
