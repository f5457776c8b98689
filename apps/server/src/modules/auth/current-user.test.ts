import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKeyFor } from '#app/test/app-with-routes.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

/** GET /auth/current-user: what the web app asks on every page; a guest is an answer, not an error. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const currentUser = (headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/auth/current-user', headers });

describe('GET /auth/current-user', () => {
  it('answers 200 with no user to a guest, or with a forged or ended session', async () => {
    for (const headers of [{}, { cookie: 'cl_session=forged' }] as Record<string, string>[]) {
      const res = await currentUser(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { user: null }, error: null });
    }
    // The strict form stays for API clients that want the 401.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/session' })).statusCode).toBe(401);
  });

  it('answers the signed-in user, as /auth/session does, and no user to an API key', async () => {
    const user = await createUser({ db: ctx.db });
    const cookie = await signIn({ app: ctx.app, userId: user.id });
    const res = await currentUser({ cookie });
    const session = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie } });
    expect(res.json().data.user).toEqual(session.json().data.user);
    expect(res.json().data.user.email).toBe(user.email);
    const { key } = await createKeyFor({ app: ctx.app, userId: user.id });
    expect((await currentUser(bearer(key))).json().data.user).toBeNull();
  });
});
