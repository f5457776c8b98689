import { ZRevokeApiKeysByLinkRequest, ZRevokedAllApiKeys } from '@coinlane/core/api/api-keys';
import {
  changePasswordSchema,
  registerSchema,
  resetPasswordConfirmSchema,
  ZAuthConfig,
  ZAuthMessageReply,
  ZConfirmEmailRequest,
  ZCurrentUserReply,
  ZLoginChallenge,
  ZLoginRequest,
  ZLoginResendRequest,
  ZLoginVerifyReply,
  ZLoginVerifyRequest,
  ZModeRequest,
  ZPasswordResetRequest,
  ZSessionReply,
} from '@coinlane/core/api/auth';
import { envelope } from '@coinlane/core/api/envelope';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf, requireSession, type SessionAuth } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { parseBody } from '#app/http/validate.ts';
import { getPasswordPolicy } from '#app/modules/system-settings/get-password-policy.ts';
import { changePassword } from './change-password.ts';
import { confirmEmail } from './confirm-email.ts';
import { getAuthConfig } from './get-auth-config.ts';
import { getSignupPolicy, registerUser } from './register-user.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { resendLoginCode } from './resend-login-code.ts';
import { resetPassword } from './reset-password.ts';
import { revokeApiKeysByLink } from './revoke-api-keys-by-link.ts';
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from './sessions.ts';
import { signOut } from './sign-out.ts';
import { startLogin } from './start-login.ts';
import { switchMode } from './switch-mode.ts';
import { verifyLogin } from './verify-login.ts';

/** The caller's browser session; use after requireSession (API keys have no business here). */
function sessionOf(req: FastifyRequest): SessionAuth {
  const auth = authOf(req);
  if (auth.kind !== 'session') throw new AppError('FORBIDDEN', { message: T.apiKeySessionOnly });
  return auth;
}

