import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { guardLevelOf } from './auth.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Sign-in, sign-out, mode, password and key revocation: an account's own security keeps working. Support tickets:
 * a merchant can still ask the operators what is going on (decision 017).
 */
const EXEMPT_PREFIXES = ['/api/v1/auth/', '/api/v1/support/'];

/**
 * maintenance_mode (general settings; decision 020). While it is on, a merchant's write is refused with
 * MAINTENANCE (503) and the catalogue's message, whether it comes with a session or an API key: every POST, PUT,
 * PATCH and DELETE of a route that authenticated its caller (a guard ran: requireUser, requireSession,
 * requirePermission), except the account's own sign-in and security routes under /auth and its support tickets
 * (/support). Reads keep working;
 * administrators' sessions are exempt (the back-office, and their own merchant routes); public routes are not
 * concerned here (the hosted page refuses new payment attempts itself, startCheckoutPayment), and the watchers and
 * jobs go on crediting payments under way. Runs as a preParsing hook: after the caller and the route's guards
 * (onRequest), before the body is read.
 */
export const maintenanceGatePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preParsing', async (req: FastifyRequest) => {
    if (!req.auth || !WRITES.has(req.method) || guardLevelOf(req) === undefined) return;
    const url = req.routeOptions.url ?? '';
    if (EXEMPT_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
    if (req.auth.kind === 'session' && req.auth.user.isAdmin) return;
    const { general } = await getSystemSettings({ db: app.db });
    if (general.maintenance_mode) throw new AppError('MAINTENANCE', { message: T.maintenanceRefused });
  });
});
