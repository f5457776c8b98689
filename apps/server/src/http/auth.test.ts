import { T } from '@coinlane/core/texts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_USED_EVERY_MS } from '#app/modules/api-keys/authenticate-api-key.ts';
import { bearer, createKeyFor, createTestContextWithRoutes } from '#app/test/app-with-routes.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import type { TestContext } from '#app/test/test-app.ts';
import { authOf, requireAdmin, requirePermission, requireSession, requireUser } from './auth.ts';
import { ok } from './errors.ts';

// Test-only routes: one per kind of guard, answering who the caller is.
async function testRoutes(app: FastifyInstance) {
  const whoami = async (req: Parameters<typeof authOf>[0]) => {
    const auth = authOf(req);
    return ok({
      kind: auth.kind,
      userId: auth.user.id,
      mode: auth.mode,
      permissions: auth.permissions,
      keyId: auth.kind === 'api_key' ? auth.keyId : null,
    });
  };
  app.get('/api/v1/_test/read', { preHandler: requirePermission('read') }, whoami);
  app.post('/api/v1/_test/write', { preHandler: [requireUser, requirePermission('write')] }, whoami);
  app.post('/api/v1/_test/webhook', { preHandler: requirePermission('webhook') }, whoami);
  app.get('/api/v1/_test/user-only', { preHandler: requireUser }, whoami);
  app.get('/api/v1/_test/session-only', { preHandler: requireSession }, whoami);
  app.get('/api/v1/_test/public', async (req) => ok({ signedIn: req.auth !== null }));
  app.get('/api/v1/_test/admin', { onRequest: requireAdmin() }, whoami);
  app.get('/api/v1/_test/admin-one', { onRequest: requireAdmin('settings.write') }, whoami);
  app.get('/api/v1/_test/admin-any', { onRequest: requireAdmin(['settings.read', 'settings.fees']) }, whoami);
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContextWithRoutes(testRoutes);
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const post = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: {} });

describe('session callers', () => {
  it('are kind "session" with every merchant permission, on every kind of route', async () => {
    const user = await createUser({ db: ctx.db });
    const cookie = await signIn({ app: ctx.app, userId: user.id, mode: 'live' });
    for (const res of [
      await get('/_test/read', { cookie }),
      await post('/_test/write', { cookie }),
      await post('/_test/webhook', { cookie }),
      await get('/_test/user-only', { cookie }),
      await get('/_test/session-only', { cookie }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        kind: 'session',
        userId: user.id,
        mode: 'live',
        permissions: ['read', 'write', 'webhook'],
        keyId: null,
      });
    }
  });

  it('anonymous callers get 401 on guarded routes and pass on public ones', async () => {
    for (const res of [
      await get('/_test/read'),
      await post('/_test/write'),
      await get('/_test/session-only'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'UNAUTHORIZED', message: T.authRequired });
    }
    expect((await get('/_test/public')).json().data).toEqual({ signedIn: false });
  });
});

