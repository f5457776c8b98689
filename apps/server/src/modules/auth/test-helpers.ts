import { randomId } from '@coinlane/core/ids';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { codeIn, linkIn } from '#app/test/smtp.ts';
import type { TestContext } from '#app/test/test-app.ts';
import { SESSION_COOKIE } from './sessions.ts';

/** Helpers for the auth tests: they drive the HTTP API and read the mails, as a user would. */

export const PASSWORD = 'Correct-Horse-7';
export const CODE_MAIL = /sign-in code/i;
export const CONFIRM_MAIL = /confirm your email/i;
export const RESET_MAIL = /reset your/i;

export const uniqueEmail = (label = 'user') => `${label}-${randomId('t').slice(2, 12)}@example.com`;

type CallOptions = { cookie?: string; ip?: string; userAgent?: string };

export function call(
  ctx: TestContext,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  opts: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url: `/api/v1/auth${path}`,
    ...(body !== undefined ? { payload: body as object } : {}),
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.userAgent ? { 'user-agent': opts.userAgent } : {}),
    },
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
}

export const post = (ctx: TestContext, path: string, body?: unknown, opts?: CallOptions) =>
  call(ctx, 'POST', path, body ?? {}, opts);
export const get = (ctx: TestContext, path: string, opts?: CallOptions) =>
  call(ctx, 'GET', path, undefined, opts);

/** Asserts a failure envelope and returns its error. */
export function expectError(res: LightMyRequestResponse, status: number, code: string, message?: string) {
  expect({ status: res.statusCode, code: res.json().error?.code }).toEqual({ status, code });
  const body = res.json();
  expect(body.success).toBe(false);
  expect(body.data).toBeNull();
  if (message !== undefined) expect(body.error.message).toBe(message);
  return body.error as { message: string; code: string; fields?: Record<string, string> };
}

/** The `cl_session=...` Cookie header value set by a reply, or ''. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  return c?.value ? `${SESSION_COOKIE}=${c.value}` : '';
}

/** Signs up through the API and follows the confirmation link from the mail. */
export async function registerAndConfirm(
  ctx: TestContext,
  { email = uniqueEmail(), password = PASSWORD, name = 'Ada Lovelace', ip = '127.0.0.1' } = {},
) {
  const before = ctx.smtp.mails.length;
  const res = await post(ctx, '/register', { name, email, password, confirmPassword: password }, { ip });
  expect(res.statusCode).toBe(201);
  const mail = await ctx.smtp.waitForMail(email, { subject: CONFIRM_MAIL, after: before });
  const token = new URL(linkIn(mail, 'confirm-email')).searchParams.get('token');
  const confirmed = await post(ctx, '/confirm-email', { token }, { ip });
  expect(confirmed.statusCode).toBe(200);
  return { email, password, name };
}

/** Step one of sign-in; returns the reply and the code from the mail it sent. */
export async function startLogin(ctx: TestContext, email: string, password = PASSWORD, ip = '127.0.0.1') {
  const before = ctx.smtp.mails.length;
  const res = await post(ctx, '/login', { email, password }, { ip });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await ctx.smtp.waitForMail(email, { subject: CODE_MAIL, after: before });
  return { challengeId: res.json().data.challengeId as string, code: codeIn(mail), mail, res };
}

/** Both steps of sign-in; returns the session cookie. */
export async function signIn(ctx: TestContext, email: string, password = PASSWORD, ip = '127.0.0.1') {
  const { challengeId, code } = await startLogin(ctx, email, password, ip);
  const res = await post(ctx, '/login/verify', { challengeId, code }, { ip });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = sessionCookieOf(res);
  expect(cookie).not.toBe('');
  return cookie;
}

/** A code that is not `code` (for wrong-code attempts). */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
