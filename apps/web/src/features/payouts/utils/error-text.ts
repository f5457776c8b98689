import { ApiError } from '../../../lib/api-client.ts';

/**
 * What a failed change of the payouts page says: the server's own reason when it refused the request (a 4xx with
 * its message: a rule that already exists, a wallet not whitelisted), else the spec's catalogue message ('Failed
 * to add rule', ...) for a failure that has no reason for the merchant (no connection, a server error).
 */
export const refusalOr = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? err.message : fallback;