describe('Authorization: Bearer <API key>', () => {
  it('acts as the key owner, in the key mode, with the key permissions', async () => {
    const user = await createUser({ db: ctx.db });
    const key = await createKeyFor({ app: ctx.app, userId: user.id, mode: 'test', permissions: ['read'] });
    const res = await get('/_test/read', bearer(key.key));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      kind: 'api_key',
      userId: user.id,
      mode: 'test',
      permissions: ['read'],
      keyId: key.id,
    });

    const live = await createKeyFor({ app: ctx.app, userId: user.id, mode: 'live', permissions: ['write'] });
    const liveRes = await post('/_test/write', bearer(live.key));
    expect(liveRes.statusCode).toBe(200);
    expect(liveRes.json().data).toMatchObject({ kind: 'api_key', mode: 'live', keyId: live.id });
  });

  it('refuses (403) a route whose permission the key lacks', async () => {
    const user = await createUser({ db: ctx.db });
    const readOnly = await createKeyFor({ app: ctx.app, userId: user.id, permissions: ['read'] });
    const write = await post('/_test/write', bearer(readOnly.key));
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({
      success: false,
      data: null,
      error: { code: 'FORBIDDEN', message: 'This API key does not have the write permission' },
    });
    const hook = await post('/_test/webhook', bearer(readOnly.key));
    expect(hook.json().error.message).toBe('This API key does not have the webhook permission');

    const writeOnly = await createKeyFor({
      app: ctx.app,
      userId: user.id,
      permissions: ['write', 'webhook'],
    });
    expect((await get('/_test/read', bearer(writeOnly.key))).json().error.message).toBe(
      'This API key does not have the read permission',
    );
    expect((await post('/_test/write', bearer(writeOnly.key))).statusCode).toBe(200);
    expect((await post('/_test/webhook', bearer(writeOnly.key))).statusCode).toBe(200);
  });

  it('is refused (403) on session-only routes: profile, settings, session, mode, password, key management', async () => {
    const user = await createUser({ db: ctx.db });
    const key = await createKeyFor({ app: ctx.app, userId: user.id });
    const refused = [
      await get('/_test/user-only', bearer(key.key)),
      await get('/_test/session-only', bearer(key.key)),
      await get('/merchant/profile', bearer(key.key)),
      await get('/settings', bearer(key.key)),
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/settings',
        headers: bearer(key.key),
        payload: { theme: 'light' },
      }),
      await get('/auth/session', bearer(key.key)),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/mode',
        headers: bearer(key.key),
        payload: { mode: 'live' },
      }),
      await get('/api-keys', bearer(key.key)),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const settings = await ctx.db
      .selectFrom('user_settings')
      .select('theme')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(settings.theme).toBe('dark');
  });

  it("is refused (403) on admin routes, even an administrator's key", async () => {
    const admin = await createUser({ db: ctx.db, adminRole: 'super_admin' });
    const key = await createKeyFor({ app: ctx.app, userId: admin.id });
    const res = await get('/admin/users', bearer(key.key));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: T.apiKeyAdminRefused });
    const cookie = await signIn({ app: ctx.app, userId: admin.id });
    expect((await get('/admin/users', { cookie })).statusCode).toBe(200);
  });

  it('works on public routes', async () => {
    const user = await createUser({ db: ctx.db });
    const key = await createKeyFor({ app: ctx.app, userId: user.id });
    const res = await get('/_test/public', bearer(key.key));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ signedIn: true });
  });

  it('refuses malformed, unknown, deleted and expired keys with 401, never falling back to the cookie', async () => {
    const user = await createUser({ db: ctx.db });
    const cookie = await signIn({ app: ctx.app, userId: user.id });
    const unknownKey = `cl_test_${'A'.repeat(43)}`;
    for (const authorization of [
      'Bearer',
      'Bearer ',
      'Bearer nonsense',
      `Bearer ${unknownKey}`,
      `Bearer cl_prod_${'A'.repeat(43)}`,
      `Bearer ${unknownKey}x`,
      `bearer ${unknownKey}`,
    ]) {
      const res = await get('/_test/read', { authorization, cookie });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().error).toEqual({ code: 'UNAUTHORIZED', message: T.apiKeyInvalid });
      // Public routes too: a wrong key is a mistake worth telling.
      expect((await get('/_test/public', { authorization })).statusCode).toBe(401);
    }

    const expired = await createKeyFor({ app: ctx.app, userId: user.id });
    await ctx.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute();
    const res = await get('/_test/read', { ...bearer(expired.key), cookie });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(T.apiKeyExpired);
    const listed = (await get('/api-keys', { cookie })).json().data;
    expect(listed.find((k: { id: string }) => k.id === expired.id)).toMatchObject({ status: 'expired' });
  });

  it('other authorization schemes are not keys: the cookie still counts', async () => {
    const user = await createUser({ db: ctx.db });
    const cookie = await signIn({ app: ctx.app, userId: user.id });
    const res = await get('/_test/read', { authorization: 'Basic dXNlcjpwYXNz', cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.kind).toBe('session');
  });

  it('refuses keys of a suspended account (403) and live keys of an account not approved', async () => {
    const user = await createUser({ db: ctx.db });
    const test = await createKeyFor({ app: ctx.app, userId: user.id, mode: 'test' });
    const live = await createKeyFor({ app: ctx.app, userId: user.id, mode: 'live' });
    await ctx.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', user.id).execute();
    const res = await get('/_test/read', bearer(test.key));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'ACCOUNT_SUSPENDED', message: T.accountSuspended });

    await ctx.db.updateTable('users').set({ status: 'pending' }).where('id', '=', user.id).execute();
    expect((await get('/_test/read', bearer(test.key))).statusCode).toBe(200);
    const liveRes = await get('/_test/read', bearer(live.key));
    expect(liveRes.statusCode).toBe(403);
    expect(liveRes.json().error.code).toBe('LIVE_MODE_NOT_ALLOWED');
  });

  it('records the last use, writing at most once a minute', async () => {
    const user = await createUser({ db: ctx.db });
    const key = await createKeyFor({ app: ctx.app, userId: user.id });
    const lastUsed = async () =>
      (
        await ctx.db
          .selectFrom('api_keys')
          .select('last_used_at')
          .where('id', '=', key.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    expect(await lastUsed()).toBeNull();
    await get('/_test/read', bearer(key.key));
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await get('/_test/read', bearer(key.key));
    expect((await lastUsed())?.getTime()).toBe(first?.getTime());

    // A minute later the next use is recorded.
    const old = new Date(Date.now() - LAST_USED_EVERY_MS - 1000);
    await ctx.db.updateTable('api_keys').set({ last_used_at: old }).where('id', '=', key.id).execute();
    await get('/_test/read', bearer(key.key));
    expect((await lastUsed())!.getTime()).toBeGreaterThan(old.getTime() + 1000);
    const cookie = await signIn({ app: ctx.app, userId: user.id });
    const listed = (await get('/api-keys', { cookie })).json().data;
    expect(listed[0].lastUsedAt).not.toBeNull();
  });
});