/** /api/v1/auth: sign-up, e-mail confirmation, two-step sign-in, sessions, modes and passwords. */
export async function authRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { config } = app;

  // Flood guard per IP on the routes that check secrets or send mail, in this plugin's scope only. It is
  // per process; the login throttle (check-login-throttle.ts) is the durable, cross-process protection.
  await app.register(rateLimit, {
    global: false,
    store: app.rateLimitCounters.store,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', { message: T.rateLimited }),
  });
  const limited = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: 60_000 } };

  const deps = (log: FastifyInstance['log']) => ({
    db: app.db,
    mailer: app.mailer,
    log,
    appUrl: config.appUrl,
    secretKey: config.appSecretKey,
  });

  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: config.appUrl.startsWith('https://'),
      maxAge: SESSION_MAX_AGE_SECONDS,
    });

  app.get('/config', { schema: { response: { 200: envelope(ZAuthConfig) } } }, async () =>
    ok(await getAuthConfig({ db: app.db })),
  );

  // The password policy is an admin setting, so the body is checked against the policy of the moment.
  app.post(
    '/register',
    { config: limited, schema: { response: { 201: envelope(ZAuthMessageReply) } } },
    async (req, reply) => {
      const input = parseBody(registerSchema(await getSignupPolicy({ db: app.db })), req.body);
      const data = await registerUser({ ...deps(req.log), input, ip: req.ip });
      return reply.status(201).send(ok(data));
    },
  );

  app.post(
    '/confirm-email',
    {
      config: limited,
      schema: { body: ZConfirmEmailRequest, response: { 200: envelope(ZAuthMessageReply) } },
    },
    async (req) => ok(await confirmEmail({ db: app.db, token: req.body.token, ip: req.ip })),
  );

  app.post(
    '/login',
    { config: limited, schema: { body: ZLoginRequest, response: { 200: envelope(ZLoginChallenge) } } },
    async (req) => ok(await startLogin({ ...deps(req.log), ...req.body, ip: req.ip })),
  );

  app.post(
    '/login/verify',
    {
      config: limited,
      schema: { body: ZLoginVerifyRequest, response: { 200: envelope(ZLoginVerifyReply) } },
    },
    async (req, reply) => {
      const { token, user, message } = await verifyLogin({
        db: app.db,
        secretKey: config.appSecretKey,
        challengeId: req.body.challengeId,
        code: req.body.code,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
      });
      setSessionCookie(reply, token);
      return ok({ user, message });
    },
  );

  app.post(
    '/login/resend',
    { config: limited, schema: { body: ZLoginResendRequest, response: { 200: envelope(ZLoginChallenge) } } },
    async (req) =>
      ok(await resendLoginCode({ ...deps(req.log), challengeId: req.body.challengeId, ip: req.ip })),
  );

  app.post('/logout', { schema: { response: { 200: envelope(ZAuthMessageReply) } } }, async (req, reply) => {
    const data = await signOut({ db: app.db, auth: req.auth, ip: req.ip });
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok(data);
  });

  app.get(
    '/session',
    { preValidation: requireSession, schema: { response: { 200: envelope(ZSessionReply) } } },
    async (req) => ok({ user: sessionOf(req).user }),
  );

  app.get(
    '/current-user',
    {
      schema: {
        summary: 'The signed-in user, or null for a guest',
        description:
          'Like GET /auth/session, but a visitor without a session gets 200 with `user: null` instead of 401: the web app asks on every page, and a guest is not an error. An API key is not a session: null.',
        response: { 200: envelope(ZCurrentUserReply) },
      },
    },
    async (req) => ok({ user: req.auth?.kind === 'session' ? req.auth.user : null }),
  );

  app.post(
    '/mode',
    {
      preValidation: requireSession,
      schema: { body: ZModeRequest, response: { 200: envelope(ZSessionReply) } },
    },
    async (req) =>
      ok(await switchMode({ db: app.db, auth: sessionOf(req), mode: req.body.mode, ip: req.ip })),
  );

  app.post(
    '/password-reset',
    {
      config: limited,
      schema: { body: ZPasswordResetRequest, response: { 200: envelope(ZAuthMessageReply) } },
    },
    async (req) => ok(await requestPasswordReset({ ...deps(req.log), email: req.body.email, ip: req.ip })),
  );

  app.post(
    '/password-reset/confirm',
    { config: limited, schema: { response: { 200: envelope(ZAuthMessageReply) } } },
    async (req) => {
      const policy = await getPasswordPolicy({ db: app.db });
      const input = parseBody(resetPasswordConfirmSchema(policy), req.body);
      return ok(
        await resetPassword({ ...deps(req.log), token: input.token, password: input.password, ip: req.ip }),
      );
    },
  );

  app.post(
    '/revoke-api-keys',
    {
      config: limited,
      schema: {
        summary: 'Revoke every API key with the link of the password-reset e-mail',
        description:
          'The single-use link (valid 7 days) of the password-reset notice: every active API key of its account, in both modes, stops working (audited). No session needed. Unknown, used or expired link: 400 TOKEN_INVALID.',
        body: ZRevokeApiKeysByLinkRequest,
        response: { 200: envelope(ZRevokedAllApiKeys) },
      },
    },
    async (req) => ok(await revokeApiKeysByLink({ db: app.db, token: req.body.token, ip: req.ip })),
  );

  app.post(
    '/password',
    {
      config: limited,
      preValidation: requireSession,
      schema: { response: { 200: envelope(ZAuthMessageReply) } },
    },
    async (req) => {
      const policy = await getPasswordPolicy({ db: app.db });
      const input = parseBody(changePasswordSchema(policy), req.body);
      return ok(
        await changePassword({
          ...deps(req.log),
          auth: sessionOf(req),
          currentPassword: input.currentPassword,
          newPassword: input.newPassword,
          ip: req.ip,
        }),
      );
    },
  );
}
