import type { TSessionUser } from '@coinlane/core/api/auth';
import { AppError } from '@coinlane/core/errors';
import { hasPermission, type TAdminPermission } from '@coinlane/core/permissions';
import { T } from '@coinlane/core/texts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { getSessionUser } from '#app/modules/auth/get-session-user.ts';
import { getSessionByToken, SESSION_COOKIE } from '#app/modules/auth/sessions.ts';

export type Auth = { kind: 'session'; sessionId: string; user: TSessionUser; mode: 'test' | 'live' };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/** Resolves the caller from the session cookie on every request (API keys join here in a later issue). */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    req.auth = null;
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await getSessionByToken({ db: app.db, token });
    if (!session) return;
    const user = await getSessionUser({ db: app.db, userId: session.userId, mode: session.mode });
    if (!user) return;
    req.auth = { kind: 'session', sessionId: session.sessionId, user, mode: session.mode };
  });
});

/** preHandler: a signed-in user. */
export async function requireUser(req: FastifyRequest, _reply: FastifyReply) {
  if (!req.auth) throw new AppError('UNAUTHORIZED', { message: T.authRequired });
}

/** preHandler factory: a signed-in admin, holding `permission` when one is named. */
export function requireAdmin(permission?: TAdminPermission) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    if (!req.auth) throw new AppError('UNAUTHORIZED', { message: T.authRequired });
    if (!req.auth.user.isAdmin) throw new AppError('FORBIDDEN', { message: T.forbidden });
    if (permission && !hasPermission(req.auth.user, permission)) {
      throw new AppError('FORBIDDEN', {
        message: `${T.forbidden} Required permission: ${permission}`,
        details: { permission },
      });
    }
  };
}

/** The signed-in caller; use after requireUser. */
export function authOf(req: FastifyRequest): Auth {
  if (!req.auth) throw new AppError('UNAUTHORIZED', { message: T.authRequired });
  return req.auth;
}