describe('requireAdmin', () => {
  it('with no permission admits any admin; with one, its holders; with a list, the holders of any of them', async () => {
    const status = async (url: string, cookie?: string) =>
      (await get(url, cookie ? { cookie } : {})).statusCode;
    const cookieOf = async (adminRole?: 'super_admin' | 'finance_admin' | 'support_admin') =>
      signIn({ app: ctx.app, userId: (await createUser({ db: ctx.db, adminRole })).id });
    const superAdmin = await cookieOf('super_admin'); // settings.read, settings.write
    const finance = await cookieOf('finance_admin'); // settings.fees
    const support = await cookieOf('support_admin'); // none of them
    const merchant = await cookieOf();
    const table = {
      '/_test/admin': [200, 200, 200, 403, 401],
      '/_test/admin-one': [200, 403, 403, 403, 401],
      '/_test/admin-any': [200, 200, 403, 403, 401],
    };
    for (const [url, expected] of Object.entries(table)) {
      const got = [
        await status(url, superAdmin),
        await status(url, finance),
        await status(url, support),
        await status(url, merchant),
        await status(url),
      ];
      expect(got, url).toEqual(expected);
    }
    const refused = await get('/_test/admin-any', { cookie: support });
    expect(refused.json().error).toEqual({
      code: 'FORBIDDEN',
      message: `${T.forbidden} Required permission: settings.read or settings.fees`,
    });
    expect((await get('/_test/admin-one', { cookie: finance })).json().error.message).toBe(
      `${T.forbidden} Required permission: settings.write`,
    );
  });
});
