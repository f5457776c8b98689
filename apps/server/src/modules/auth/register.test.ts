import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setSystemSetting } from '#app/modules/system-settings/set-system-setting.ts';
import { linkIn } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import {
  CONFIRM_MAIL,
  expectError,
  get,
  PASSWORD,
  post,
  registerAndConfirm,
  uniqueEmail,
} from './test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const setting = (key: string, value: unknown) =>
  setSystemSetting({ db: ctx.db, key, value, updatedBy: null });
const countUsers = async (email: string) =>
  (await ctx.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).execute()).length;
const form = (over: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: uniqueEmail('grace'),
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ...over,
});

beforeEach(async () => {
  await setting('registration_enabled', true);
  await setting('password_min_length', 8);
  await setting('password_require_special', true);
  await setting('kyc_required', true);
});

describe('GET /auth/config', () => {
  it('tells the forms the current policy', async () => {
    const res = await get(ctx, '/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        registrationEnabled: true,
        passwordMinLength: 8,
        passwordRequireSpecial: true,
        otpTtlSeconds: 300,
      },
      error: null,
    });
    await setting('password_min_length', 12);
    await setting('password_require_special', false);
    await setting('registration_enabled', false);
    expect((await get(ctx, '/config')).json().data).toEqual({
      registrationEnabled: false,
      passwordMinLength: 12,
      passwordRequireSpecial: false,
      otpTtlSeconds: 300,
    });
  });
});

describe('POST /auth/register validation', () => {
  it('names every missing field and creates nothing', async () => {
    const res = await post(ctx, '/register', {});
    const error = expectError(res, 400, 'VALIDATION_ERROR', T.nameRequired);
    expect(error.fields).toEqual({
      name: T.nameRequired,
      email: T.emailRequired,
      password: T.passwordRequired,
      confirmPassword: T.passwordRequired,
    });
    const blank = await post(ctx, '/register', { name: '  ', email: '', password: '', confirmPassword: '' });
    expectError(blank, 400, 'VALIDATION_ERROR', T.nameRequired);
    const none = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register' });
    expectError(none, 400, 'VALIDATION_ERROR', T.nameRequired);
  });

  it('refuses a malformed address', async () => {
    const email = 'not-an-address';
    const error = expectError(await post(ctx, '/register', form({ email })), 400, 'VALIDATION_ERROR');
    expect(error.message).toBe(T.emailInvalid);
    expect(error.fields).toEqual({ email: T.emailInvalid });
  });

  it('applies the configured minimum length, naming it', async () => {
    let error = expectError(
      await post(ctx, '/register', form({ password: 'Sh0rt!', confirmPassword: 'Sh0rt!' })),
      400,
      'VALIDATION_ERROR',
    );
    expect(error.message).toBe('Password must be at least 8 characters long');

    await setting('password_min_length', 10);
    const nine = 'Abcdefg1!';
    error = expectError(
      await post(ctx, '/register', form({ password: nine, confirmPassword: nine })),
      400,
      'VALIDATION_ERROR',
    );
    expect(error.message).toBe('Password must be at least 10 characters long');
    expect(error.fields?.password).toBe('Password must be at least 10 characters long');

    const ten = 'Abcdefgh1!';
    expect((await post(ctx, '/register', form({ password: ten, confirmPassword: ten }))).statusCode).toBe(
      201,
    );
  });

  it('requires a special character only while the setting is on', async () => {
    const plain = 'abcdefgh12';
    const email = uniqueEmail('plain');
    const error = expectError(
      await post(ctx, '/register', form({ email, password: plain, confirmPassword: plain })),
      400,
      'VALIDATION_ERROR',
    );
    expect(error.message).toBe(T.passwordNeedsSpecial);
    expect(await countUsers(email)).toBe(0);

    await setting('password_require_special', false);
    const ok = await post(ctx, '/register', form({ email, password: plain, confirmPassword: plain }));
    expect(ok.statusCode).toBe(201);
    expect(await countUsers(email)).toBe(1);
  });

  it('refuses passwords that do not match', async () => {
    const email = uniqueEmail('mismatch');
    const error = expectError(
      await post(ctx, '/register', form({ email, confirmPassword: `${PASSWORD}x` })),
      400,
      'VALIDATION_ERROR',
      T.passwordsDoNotMatch,
    );
    expect(error.fields).toEqual({ confirmPassword: T.passwordsDoNotMatch });
    expect(await countUsers(email)).toBe(0);
  });
});

