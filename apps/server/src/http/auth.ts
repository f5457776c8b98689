import { API_KEY_PERMISSIONS, type TApiKeyPermission } from '@coinlane/core/api/api-keys';
import { POS_CREDENTIAL_START } from '@coinlane/core/api/pos';
import { AppError } from '@coinlane/core/errors';
import { hasPermission, type TAdminPermission } from '@coinlane/core/permissions';
import { T } from '@coinlane/core/texts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { authenticateApiKey } from '#app/modules/api-keys/authenticate-api-key.ts';
import {
  type ApiKeyAuth,
  type Auth,
  authOf,
  type DeviceAuth,
  type SessionAuth,
} from '#app/modules/auth/caller.ts';
import { getSessionByToken, SESSION_COOKIE } from '#app/modules/auth/sessions.ts';
import { authenticatePosDevice } from '#app/modules/pos/authenticate-pos-device.ts';
import { getSessionUser } from '#app/modules/profile/get-session-user.ts';

export type { ApiKeyAuth, Auth, DeviceAuth, SessionAuth };
export { authOf };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/** What a guard demands; read by the OpenAPI generator to document each route's authentication. */
export type AuthRequirement =
  | { kind: 'user' }
  | { kind: 'session' }
  | { kind: 'admin'; permissions: readonly TAdminPermission[] }
  | { kind: 'permission'; permission: TApiKeyPermission }
  | { kind: 'device' };
const REQUIREMENT = Symbol('coinlane.authRequirement');
type Guard = ((req: FastifyRequest, reply: FastifyReply) => Promise<void>) & {
  [REQUIREMENT]?: AuthRequirement;
};
const guard = (requirement: AuthRequirement, fn: Guard): Guard =>
  Object.assign(fn, { [REQUIREMENT]: requirement });

const isGuard = (fn: unknown) => authRequirementOf(fn) !== undefined;

/** The requirement of a route-level hook created by this module, if it is one. */
export const authRequirementOf = (fn: unknown): AuthRequirement | undefined =>
  typeof fn === 'function' ? (fn as Guard)[REQUIREMENT] : undefined;

/**
 * Which guards ran for a request: 'user' (a route for the signed-in merchant or admin), 'permission' (a route
 * that declared the API-key permission it needs) or 'device' (a point-of-sale route). A key is refused on 'user'
 * routes (see apiKeyGate); a device on every route but 'device' ones (each guard refuses it).
 */
type GuardLevel = 'user' | 'permission' | 'device';
const guarded = new WeakMap<FastifyRequest, GuardLevel>();
/** Which guards ran for a request (undefined: none, a public route); read by the maintenance gate (decision 020). */
export const guardLevelOf = (req: FastifyRequest) => guarded.get(req);
const markGuarded = (req: FastifyRequest, level: GuardLevel) => {
  if (guarded.get(req) !== 'permission') guarded.set(req, level);
};

const BEARER = /^Bearer(?:\s+(.*))?$/i;

/**
 * Resolves the caller on every request: an `Authorization: Bearer` API key when that header is present (never
 * falling back to the cookie then: a bad key is a 401), otherwise the session cookie.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    req.auth = null;
    const bearer = BEARER.exec(req.headers.authorization?.trim() ?? '');
    // A point-of-sale device credential (decision 026): its own table and prefix, never taken for an API key.
    if (bearer && (bearer[1] ?? '').trim().startsWith(POS_CREDENTIAL_START)) {
      req.auth = await authenticatePosDevice({ db: app.db, credential: (bearer[1] ?? '').trim() });
      return;
    }
    if (bearer) {
      const key = await authenticateApiKey({ db: app.db, key: (bearer[1] ?? '').trim() });
      req.auth = {
        kind: 'api_key',
        keyId: key.keyId,
        user: key.user,
        mode: key.mode,
        permissions: key.permissions,
      } as ApiKeyAuth;
      return;
    }
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await getSessionByToken({ db: app.db, token });
    if (!session) return;
    const user = await getSessionUser({ db: app.db, userId: session.userId, mode: session.mode });
    if (!user) return;
    req.auth = {
      kind: 'session',
      sessionId: session.sessionId,
      user,
      mode: session.mode,
      permissions: API_KEY_PERMISSIONS,
    };
  });
  // One hook order for every route: the caller is resolved (above), then the route's guards run as its last
  // onRequest hooks, then the key gate; only then is the body parsed and validated. An anonymous or unauthorised
  // caller gets 401/403 before any 400, and never learns a route's schema. Guards written as preValidation or
  // preHandler are moved here, keeping their order; other hooks (idempotency) stay where they were.
  app.addHook('onRoute', (route: RouteOptions) => {
    const list = <H>(h: H | H[] | undefined): H[] => (Array.isArray(h) ? h : h ? [h] : []);
    const guards = [...list(route.preValidation), ...list(route.preHandler)].filter(isGuard);
    const preValidation = list(route.preValidation).filter((h) => !isGuard(h));
    const preHandler = list(route.preHandler).filter((h) => !isGuard(h));
    route.preValidation = preValidation.length ? preValidation : undefined;
    route.preHandler = preHandler.length ? preHandler : undefined;
    route.onRequest = [...list(route.onRequest), ...(guards as never[]), apiKeyGate];
  });
});

/**
 * API keys work only where a route says which permission they need (requirePermission): on a route guarded
 * for signed-in users only (profile, settings, sessions, key management, admin) a key is refused with 403.
 * Routes without any guard (public ones) are not concerned.
 */
