import { API_KEY_MAX_PER_MODE, API_KEY_PATTERN } from '@coinlane/core/api/api-keys';
import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '#app/lib/crypto.ts';
import { bearer } from '#app/test/app-with-routes.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  headers?: Record<string, string>;
};
const api = (c: Call) =>
  ctx.app.inject({
    method: c.method,
    url: `/api/v1${c.url}`,
    ...(c.payload ? { payload: c.payload } : {}),
    headers: c.headers ?? {},
  });

async function merchant(mode: 'test' | 'live' = 'test') {
  const user = await createUser({ db: ctx.db });
  const cookie = await signIn({ app: ctx.app, userId: user.id, mode });
  return { user, headers: { cookie } };
}

const auditOf = (entityId: string) =>
  ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'api_key')
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();

describe('API key lifecycle', () => {
  it('creates a key shown once, lists it masked, never returns the full key again', async () => {
    const m = await merchant();
    const before = Date.now();
    const res = await api({
      method: 'POST',
      url: '/api-keys',
      headers: m.headers,
      payload: { name: '  Shop backend  ' },
    });
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({
      name: 'Shop backend',
      mode: 'test',
      permissions: ['read'],
      status: 'active',
    });
    expect(created.id).toMatch(/^key_[a-z2-7]{26}$/);
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created.key.startsWith('cl_test_')).toBe(true);
    expect(created.keyPrefix).toBe(created.key.slice(0, 12));
    expect(created.maskedKey).toBe(`${created.keyPrefix}…••••`);
    // Default expiry: 90 days (user_settings.api_key_expiry_days).
    const expires = Date.parse(created.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(90 * 86_400_000 - 1000);
    expect(expires - before).toBeLessThan(90 * 86_400_000 + 60_000);

    // Stored as a SHA-256 only.
    const row = await ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(sha256(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await api({ method: 'GET', url: '/api-keys', headers: m.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.body).not.toContain(row.key_hash);
    const listed = list.json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toEqual({
      id: created.id,
      name: 'Shop backend',
      mode: 'test',
      keyPrefix: created.keyPrefix,
      maskedKey: created.maskedKey,
      permissions: ['read'],
      status: 'active',
      createdAt: created.createdAt,
      lastUsedAt: null,
      expiresAt: created.expiresAt,
    });
    expect(listed[0]).not.toHaveProperty('key');

    const audit = await auditOf(created.id);
    expect(audit.map((a) => a.action)).toEqual(['api_key.created']);
    expect(audit[0]).toMatchObject({ actor_id: m.user.id, actor_type: 'user', mode: 'test' });
    expect(JSON.stringify(audit[0]!.after)).not.toContain(created.key);
  });

  it("keeps permissions as a set in a fixed order and accepts the spec client's own merchantId", async () => {
    const m = await merchant();
    const res = await api({
      method: 'POST',
      url: '/api-keys',
      headers: m.headers,
      payload: { name: 'All', permissions: ['webhook', 'read', 'webhook', 'write'], merchantId: m.user.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.permissions).toEqual(['read', 'write', 'webhook']);
  });

  it('refuses bad input with the spec messages and creates nothing', async () => {
    const m = await merchant();
    const cases: Array<[object, string]> = [
      [{}, T.apiKeyNameRequired],
      [{ name: '   ' }, T.apiKeyNameRequired],
      [{ name: 42 }, T.apiKeyNameRequired],
      [{ name: 'x'.repeat(101) }, T.apiKeyNameTooLong(100)],
      [{ name: 'k', permissions: [] }, T.apiKeyPermissionRequired],
      [{ name: 'k', permissions: 'read' }, T.apiKeyPermissionRequired],
      [{ name: 'k', permissions: ['read', 'admin'] }, T.apiKeyPermissionInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await api({ method: 'POST', url: '/api-keys', headers: m.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        data: null,
        error: { code: 'VALIDATION_ERROR', message },
      });
    }
    const unknown = await api({
      method: 'POST',
      url: '/api-keys',
      headers: m.headers,
      payload: { name: 'k', admin: true },
    });
    expect(unknown.statusCode).toBe(400);
    const list = await api({ method: 'GET', url: '/api-keys', headers: m.headers });
    expect(list.json().data).toEqual([]);
  });

  it('renames a key and changes its permissions; the secret keeps working', async () => {
    const m = await merchant();
    const created = (
      await api({ method: 'POST', url: '/api-keys', headers: m.headers, payload: { name: 'Old' } })
    ).json().data;
    const res = await api({
      method: 'PUT',
      url: `/api-keys/${created.id}`,
      headers: m.headers,
      payload: { name: 'New name', permissions: ['write'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.id, name: 'New name', permissions: ['write'] });
    expect(res.body).not.toContain(created.key);

    const onlyName = await api({
      method: 'PUT',
      url: `/api-keys/${created.id}`,
      headers: m.headers,
      payload: { name: 'N2' },
    });
    expect(onlyName.json().data).toMatchObject({ name: 'N2', permissions: ['write'] });

    const empty = await api({
      method: 'PUT',
      url: `/api-keys/${created.id}`,
      headers: m.headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(T.apiKeyNothingToUpdate);
    const noPerm = await api({
      method: 'PUT',
      url: `/api-keys/${created.id}`,
      headers: m.headers,
      payload: { permissions: [] },
    });
    expect(noPerm.json().error.message).toBe(T.apiKeyPermissionRequired);

    // The secret did not change: the key still authenticates.
    const still = await api({ method: 'GET', url: '/health', headers: bearer(created.key) });
    expect(still.statusCode).toBe(200);

    const audit = await auditOf(created.id);
    expect(audit.map((a) => a.action)).toEqual(['api_key.created', 'api_key.updated', 'api_key.updated']);
    expect(audit[1]).toMatchObject({
      before: { name: 'Old', permissions: ['read'] },
      after: { name: 'New name', permissions: ['write'] },
    });
  });

  it('rotates a key: new secret once, the old one dead at once, same id and permissions', async () => {
    const m = await merchant();
    const created = (
      await api({
        method: 'POST',
        url: '/api-keys',
        headers: m.headers,
        payload: { name: 'R', permissions: ['read'] },
      })
    ).json().data;
    const res = await api({ method: 'POST', url: `/api-keys/${created.id}/rotate`, headers: m.headers });
    expect(res.statusCode).toBe(200);
    const rotated = res.json().data;
    expect(rotated).toMatchObject({ id: created.id, name: 'R', permissions: ['read'], lastUsedAt: null });
    expect(rotated.key).toMatch(API_KEY_PATTERN);
    expect(rotated.key).not.toBe(created.key);
    expect(rotated.keyPrefix).toBe(rotated.key.slice(0, 12));

    const old = await api({ method: 'GET', url: '/health', headers: bearer(created.key) });
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toEqual({ code: 'UNAUTHORIZED', message: T.apiKeyInvalid });
    const fresh = await api({ method: 'GET', url: '/health', headers: bearer(rotated.key) });
    expect(fresh.statusCode).toBe(200);

    const list = (await api({ method: 'GET', url: '/api-keys', headers: m.headers })).json().data;
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(rotated.key);
    expect((await auditOf(created.id)).map((a) => a.action)).toEqual(['api_key.created', 'api_key.rotated']);
  });

  it('deletes a key: it stops working at once and is no longer listed', async () => {
    const m = await merchant();
    const created = (
      await api({ method: 'POST', url: '/api-keys', headers: m.headers, payload: { name: 'D' } })
    ).json().data;
    expect((await api({ method: 'GET', url: '/health', headers: bearer(created.key) })).statusCode).toBe(200);
    const res = await api({ method: 'DELETE', url: `/api-keys/${created.id}`, headers: m.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: created.id, deleted: true });

    const after = await api({ method: 'GET', url: '/health', headers: bearer(created.key) });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe(T.apiKeyRevoked);
    expect((await api({ method: 'GET', url: '/api-keys', headers: m.headers })).json().data).toEqual([]);
    for (const c of [
      { method: 'DELETE' as const, url: `/api-keys/${created.id}` },
      { method: 'PUT' as const, url: `/api-keys/${created.id}`, payload: { name: 'again' } },
      { method: 'POST' as const, url: `/api-keys/${created.id}/rotate` },
    ]) {
      const again = await api({ ...c, headers: m.headers });
      expect(again.statusCode).toBe(404);
      expect(again.json().error).toEqual({ code: 'NOT_FOUND', message: T.apiKeyNotFound });
    }
    expect((await auditOf(created.id)).map((a) => a.action)).toEqual(['api_key.created', 'api_key.deleted']);
  });

  it('takes the expiry from the merchant setting (never = no expiry)', async () => {
    const m = await merchant();
    await ctx.db
      .updateTable('user_settings')
      .set({ api_key_expiry_days: -1 })
      .where('user_id', '=', m.user.id)
      .execute();
    const never = (
      await api({ method: 'POST', url: '/api-keys', headers: m.headers, payload: { name: 'N' } })
    ).json().data;
    expect(never.expiresAt).toBeNull();
    await ctx.db
      .updateTable('user_settings')
      .set({ api_key_expiry_days: 30 })
      .where('user_id', '=', m.user.id)
      .execute();
    const month = (
      await api({ method: 'POST', url: '/api-keys', headers: m.headers, payload: { name: 'M' } })
    ).json().data;
    expect(Date.parse(month.expiresAt) - Date.parse(month.createdAt)).toBeGreaterThan(
      30 * 86_400_000 - 60_000,
    );
    expect(Date.parse(month.expiresAt) - Date.parse(month.createdAt)).toBeLessThan(30 * 86_400_000 + 60_000);
  });

  it(`allows at most ${API_KEY_MAX_PER_MODE} keys per mode`, async () => {
    const m = await merchant();
    for (let i = 0; i < API_KEY_MAX_PER_MODE; i++) {
      const res = await api({
        method: 'POST',
        url: '/api-keys',
        headers: m.headers,
        payload: { name: `k${i}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const over = await api({
      method: 'POST',
      url: '/api-keys',
      headers: m.headers,
      payload: { name: 'one more' },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(T.apiKeyLimitReached(API_KEY_MAX_PER_MODE));
  });
});

describe('API keys belong to one merchant and one mode', () => {
  it("answers 404 for another merchant's key and changes nothing", async () => {
    const a = await merchant();
    const b = await merchant();
    const key = (
      await api({ method: 'POST', url: '/api-keys', headers: a.headers, payload: { name: 'A' } })
    ).json().data;
    for (const c of [
      { method: 'PUT' as const, url: `/api-keys/${key.id}`, payload: { name: 'stolen' } },
      { method: 'POST' as const, url: `/api-keys/${key.id}/rotate` },
      { method: 'DELETE' as const, url: `/api-keys/${key.id}` },
    ]) {
      const res = await api({ ...c, headers: b.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(T.apiKeyNotFound);
      expect(res.body).not.toContain('"A"');
    }
    expect((await api({ method: 'GET', url: '/api-keys', headers: b.headers })).json().data).toEqual([]);
    const mine = (await api({ method: 'GET', url: '/api-keys', headers: a.headers })).json().data;
    expect(mine).toMatchObject([{ id: key.id, name: 'A' }]);
    expect((await api({ method: 'GET', url: '/health', headers: bearer(key.key) })).statusCode).toBe(200);
  });

  it('makes cl_live_ keys in live mode and keeps each mode to its own keys', async () => {
    const user = await createUser({ db: ctx.db });
    const test = { cookie: await signIn({ app: ctx.app, userId: user.id, mode: 'test' }) };
    const live = { cookie: await signIn({ app: ctx.app, userId: user.id, mode: 'live' }) };
    const t = (await api({ method: 'POST', url: '/api-keys', headers: test, payload: { name: 'T' } })).json()
      .data;
    const l = (await api({ method: 'POST', url: '/api-keys', headers: live, payload: { name: 'L' } })).json()
      .data;
    expect(t.key.startsWith('cl_test_')).toBe(true);
    expect(l.key.startsWith('cl_live_')).toBe(true);
    expect(l.mode).toBe('live');
    expect(
      (await api({ method: 'GET', url: '/api-keys', headers: test }))
        .json()
        .data.map((k: { id: string }) => k.id),
    ).toEqual([t.id]);
    expect(
      (await api({ method: 'GET', url: '/api-keys', headers: live }))
        .json()
        .data.map((k: { id: string }) => k.id),
    ).toEqual([l.id]);
    // A test-mode session cannot touch the live key, and the reverse.
    expect((await api({ method: 'DELETE', url: `/api-keys/${l.id}`, headers: test })).statusCode).toBe(404);
    expect((await api({ method: 'POST', url: `/api-keys/${t.id}/rotate`, headers: live })).statusCode).toBe(
      404,
    );
  });
});

describe('managing keys needs a signed-in session', () => {
  it('refuses anonymous callers with 401', async () => {
    for (const c of [
      { method: 'GET' as const, url: '/api-keys' },
      { method: 'POST' as const, url: '/api-keys', payload: { name: 'x' } },
      { method: 'DELETE' as const, url: '/api-keys/key_x' },
    ]) {
      const res = await api(c);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'UNAUTHORIZED', message: T.authRequired });
    }
  });

  it('refuses an API key, whatever its permissions, with 403', async () => {
    const m = await merchant();
    const key = (
      await api({
        method: 'POST',
        url: '/api-keys',
        headers: m.headers,
        payload: { name: 'All', permissions: ['read', 'write', 'webhook'] },
      })
    ).json().data;
    for (const c of [
      { method: 'GET' as const, url: '/api-keys' },
      { method: 'POST' as const, url: '/api-keys', payload: { name: 'minted by a key' } },
      { method: 'PUT' as const, url: `/api-keys/${key.id}`, payload: { name: 'x' } },
      { method: 'POST' as const, url: `/api-keys/${key.id}/rotate` },
      { method: 'DELETE' as const, url: `/api-keys/${key.id}` },
    ]) {
      const res = await api({ ...c, headers: bearer(key.key) });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: T.apiKeySessionOnly });
    }
    const list = (await api({ method: 'GET', url: '/api-keys', headers: m.headers })).json().data;
    expect(list).toMatchObject([{ id: key.id, name: 'All' }]);
  });
});