describe('POST /auth/register', () => {
  it('creates a pending account and mails a confirmation link', async () => {
    const email = uniqueEmail('Ada');
    const before = ctx.smtp.mails.length;
    const res = await post(
      ctx,
      '/register',
      form({ name: '  Ada King Lovelace ', email: email.toUpperCase() }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, data: { message: T.signupSuccess }, error: null });
    expect(res.cookies).toHaveLength(0);

    const user = await ctx.db
      .selectFrom('users')
      .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
      .innerJoin('user_settings', 'user_settings.user_id', 'users.id')
      .selectAll('users')
      .select(['user_profiles.name', 'user_profiles.first_name', 'user_profiles.last_name'])
      .where('users.email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      status: 'pending',
      mode: 'test',
      email_confirmed_at: null,
      name: 'Ada King Lovelace',
      first_name: 'Ada',
      last_name: 'King Lovelace',
    });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.password_hash).not.toContain(PASSWORD);

    const mail = await ctx.smtp.waitForMail(email, { subject: CONFIRM_MAIL, after: before });
    const link = linkIn(mail, 'confirm-email');
    expect(link).toMatch(/^http:\/\/localhost:3000\/confirm-email\?token=[\w-]{40,}$/);
    expect(mail.html).toContain('Confirm email address');
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit).toContainEqual({ action: 'user.registered', actor_id: user.id });
  });

  it('answers the same for a registered address, creates nothing and warns its owner', async () => {
    const email = uniqueEmail('twice');
    const first = await post(ctx, '/register', form({ email }));
    await ctx.smtp.waitForMail(email, { subject: CONFIRM_MAIL });
    const before = ctx.smtp.mails.length;

    const again = await post(
      ctx,
      '/register',
      form({
        email: email.toUpperCase(),
        name: 'Mallory',
        password: 'Other-pass-9',
        confirmPassword: 'Other-pass-9',
      }),
      { ip: '203.0.113.9' },
    );
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(await countUsers(email)).toBe(1);
    const profile = await ctx.db
      .selectFrom('user_profiles')
      .select('name')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(profile.name).toBe('Grace Hopper');

    const notice = await ctx.smtp.waitForMail(email, { subject: /tried to sign up/i, after: before });
    expect(notice.text).toMatch(/sign in/i);
    expect(notice.text).toContain('http://localhost:3000/reset-password');
    expect(ctx.smtp.mails.slice(before).filter((m) => CONFIRM_MAIL.test(m.subject))).toHaveLength(0);
  });

  it('is refused while registration is closed', async () => {
    await setting('registration_enabled', false);
    const email = uniqueEmail('closed');
    expectError(
      await post(ctx, '/register', form({ email })),
      403,
      'REGISTRATION_DISABLED',
      T.registrationDisabled,
    );
    // Closed is closed: an empty form gets the same answer, not a list of fields to fix.
    expectError(await post(ctx, '/register', {}), 403, 'REGISTRATION_DISABLED');
    expect(await countUsers(email)).toBe(0);
  });

  it('escapes the name in the mail', async () => {
    const email = uniqueEmail('xss');
    await post(ctx, '/register', form({ email, name: '<img src=x onerror=alert(1)> Eve' }));
    const mail = await ctx.smtp.waitForMail(email, { subject: CONFIRM_MAIL });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; Eve');
  });
});

