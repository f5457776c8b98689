import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKeyFor } from '#app/test/app-with-routes.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

/**
 * Cross-site request forgery (http/same-origin.ts). The attacks of the review, replayed as a browser sends them
 * from a page on another port or subdomain of the same site (so the SameSite=Lax cookie goes along): each is
 * refused with 403 and changes nothing. The app's own pages, API keys and non-browser clients still work.
 */
let ctx: TestContext;
let adminCookie: string;
let merchantCookie: string;
let merchantId: string;

const OWN = 'http://localhost:3000'; // APP_URL of the test context
const SAME_SITE_OTHER_PORT = 'http://localhost:4000';
const SUBDOMAIN = 'http://evil.localhost:3000';

beforeAll(async () => {
  ctx = await createTestContext({ allowPrivateWebhooks: true });
  adminCookie = await signIn({
    app: ctx.app,
    userId: (await createUser({ db: ctx.db, adminRole: 'super_admin' })).id,
  });
  merchantId = (await createUser({ db: ctx.db })).id;
  merchantCookie = await signIn({ app: ctx.app, userId: merchantId });
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: string | object) =>
  ctx.app.inject({ method: 'POST', url, headers, ...(payload !== undefined ? { payload } : {}) });

const expectRefused = (res: Awaited<ReturnType<typeof post>>) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error.code).toBe('FORBIDDEN');
  expect(res.json().error.message).toMatch(/another website/);
};

describe('a form on another origin of the same site', () => {
  it('cannot make an admin approve an account', async () => {
    const pending = await createUser({ db: ctx.db, status: 'pending' });
    expectRefused(
      await post(`/api/v1/admin/users/${pending.id}/approve`, {
        cookie: adminCookie,
        origin: SAME_SITE_OTHER_PORT,
      }),
    );
    const row = await ctx.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    // From the app's own page it works.
    const own = await post(`/api/v1/admin/users/${pending.id}/approve`, { cookie: adminCookie, origin: OWN });
    expect(own.statusCode, own.body).toBe(200);
  });

  it("cannot rotate a merchant's webhook secret or API key, or sign the merchant out", async () => {
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/webhooks/config',
      headers: { cookie: merchantCookie, origin: OWN },
      payload: { url: 'http://127.0.0.1:9/hooks', events: ['payment.confirmed'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const secretBefore = await ctx.db.selectFrom('webhook_endpoints').selectAll().execute();
    const key = await createKeyFor({ app: ctx.app, userId: merchantId });
    const keysBefore = await ctx.db.selectFrom('api_keys').select(['id', 'key_hash', 'revoked_at']).execute();

    expectRefused(
      await post('/api/v1/webhooks/config/rotate-secret', { cookie: merchantCookie, origin: SUBDOMAIN }),
    );
    expectRefused(
      await post(`/api/v1/api-keys/${key.id}/rotate`, { cookie: merchantCookie, origin: SUBDOMAIN }),
    );
    expectRefused(await post('/api/v1/auth/logout', { cookie: merchantCookie, origin: SUBDOMAIN }));

    expect(await ctx.db.selectFrom('webhook_endpoints').selectAll().execute()).toEqual(secretBefore);
    expect(await ctx.db.selectFrom('api_keys').select(['id', 'key_hash', 'revoked_at']).execute()).toEqual(
      keysBefore,
    );
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: merchantCookie },
    });
    expect(session.statusCode).toBe(200);
  });

  it('is refused whatever the body: text/plain, multipart, a urlencoded form, or none', async () => {
    const headers = { cookie: merchantCookie, origin: SAME_SITE_OTHER_PORT };
    expectRefused(
      await post(
        '/api/v1/api-keys',
        { ...headers, 'content-type': 'text/plain' },
        '{"name":"x","permissions":["read"]}',
      ),
    );
    expectRefused(
      await post(
        '/api/v1/merchant/avatar',
        { ...headers, 'content-type': 'multipart/form-data; boundary=X' },
        '--X\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nx\r\n--X--\r\n',
      ),
    );
    expectRefused(
      await post(
        '/api/v1/api-keys',
        { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        'name=x',
      ),
    );
    expectRefused(await ctx.app.inject({ method: 'DELETE', url: '/api/v1/merchant/avatar', headers }));
    expect(await ctx.db.selectFrom('api_keys').select('id').where('name', '=', 'x').execute()).toEqual([]);
  });

  it('is judged by Sec-Fetch-Site, then Referer, when the browser sends no Origin', async () => {
    expectRefused(
      await post('/api/v1/auth/logout', { cookie: merchantCookie, 'sec-fetch-site': 'same-site' }),
    );
    expectRefused(
      await post('/api/v1/auth/logout', { cookie: merchantCookie, 'sec-fetch-site': 'cross-site' }),
    );
    expectRefused(
      await post('/api/v1/auth/logout', { cookie: merchantCookie, referer: `${SUBDOMAIN}/attack.html` }),
    );
    expectRefused(await post('/api/v1/auth/logout', { cookie: merchantCookie, origin: 'null' }));
  });

  it('cannot sign a visitor in to an account of the attacker (login forgery)', async () => {
    expectRefused(
      await post(
        '/api/v1/auth/login',
        { origin: SAME_SITE_OTHER_PORT },
        { email: 'a@example.com', password: 'x' },
      ),
    );
  });
});

describe('requests that stay allowed', () => {
  it('from the app itself: by APP_URL, by the host the page was opened at, or by Sec-Fetch-Site', async () => {
    const body = { name: 'own', permissions: ['read'] };
    for (const headers of <Headers[]>[
      { origin: OWN },
      { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
      { 'sec-fetch-site': 'same-origin' },
      { referer: `${OWN}/api-keys` },
    ]) {
      const res = await post('/api/v1/api-keys', { cookie: merchantCookie, ...headers }, body);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('with an API key, from any origin (a key is never sent by a browser on its own)', async () => {
    const { key } = await createKeyFor({ app: ctx.app, userId: merchantId });
    const res = await post(
      '/api/v1/payments',
      { ...bearer(key), origin: 'https://shop.example.com' },
      { amount: '0.01', currency: 'BTC' },
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('from a client that is not a browser (no Origin, Sec-Fetch-Site or Referer)', async () => {
    const res = await post(
      '/api/v1/api-keys',
      { cookie: merchantCookie },
      { name: 'cli', permissions: ['read'] },
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('for reads from anywhere (GET changes nothing)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: merchantCookie, origin: SUBDOMAIN },
    });
    expect(res.statusCode).toBe(200);
  });
});
