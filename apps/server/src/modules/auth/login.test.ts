import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSystemSetting } from '#app/modules/system-settings/set-system-setting.ts';
import { createUser } from '#app/test/fixtures.ts';
import { codeIn } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import {
  CODE_MAIL,
  expectError,
  get,
  otherCode,
  PASSWORD,
  post,
  registerAndConfirm,
  sessionCookieOf,
  signIn,
  startLogin,
  uniqueEmail,
} from './test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A confirmed account, created through sign-up. Each test uses its own account and IP, so the throttle of
 * one test never reaches another. */
let n = 0;
async function account() {
  n += 1;
  const { email } = await registerAndConfirm(ctx, { email: uniqueEmail(`login${n}`) });
  return { email, ip: `198.51.100.${n}` };
}

const challengeRow = (id: string) =>
  ctx.db.selectFrom('login_challenges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('two-step sign-in', () => {
  it('mails a code, then opens a session in an httpOnly cookie', async () => {
    const { email, ip } = await account();
    const before = ctx.smtp.mails.length;
    const started = Date.now();
    const res = await post(ctx, '/login', { email: email.toUpperCase(), password: PASSWORD }, { ip });
    expect(res.statusCode).toBe(200);
    expect(res.cookies).toHaveLength(0); // never a session at step one
    const data = res.json().data;
    expect(data).toEqual({
      challengeId: expect.stringMatching(/^chl_/),
      email,
      expiresAt: expect.any(String),
      expiresIn: 300,
      message: T.credentialsVerified,
    });
    const expiresAt = Date.parse(data.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(started + 299_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 300_000);

    const mail = await ctx.smtp.waitForMail(email, { subject: CODE_MAIL, after: before });
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(ip);
    expect(mail.text).toMatch(/5 minutes/);
    expect(mail.text).toMatch(/change your password/i);
    expect(mail.html).toContain(code);
    // Only the hash of the code is stored.
    const row = await challengeRow(data.challengeId);
    expect(row.code_hash).not.toContain(code);

    // Without a session the API says so.
    expectError(await get(ctx, '/session'), 401, 'UNAUTHORIZED', T.authRequired);

    const verified = await post(
      ctx,
      '/login/verify',
      { challengeId: data.challengeId, code },
      { ip, userAgent: 'vitest-browser' },
    );
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(body.data.message).toBe(T.twoFactorComplete);
    expect(body.data.user).toMatchObject({
      email,
      name: 'Ada Lovelace',
      mode: 'test',
      status: 'pending',
      isAdmin: false,
      avatarUrl: null,
    });
    expect(JSON.stringify(body)).not.toMatch(/token|hash/i);

    const cookie = verified.cookies.find((c) => c.name === 'cl_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7 * 24 * 3600 });
    expect(cookie?.secure).toBeFalsy(); // APP_URL is http:// in tests
    expect(cookie?.value.length).toBeGreaterThanOrEqual(40);

    const session = await get(ctx, '/session', { cookie: sessionCookieOf(verified) });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ success: true, data: { user: body.data.user }, error: null });

    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'last_login_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.last_login_at).toBeInstanceOf(Date);
    const stored = await ctx.db
      .selectFrom('sessions')
      .select(['ip', 'user_agent', 'token_hash'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ ip, user_agent: 'vitest-browser' });
    expect(stored.token_hash).not.toBe(cookie?.value);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', user.id)
      .where('action', '=', 'user.signed_in')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('answers a wrong password and an unknown address alike, and mails nothing', async () => {
    const { email, ip } = await account();
    const before = ctx.smtp.mails.length;
    const wrong = await post(ctx, '/login', { email, password: 'Not-the-password-1' }, { ip });
    const unknown = await post(ctx, '/login', { email: uniqueEmail('nobody'), password: PASSWORD }, { ip });
    expectError(wrong, 401, 'INVALID_CREDENTIALS', T.invalidCredentials);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.statusCode).toBe(wrong.statusCode);
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx.smtp.mails.length).toBe(before);
  });

  it('checks the request shape', async () => {
    const error = expectError(await post(ctx, '/login', {}), 400, 'VALIDATION_ERROR');
    expect(error.fields).toMatchObject({ email: T.emailRequired, password: T.passwordRequired });
    expectError(
      await post(ctx, '/login', { email: 'nope', password: 'x' }),
      400,
      'VALIDATION_ERROR',
      T.emailInvalid,
    );
    expectError(
      await post(ctx, '/login/verify', { challengeId: 'chl_x', code: '12ab56' }),
      400,
      'VALIDATION_ERROR',
      T.otpInvalid,
    );
  });

  it('refuses a suspended account, and ends its sessions', async () => {
    const { email, ip } = await account();
    const cookie = await signIn(ctx, email, PASSWORD, ip);
    await ctx.db.updateTable('users').set({ status: 'suspended' }).where('email', '=', email).execute();
    expectError(await get(ctx, '/session', { cookie }), 401, 'UNAUTHORIZED');
    expectError(
      await post(ctx, '/login', { email, password: PASSWORD }, { ip }),
      403,
      'ACCOUNT_SUSPENDED',
      T.accountSuspended,
    );
    // A wrong password still says only "invalid credentials".
    expectError(
      await post(ctx, '/login', { email, password: 'Wrong-pass-1' }, { ip }),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('refuses a code of an account suspended after the code was sent', async () => {
    const { email, ip } = await account();
    const { challengeId, code } = await startLogin(ctx, email, PASSWORD, ip);
    await ctx.db.updateTable('users').set({ status: 'suspended' }).where('email', '=', email).execute();
    const res = await post(ctx, '/login/verify', { challengeId, code }, { ip });
    expectError(res, 403, 'ACCOUNT_SUSPENDED');
    expect(sessionCookieOf(res)).toBe('');
  });
});

describe('sign-in codes', () => {
  it('five wrong codes kill the challenge: even the right code is refused afterwards', async () => {
    const { email, ip } = await account();
    const { challengeId, code } = await startLogin(ctx, email, PASSWORD, ip);
    for (let i = 1; i <= 4; i++) {
      expectError(
        await post(ctx, '/login/verify', { challengeId, code: otherCode(code) }, { ip }),
        400,
        'OTP_INVALID',
        T.otpInvalid,
      );
    }
    expectError(
      await post(ctx, '/login/verify', { challengeId, code: otherCode(code) }, { ip }),
      400,
      'OTP_TOO_MANY_ATTEMPTS',
      T.otpTooManyAttempts,
    );
    const res = await post(ctx, '/login/verify', { challengeId, code }, { ip: '192.0.2.200' });
    expectError(res, 400, 'OTP_TOO_MANY_ATTEMPTS', T.otpTooManyAttempts);
    expect(sessionCookieOf(res)).toBe('');
    expect((await challengeRow(challengeId)).wrong_attempts).toBe(5);
    // A new code cannot revive it either.
    expectError(await post(ctx, '/login/resend', { challengeId }, { ip }), 400, 'OTP_TOO_MANY_ATTEMPTS');
  });

  it('parallel wrong guesses cannot try more than five codes', async () => {
    const { email, ip } = await account();
    const { challengeId, code } = await startLogin(ctx, email, PASSWORD, ip);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      post(
        ctx,
        '/login/verify',
        { challengeId, code: otherCode(String(Number(code) + i)) },
        { ip: `10.9.0.${i}` },
      ),
    );
    const replies = await Promise.all(guesses);
    expect(replies.every((r) => r.statusCode === 400)).toBe(true);
    expect((await challengeRow(challengeId)).wrong_attempts).toBe(5);
  });

  it('a code opens one session only, even when sent twice at once', async () => {
    const { email, ip } = await account();
    const { challengeId, code } = await startLogin(ctx, email, PASSWORD, ip);
    const [a, b] = await Promise.all([
      post(ctx, '/login/verify', { challengeId, code }, { ip }),
      post(ctx, '/login/verify', { challengeId, code }, { ip }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const again = await post(ctx, '/login/verify', { challengeId, code }, { ip });
    expectError(again, 400, 'OTP_INVALID', T.otpInvalid);
    const user = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const sessions = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it('an expired code is refused; a resent code works and the old one does not', async () => {
    const { email, ip } = await account();
    const { challengeId, code } = await startLogin(ctx, email, PASSWORD, ip);
    await ctx.db
      .updateTable('login_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', challengeId)
      .execute();
    expectError(
      await post(ctx, '/login/verify', { challengeId, code }, { ip }),
      400,
      'OTP_EXPIRED',
      T.otpExpired,
    );

    const before = ctx.smtp.mails.length;
    const resent = await post(ctx, '/login/resend', { challengeId }, { ip });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toEqual({
      challengeId,
      email,
      expiresAt: expect.any(String),
      expiresIn: 300,
      message: T.otpResent,
    });
    expect(Date.parse(resent.json().data.expiresAt)).toBeGreaterThan(Date.now() + 290_000);
    const mail = await ctx.smtp.waitForMail(email, { subject: CODE_MAIL, after: before });
    const fresh = codeIn(mail);
    expect((await challengeRow(challengeId)).sent_count).toBe(2);

    if (fresh !== code) {
      expectError(await post(ctx, '/login/verify', { challengeId, code }, { ip }), 400, 'OTP_INVALID');
    }
    const ok = await post(ctx, '/login/verify', { challengeId, code: fresh }, { ip });
    expect(ok.statusCode).toBe(200);
    expect(sessionCookieOf(ok)).not.toBe('');
    // Used: no more codes for it.
    expectError(
      await post(ctx, '/login/resend', { challengeId }, { ip }),
      400,
      'OTP_INVALID',
      T.loginAttemptEnded,
    );
  });

  it('sends at most five codes per sign-in, and none after thirty minutes', async () => {
    const { email, ip } = await account();
    const { challengeId } = await startLogin(ctx, email, PASSWORD, ip);
    for (let i = 2; i <= 5; i++) {
      expect((await post(ctx, '/login/resend', { challengeId }, { ip })).statusCode).toBe(200);
    }
    expectError(
      await post(ctx, '/login/resend', { challengeId }, { ip }),
      400,
      'OTP_TOO_MANY_ATTEMPTS',
      T.otpTooManyResends,
    );

    const second = await startLogin(ctx, email, PASSWORD, ip);
    await ctx.db
      .updateTable('login_challenges')
      .set({ created_at: new Date(Date.now() - 31 * 60_000), expires_at: new Date(Date.now() - 26 * 60_000) })
      .where('id', '=', second.challengeId)
      .execute();
    expectError(
      await post(ctx, '/login/resend', { challengeId: second.challengeId }, { ip }),
      400,
      'OTP_INVALID',
      T.loginAttemptEnded,
    );
    expectError(await post(ctx, '/login/resend', { challengeId: 'chl_unknown' }, { ip }), 400, 'OTP_INVALID');
    expectError(
      await post(ctx, '/login/verify', { challengeId: 'chl_unknown', code: '123456' }, { ip }),
      400,
      'OTP_INVALID',
      T.otpInvalid,
    );
  });

  it('a new sign-in replaces the code of an unfinished one', async () => {
    const { email, ip } = await account();
    const first = await startLogin(ctx, email, PASSWORD, ip);
    const second = await startLogin(ctx, email, PASSWORD, ip);
    expectError(
      await post(ctx, '/login/verify', { challengeId: first.challengeId, code: first.code }, { ip }),
      400,
      'OTP_INVALID',
    );
    const ok = await post(
      ctx,
      '/login/verify',
      { challengeId: second.challengeId, code: second.code },
      { ip },
    );
    expect(ok.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('sign-out makes the cookie useless, and works without a session too', async () => {
    const { email, ip } = await account();
    const cookie = await signIn(ctx, email, PASSWORD, ip);
    const other = await signIn(ctx, email, PASSWORD, ip);
    const out = await post(ctx, '/logout', undefined, { cookie });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, data: { message: T.signedOut }, error: null });
    const cleared = out.cookies.find((c) => c.name === 'cl_session');
    expect(cleared?.value).toBe('');
    expectError(await get(ctx, '/session', { cookie }), 401, 'UNAUTHORIZED');
    // Only that session ended.
    expect((await get(ctx, '/session', { cookie: other })).statusCode).toBe(200);

    expect((await post(ctx, '/logout', undefined, { cookie })).statusCode).toBe(200);
    expect((await post(ctx, '/logout')).statusCode).toBe(200);
    expectError(await get(ctx, '/session', { cookie: 'cl_session=forged' }), 401, 'UNAUTHORIZED');
  });

  it('ends after session_timeout minutes of idleness', async () => {
    const { email, ip } = await account();
    const cookie = await signIn(ctx, email, PASSWORD, ip);
    await setSystemSetting({ db: ctx.db, key: 'session_timeout', value: 1, updatedBy: null });
    try {
      expect((await get(ctx, '/session', { cookie })).statusCode).toBe(200);
      const user = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - 61_000) })
        .where('user_id', '=', user.id)
        .execute();
      expectError(await get(ctx, '/session', { cookie }), 401, 'UNAUTHORIZED', T.authRequired);
      // Idle expiry is final: activity after it does not bring the session back.
      await ctx.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date() })
        .where('user_id', '=', user.id)
        .execute();
      expectError(await get(ctx, '/session', { cookie }), 401, 'UNAUTHORIZED');
    } finally {
      await setSystemSetting({ db: ctx.db, key: 'session_timeout', value: 30, updatedBy: null });
    }
  });

  it('shows an admin with role and permissions', async () => {
    const admin = await createUser({ db: ctx.db, adminRole: 'support_admin', name: 'Sam Support' });
    const cookie = await signIn(ctx, admin.email, admin.password, '198.51.100.250');
    const user = (await get(ctx, '/session', { cookie })).json().data.user;
    expect(user).toMatchObject({ isAdmin: true, adminRole: 'support_admin', name: 'Sam Support' });
    expect(user.permissions).toContain('support.write');
    expect(user.permissions).not.toContain('settings.write');
  });
});