describe('e-mail confirmation', () => {
  it('is required before signing in; a refused sign-in re-sends the link at most once a minute', async () => {
    const email = uniqueEmail('unconfirmed');
    await post(ctx, '/register', form({ email }));
    await ctx.smtp.waitForMail(email, { subject: CONFIRM_MAIL });
    // The sign-up mail was just sent: the first refused sign-in does not send another one yet.
    let before = ctx.smtp.mails.length;
    const res = await post(ctx, '/login', { email, password: PASSWORD });
    expectError(res, 403, 'EMAIL_NOT_CONFIRMED', T.emailNotConfirmed);
    expect(res.cookies).toHaveLength(0);

    await ctx.db
      .updateTable('email_tokens')
      .set({ created_at: new Date(Date.now() - 2 * 60_000) })
      .where('kind', '=', 'confirm_email')
      .execute();
    before = ctx.smtp.mails.length;
    expectError(await post(ctx, '/login', { email, password: PASSWORD }), 403, 'EMAIL_NOT_CONFIRMED');
    const resent = await ctx.smtp.waitForMail(email, { subject: CONFIRM_MAIL, after: before });
    expectError(await post(ctx, '/login', { email, password: PASSWORD }), 403, 'EMAIL_NOT_CONFIRMED');
    await new Promise((r) => setTimeout(r, 300));
    expect(ctx.smtp.mails.slice(before).filter((m) => m.to === email)).toHaveLength(1);

    // A wrong password is told as such: the account state is only told to who knows the password.
    expectError(await post(ctx, '/login', { email, password: 'Wrong-pass-1' }), 401, 'INVALID_CREDENTIALS');

    const token = new URL(linkIn(resent, 'confirm-email')).searchParams.get('token');
    expect((await post(ctx, '/confirm-email', { token })).statusCode).toBe(200);
    expect((await post(ctx, '/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('leaves the account pending while KYC is required', async () => {
    const { email } = await registerAndConfirm(ctx);
    const user = await ctx.db
      .selectFrom('users')
      .select(['status', 'email_confirmed_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('pending');
    expect(user.email_confirmed_at).toBeInstanceOf(Date);
  });

  it('activates the account when KYC is not required', async () => {
    await setting('kyc_required', false);
    const email = uniqueEmail('nokyc');
    const before = ctx.smtp.mails.length;
    await post(ctx, '/register', form({ email }));
    const mail = await ctx.smtp.waitForMail(email, { subject: CONFIRM_MAIL, after: before });
    const token = new URL(linkIn(mail, 'confirm-email')).searchParams.get('token');
    const res = await post(ctx, '/confirm-email', { token });
    expect(res.json()).toEqual({ success: true, data: { message: T.emailConfirmed }, error: null });
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'status'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('active');
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', user.id)
      .where('action', '=', 'user.email_confirmed')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses a link used twice, an expired link and a made-up one', async () => {
    const email = uniqueEmail('links');
    await post(ctx, '/register', form({ email }));
    const mail = await ctx.smtp.waitForMail(email, { subject: CONFIRM_MAIL });
    const token = new URL(linkIn(mail, 'confirm-email')).searchParams.get('token');
    expect((await post(ctx, '/confirm-email', { token })).statusCode).toBe(200);
    expectError(await post(ctx, '/confirm-email', { token }), 400, 'TOKEN_INVALID', T.linkExpired);
    expectError(await post(ctx, '/confirm-email', { token: 'made-up' }), 400, 'TOKEN_INVALID', T.linkExpired);

    const late = uniqueEmail('late');
    await post(ctx, '/register', form({ email: late }));
    const lateMail = await ctx.smtp.waitForMail(late, { subject: CONFIRM_MAIL });
    const lateToken = new URL(linkIn(lateMail, 'confirm-email')).searchParams.get('token');
    const owner = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', late)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', owner.id)
      .execute();
    expectError(await post(ctx, '/confirm-email', { token: lateToken }), 400, 'TOKEN_INVALID', T.linkExpired);
    const user = await ctx.db
      .selectFrom('users')
      .select('email_confirmed_at')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(user.email_confirmed_at).toBeNull();
  });
});
