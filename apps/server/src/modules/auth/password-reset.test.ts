import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSystemSetting } from '#app/modules/system-settings/set-system-setting.ts';
import { createUser } from '#app/test/fixtures.ts';
import { linkIn } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import {
  CONFIRM_MAIL,
  expectError,
  get,
  PASSWORD,
  post,
  RESET_MAIL,
  signIn,
  startLogin,
  uniqueEmail,
} from './test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const NEW_PASSWORD = 'Brand-new-pass-42';

/** Asks for a reset link and returns the token from the mail. */
async function requestLink(email: string) {
  const before = ctx.smtp.mails.length;
  const res = await post(ctx, '/password-reset', { email });
  expect(res.json()).toEqual({ success: true, data: { message: T.passwordResetSent }, error: null });
  const mail = await ctx.smtp.waitForMail(email, { subject: RESET_MAIL, after: before });
  const link = linkIn(mail, 'reset-password');
  expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{40,}$/);
  return new URL(link).searchParams.get('token')!;
}

const confirmReset = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  post(ctx, '/password-reset/confirm', { token, password, confirmPassword });

describe('password reset', () => {
  it('answers the same for an unknown address and mails nothing', async () => {
    const user = await createUser({ db: ctx.db });
    const known = await post(ctx, '/password-reset', { email: user.email });
    const before = ctx.smtp.mails.length;
    const nobody = uniqueEmail('nobody');
    const unknown = await post(ctx, '/password-reset', { email: nobody });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await ctx.smtp.waitForMail(user.email, { subject: RESET_MAIL });
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx.smtp.mails.slice(before).some((m) => m.to === nobody)).toBe(false);
    expectError(
      await post(ctx, '/password-reset', { email: 'nope' }),
      400,
      'VALIDATION_ERROR',
      T.emailInvalid,
    );
  });

  it('sets a new password once, ends every session and unfinished sign-in', async () => {
    const user = await createUser({ db: ctx.db });
    const cookie = await signIn(ctx, user.email);
    const pending = await startLogin(ctx, user.email, PASSWORD, '198.51.100.7');
    const token = await requestLink(user.email);

    // The policy of the moment applies; a refused password does not use the link up.
    await setSystemSetting({ db: ctx.db, key: 'password_min_length', value: 20, updatedBy: null });
    try {
      expectError(
        await confirmReset(token),
        400,
        'VALIDATION_ERROR',
        'Password must be at least 20 characters long',
      );
    } finally {
      await setSystemSetting({ db: ctx.db, key: 'password_min_length', value: 8, updatedBy: null });
    }
    expectError(
      await confirmReset(token, NEW_PASSWORD, 'different'),
      400,
      'VALIDATION_ERROR',
      T.passwordsDoNotMatch,
    );

    const before = ctx.smtp.mails.length;
    const done = await confirmReset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, data: { message: T.passwordResetDone }, error: null });
    await ctx.smtp.waitForMail(user.email, { subject: /password was changed/i, after: before });

    expectError(await confirmReset(token, 'Another-pass-77'), 400, 'TOKEN_INVALID', T.linkExpired);
    expectError(await get(ctx, '/session', { cookie }), 401, 'UNAUTHORIZED');
    expectError(
      await post(
        ctx,
        '/login/verify',
        { challengeId: pending.challengeId, code: pending.code },
        { ip: '198.51.100.7' },
      ),
      400,
      'OTP_INVALID',
    );
    expectError(
      await post(ctx, '/login', { email: user.email, password: PASSWORD }),
      401,
      'INVALID_CREDENTIALS',
    );
    const fresh = await signIn(ctx, user.email, NEW_PASSWORD);
    expect((await get(ctx, '/session', { cookie: fresh })).statusCode).toBe(200);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', user.id)
      .where('action', '=', 'user.password_reset')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('a new link replaces the older one', async () => {
    const user = await createUser({ db: ctx.db });
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect(second).not.toBe(first);
    expectError(await confirmReset(first), 400, 'TOKEN_INVALID', T.linkExpired);
    expect((await confirmReset(second)).statusCode).toBe(200);
  });

  it('refuses an expired link or a made-up one', async () => {
    const user = await createUser({ db: ctx.db });
    const token = await requestLink(user.email);
    await ctx.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expectError(await confirmReset(token), 400, 'TOKEN_INVALID', T.linkExpired);
    expectError(await confirmReset('x'.repeat(43)), 400, 'TOKEN_INVALID', T.linkExpired);
    expectError(
      await post(ctx, '/login', { email: user.email, password: NEW_PASSWORD }),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('confirms an unconfirmed address (the link proves it)', async () => {
    const email = uniqueEmail('unconfirmed');
    await post(ctx, '/register', { name: 'Una', email, password: PASSWORD, confirmPassword: PASSWORD });
    await ctx.smtp.waitForMail(email, { subject: CONFIRM_MAIL });
    expectError(await post(ctx, '/login', { email, password: PASSWORD }), 403, 'EMAIL_NOT_CONFIRMED');
    const token = await requestLink(email);
    expect((await confirmReset(token)).statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('users')
      .select(['email_confirmed_at', 'status'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.email_confirmed_at).toBeInstanceOf(Date);
    expect(row.status).toBe('pending'); // KYC is required by default
    expect((await signIn(ctx, email, NEW_PASSWORD)).length).toBeGreaterThan(0);
  });

  it('sends nothing to a suspended account', async () => {
    const user = await createUser({ db: ctx.db, status: 'suspended' });
    const before = ctx.smtp.mails.length;
    const res = await post(ctx, '/password-reset', { email: user.email });
    expect(res.json().data.message).toBe(T.passwordResetSent);
    await new Promise((r) => setTimeout(r, 300));
    expect(ctx.smtp.mails.slice(before).some((m) => m.to === user.email)).toBe(false);
  });
});
