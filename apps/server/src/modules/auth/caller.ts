import type { TApiKeyPermission } from '@coinlane/core/api/api-keys';
import type { TSessionUser } from '@coinlane/core/api/auth';
import type { TFiatCode } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { FastifyRequest } from 'fastify';

/*
 * Who is calling: what http/auth.ts resolves for each request (a session cookie or an API key) and hands to the
 * routes as `req.auth`. Service functions that act for the caller take these types from here, not from http/.
 */

/** A signed-in browser session: it may do everything its merchant may, in the session's mode. */
export type SessionAuth = {
  kind: 'session';
  sessionId: string;
  user: TSessionUser;
  mode: TMode;
  permissions: readonly TApiKeyPermission[];
};

/** A server-to-server call with `Authorization: Bearer cl_(test|live)_...`: the key's permissions, in its mode. */
export type ApiKeyAuth = {
  kind: 'api_key';
  keyId: string;
  /** The key's owner, in the session-user shape, with `mode` = the key's mode. */
  user: TSessionUser;
  mode: TMode;
  permissions: readonly TApiKeyPermission[];
  /**
   * Never present on a key. Session-only code narrows on `kind`; it is not reached with a key anyway, since a
   * key is refused on every route that does not declare a permission with requirePermission().
   */
  sessionId: never;
};

/**
 * A point-of-sale device with `Authorization: Bearer cl_pos_(test|live)_...` (decision 026): it may ring up sales
 * and follow them on the routes guarded by requireDevice, and nothing else (every other guard refuses it).
 */
export type DeviceAuth = {
  kind: 'device';
  deviceId: string;
  deviceName: string;
  fiatCurrency: TFiatCode;
  /** The device's merchant, in the session-user shape, with `mode` = the device's mode. */
  user: TSessionUser;
  mode: TMode;
  /** None: a device holds no API permission. */
  permissions: readonly TApiKeyPermission[];
  sessionId: never;
};

export type Auth = SessionAuth | ApiKeyAuth | DeviceAuth;

/**
 * The signed-in caller (session or API key) that http/auth.ts put on the request; use after requireUser,
 * requireSession or requirePermission.
 */
export function authOf(req: FastifyRequest): Auth {
  if (!req.auth) throw new AppError('UNAUTHORIZED', { message: T.authRequired });
  return req.auth;
}
