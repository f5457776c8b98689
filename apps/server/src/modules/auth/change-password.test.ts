import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { expectError, get, PASSWORD, post, signIn, startLogin } from './test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const NEW_PASSWORD = 'Changed-pass-2024';
const change = (cookie: string, body: Record<string, string>, ip?: string) =>
  post(ctx, '/password', body, { cookie, ...(ip ? { ip } : {}) });

describe('POST /auth/password', () => {
  it('needs a session', async () => {
    expectError(
      await post(ctx, '/password', {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('refuses a wrong current password without signing the user out', async () => {
    const user = await createUser({ db: ctx.db });
    const cookie = await signIn(ctx, user.email);
    const res = await change(cookie, {
      currentPassword: 'Not-my-password-1',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expectError(res, 400, 'INVALID_CREDENTIALS', T.currentPasswordWrong);
    expect(res.cookies).toHaveLength(0);
    expect((await get(ctx, '/session', { cookie })).statusCode).toBe(200);
    // Nothing changed.
    expect((await post(ctx, '/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('applies the password policy', async () => {
    const user = await createUser({ db: ctx.db });
    const cookie = await signIn(ctx, user.email);
    expectError(
      await change(cookie, { currentPassword: PASSWORD, newPassword: 'short', confirmPassword: 'short' }),
      400,
      'VALIDATION_ERROR',
      'Password must be at least 8 characters long',
    );
    const err = expectError(
      await change(cookie, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: 'other',
      }),
      400,
      'VALIDATION_ERROR',
      T.passwordsDoNotMatch,
    );
    expect(err.fields).toEqual({ confirmPassword: T.passwordsDoNotMatch });
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await createUser({ db: ctx.db });
    const here = await signIn(ctx, user.email);
    const elsewhere = await signIn(ctx, user.email, PASSWORD, '198.51.100.30');
    const unfinished = await startLogin(ctx, user.email, PASSWORD, '198.51.100.31');

    const before = ctx.smtp.mails.length;
    const res = await change(here, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { message: T.passwordChanged }, error: null });
    const notice = await ctx.smtp.waitForMail(user.email, {
      subject: /password was changed/i,
      after: before,
    });
    expect(notice.text).toContain('127.0.0.1');

    expect((await get(ctx, '/session', { cookie: here })).statusCode).toBe(200);
    expectError(await get(ctx, '/session', { cookie: elsewhere }), 401, 'UNAUTHORIZED');
    expectError(
      await post(
        ctx,
        '/login/verify',
        { challengeId: unfinished.challengeId, code: unfinished.code },
        { ip: '198.51.100.31' },
      ),
      400,
      'OTP_INVALID',
    );
    expectError(
      await post(ctx, '/login', { email: user.email, password: PASSWORD }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect((await signIn(ctx, user.email, NEW_PASSWORD)).length).toBeGreaterThan(0);

    const row = await ctx.db
      .selectFrom('users')
      .select(['password_hash', 'password_changed_at', 'created_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_changed_at.getTime()).toBeGreaterThan(row.created_at.getTime());
  });

  it('wrong current passwords count toward the sign-in lockout', async () => {
    const user = await createUser({ db: ctx.db });
    const ip = '198.51.100.40';
    const cookie = await signIn(ctx, user.email, PASSWORD, ip);
    const wrong = {
      currentPassword: 'Guess-number-1',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    };
    for (let i = 0; i < 5; i++) expectError(await change(cookie, wrong, ip), 400, 'INVALID_CREDENTIALS');
    expectError(
      await change(cookie, { ...wrong, currentPassword: PASSWORD }, ip),
      429,
      'LOCKED_OUT',
      T.lockedOut(15),
    );
    // Still signed in.
    expect((await get(ctx, '/session', { cookie })).statusCode).toBe(200);
  });
});