async function apiKeyGate(req: FastifyRequest, _reply: FastifyReply) {
  if (req.auth?.kind === 'api_key' && guarded.get(req) === 'user') {
    throw new AppError('FORBIDDEN', { message: T.apiKeySessionOnly });
  }
}

/**
 * A point-of-sale device is refused by every guard but requireDevice: it may only ring up sales and follow them
 * (decision 026). Called first by each guard, so that no route forgets it.
 */
const refuseDevice = (req: FastifyRequest) => {
  if (req.auth?.kind === 'device') {
    throw new AppError('DEVICE_NOT_ALLOWED', { message: T.posDeviceNotAllowed });
  }
};

/** preHandler: a signed-in user (session). An API key passes here only if the route also uses requirePermission. */
export const requireUser = guard({ kind: 'user' }, async (req) => {
  if (!req.auth) throw new AppError('UNAUTHORIZED', { message: T.authRequired });
  refuseDevice(req);
  markGuarded(req, 'user');
});

/** preHandler: a signed-in session only; an API key is refused (403) whatever its permissions. */
export const requireSession = guard({ kind: 'session' }, async (req) => {
  if (!req.auth) throw new AppError('UNAUTHORIZED', { message: T.authRequired });
  refuseDevice(req);
  if (req.auth.kind !== 'session') throw new AppError('FORBIDDEN', { message: T.apiKeySessionOnly });
  markGuarded(req, 'user');
});

/**
 * preHandler factory: a merchant route that API keys may use. A session may always; a key must hold
 * `permission` (read, write or webhook), else 403. The route then acts in `req.auth.mode`.
 */
export function requirePermission(
  permission: TApiKeyPermission,
  { anonymousMessage = T.authRequired }: { anonymousMessage?: string } = {},
) {
  return guard({ kind: 'permission', permission }, async (req) => {
    if (!req.auth) throw new AppError('UNAUTHORIZED', { message: anonymousMessage });
    refuseDevice(req);
    if (req.auth.kind === 'api_key' && !req.auth.permissions.includes(permission)) {
      throw new AppError('FORBIDDEN', {
        message: T.apiKeyMissingPermission(permission),
        details: { permission },
      });
    }
    markGuarded(req, 'permission');
  });
}

/**
 * preHandler factory: a signed-in admin (session only). With a permission, the admin must hold it; with a list,
 * any one of them (`requireAdmin(['settings.read', 'settings.fees'])`). Without, any admin passes.
 */
export function requireAdmin(permission?: TAdminPermission | readonly TAdminPermission[]) {
  const permissions: readonly TAdminPermission[] =
    permission === undefined ? [] : typeof permission === 'string' ? [permission] : permission;
  return guard({ kind: 'admin', permissions }, async (req) => {
    if (!req.auth) throw new AppError('UNAUTHORIZED', { message: T.authRequired });
    refuseDevice(req);
    if (req.auth.kind !== 'session') throw new AppError('FORBIDDEN', { message: T.apiKeyAdminRefused });
    markGuarded(req, 'user');
    const user = req.auth.user;
    if (!user.isAdmin) throw new AppError('FORBIDDEN', { message: T.forbidden });
    if (permissions.length > 0 && !permissions.some((p) => hasPermission(user, p))) {
      throw new AppError('FORBIDDEN', {
        message: `${T.forbidden} Required permission: ${permissions.join(' or ')}`,
        details: { permission: permissions[0], permissions },
      });
    }
  });
}

/**
 * preHandler: a paired point-of-sale device (decision 026), and only one: a session or an API key is refused (403),
 * so the routes of the point of sale act for exactly one device. The route then acts in `req.auth.mode`.
 */
export const requireDevice = guard({ kind: 'device' }, async (req) => {
  if (!req.auth) throw new AppError('UNAUTHORIZED', { message: T.posDeviceOnly });
  if (req.auth.kind !== 'device') throw new AppError('FORBIDDEN', { message: T.posDeviceOnly });
  markGuarded(req, 'device');
});

/** The device that called a route guarded by requireDevice. */
export function deviceOf(req: FastifyRequest): DeviceAuth {
  const auth = authOf(req);
  if (auth.kind !== 'device') throw new AppError('FORBIDDEN', { message: T.posDeviceOnly });
  return auth;
}
