import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { expectError, get, PASSWORD, post, startLogin } from './test-helpers.ts';

// A deployment as in production: a low flood limit (3 a minute per IP here, 30 by default) and an https
// APP_URL, so the session cookie is Secure.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ authRateLimitPerMinute: 3, appUrl: 'https://pay.example.com' });
});
afterAll(() => ctx.close());

describe('flood guard on the auth routes', () => {
  it('answers 429 RATE_LIMITED past the limit, per IP and per route', async () => {
    const ip = '203.0.113.50';
    const body = { email: 'flood@example.com', password: 'Whatever-1' };
    for (let i = 0; i < 3; i++) expect((await post(ctx, '/login', body, { ip })).statusCode).toBe(401);
    const limited = await post(ctx, '/login', body, { ip });
    expectError(limited, 429, 'RATE_LIMITED', T.rateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before any work: the flood did not add failed attempts.
    const rows = await ctx.db.selectFrom('login_attempts').select('id').where('ip', '=', ip).execute();
    expect(rows).toHaveLength(3);

    expect((await post(ctx, '/login', body, { ip: '203.0.113.51' })).statusCode).toBe(401);
    expect((await post(ctx, '/password-reset', { email: body.email }, { ip })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await get(ctx, '/config', { ip })).statusCode).toBe(200);
  });

  it('limits sign-up and reset links too', async () => {
    const ip = '203.0.113.52';
    for (let i = 0; i < 3; i++) await post(ctx, '/register', {}, { ip });
    expectError(await post(ctx, '/register', {}, { ip }), 429, 'RATE_LIMITED');
    for (let i = 0; i < 3; i++) await post(ctx, '/password-reset/confirm', { token: 'x' }, { ip });
    expectError(await post(ctx, '/password-reset/confirm', { token: 'x' }, { ip }), 429, 'RATE_LIMITED');
  });
});

describe('session cookie behind https', () => {
  it('is Secure, httpOnly and SameSite=Lax', async () => {
    const user = await createUser({ db: ctx.db });
    const ip = '198.51.100.60';
    const { challengeId, code, mail } = await startLogin(ctx, user.email, PASSWORD, ip);
    expect(mail.text).toContain('https://pay.example.com/reset-password');
    const res = await post(ctx, '/login/verify', { challengeId, code }, { ip });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'cl_session')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
  });
});
