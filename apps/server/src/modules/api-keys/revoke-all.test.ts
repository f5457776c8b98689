import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, post, RESET_MAIL } from '#app/modules/auth/test-helpers.ts';
import { bearer, createKeyFor } from '#app/test/app-with-routes.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { linkIn } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

/**
 * API keys survive a password reset (integrations must not break), and the owner can revoke every key at once:
 * from the settings page (POST /api-keys/revoke-all) or from the link of the reset notice.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Whether a key still authenticates (a read route). */
const works = async (key: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/payments', headers: bearer(key) })).statusCode === 200;

async function merchantWithKeys() {
  const user = await createUser({ db: ctx.db });
  const keys = [
    (await createKeyFor({ app: ctx.app, userId: user.id, mode: 'test' })).key,
    (await createKeyFor({ app: ctx.app, userId: user.id, mode: 'test', name: 'Second' })).key,
    (await createKeyFor({ app: ctx.app, userId: user.id, mode: 'live' })).key,
  ];
  return { user, keys };
}

const auditRows = (userId: string) =>
  ctx.db
    .selectFrom('audit_log')
    .select(['action', 'after', 'actor_id'])
    .where('action', '=', 'api_key.revoked_all')
    .where('entity_id', '=', userId)
    .execute();

describe('revoke all API keys from the settings page', () => {
  it('revokes every key of the account in both modes, audited, and no other merchant key', async () => {
    const { user, keys } = await merchantWithKeys();
    const other = await merchantWithKeys();
    const cookie = await signIn({ app: ctx.app, userId: user.id });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys/revoke-all',
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ revoked: 3, message: T.apiKeysRevokedAll(3) });
    for (const key of keys) expect(await works(key)).toBe(false);
    for (const key of other.keys.slice(0, 2)) expect(await works(key)).toBe(true);
    const [audit] = await auditRows(user.id);
    expect(audit?.actor_id).toBe(user.id);
    expect(audit?.after).toMatchObject({ via: 'settings', count: 3 });
    // Nothing left: a second click revokes nothing and says so.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys/revoke-all',
      headers: { cookie },
    });
    expect(again.json().data).toEqual({ revoked: 0, message: T.apiKeysRevokedAll(0) });
  });

  it('cannot be called with an API key', async () => {
    const { keys } = await merchantWithKeys();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys/revoke-all',
      headers: bearer(keys[0]!),
    });
    expect(res.statusCode).toBe(403);
    expect(await works(keys[0]!)).toBe(true);
  });
});

describe('revoke all API keys from the password-reset notice', () => {
  async function resetPassword(email: string) {
    let before = ctx.smtp.mails.length;
    await post(ctx, '/password-reset', { email });
    const resetMail = await ctx.smtp.waitForMail(email, { subject: RESET_MAIL, after: before });
    const token = new URL(linkIn(resetMail, 'reset-password')).searchParams.get('token');
    before = ctx.smtp.mails.length;
    const done = await post(ctx, '/password-reset/confirm', {
      token,
      password: `${PASSWORD}x`,
      confirmPassword: `${PASSWORD}x`,
    });
    expect(done.statusCode, done.body).toBe(200);
    return ctx.smtp.waitForMail(email, { subject: /password was changed/, after: before });
  }

  it('keeps the keys working after the reset, and its link revokes them all once', async () => {
    const { user, keys } = await merchantWithKeys();
    const notice = await resetPassword(user.email);
    for (const key of keys) expect(await works(key)).toBe(true);
    expect(notice.text).toContain('3 API keys keep working');
    const link = linkIn(notice, 'revoke-api-keys');
    expect(link).toMatch(/^http:\/\/localhost:3000\/revoke-api-keys\?token=[\w-]{40,}$/);
    const token = new URL(link).searchParams.get('token');

    const res = await post(ctx, '/revoke-api-keys', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.revoked).toBe(3);
    for (const key of keys) expect(await works(key)).toBe(false);
    const [audit] = await auditRows(user.id);
    expect(audit?.after).toMatchObject({ via: 'email_link', count: 3 });

    const reused = await post(ctx, '/revoke-api-keys', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('TOKEN_INVALID');
    expect((await post(ctx, '/revoke-api-keys', { token: 'made-up' })).json().error.code).toBe(
      'TOKEN_INVALID',
    );
  });

  it('is not offered to an account without API keys', async () => {
    const user = await createUser({ db: ctx.db });
    const notice = await resetPassword(user.email);
    expect(notice.text).not.toContain('revoke-api-keys');
    expect(notice.text).not.toContain('API key');
  });
});
