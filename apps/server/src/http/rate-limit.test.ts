import { T } from '@coinlane/core/texts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSystemSetting } from '#app/modules/system-settings/set-system-setting.ts';
import { bearer, createKeyFor, createTestContextWithRoutes } from '#app/test/app-with-routes.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import type { TestContext } from '#app/test/test-app.ts';
import { requirePermission } from './auth.ts';
import { ok } from './errors.ts';

// Test-only routes: a merchant route keys may use, and a public route limited per IP.
async function testRoutes(app: FastifyInstance) {
  app.get('/api/v1/_test/read', { preHandler: requirePermission('read') }, async () => ok({ fine: true }));
  app.get('/api/v1/_test/public', { config: { publicRateLimit: true } }, async () => ok({ fine: true }));
  app.get('/api/v1/_test/unlisted', async () => ok({ fine: true }));
}

describe('limits from the admin settings (api.rate_limit_per_minute)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // null: read the limits from system settings, as in production.
    ctx = await createTestContextWithRoutes(testRoutes, {
      apiRateLimitPerMinute: null,
      apiRateLimitPerHour: null,
    });
    await setSystemSetting({ db: ctx.db, key: 'rate_limit_per_minute', value: 3, updatedBy: null });
  });
  afterAll(() => ctx.close());

  it('limits each API key; the 4th call in a minute gets 429 with the spec message and Retry-After', async () => {
    const user = await createUser({ db: ctx.db });
    const key = await createKeyFor({ app: ctx.app, userId: user.id });
    const other = await createKeyFor({ app: ctx.app, userId: user.id });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/_test/read',
        headers: bearer(key.key),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('3');
      expect(res.headers['ratelimit-policy']).toBe('3;w=60, 1000;w=3600');
      remaining.push(String(res.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const over = await ctx.app.inject({ method: 'GET', url: '/api/v1/_test/read', headers: bearer(key.key) });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      success: false,
      data: null,
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please wait a moment before trying again.',
      },
    });
    expect(over.json().error.message).toBe(T.rateLimited);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(over.headers['ratelimit-remaining']).toBe('0');

    // Another key of the same merchant has its own allowance; the signed-in dashboard is not limited here.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/_test/read', headers: bearer(other.key) }))
        .statusCode,
    ).toBe(200);
    const cookie = await signIn({ app: ctx.app, userId: user.id });
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/_test/read', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    }
  });

  it('limits public routes per client IP', async () => {
    const call = (ip: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/_test/public', remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await call('198.51.100.7')).statusCode).toBe(200);
    const over = await call('198.51.100.7');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(T.rateLimited);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await call('198.51.100.8')).statusCode).toBe(200);
    // Routes that are neither public-listed nor called with a key are not limited here.
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/_test/unlisted',
        remoteAddress: '198.51.100.7',
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('hourly limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContextWithRoutes(testRoutes, {
      apiRateLimitPerMinute: 100,
      apiRateLimitPerHour: 2,
    });
  });
  afterAll(() => ctx.close());

  it('refuses past the hourly allowance, with Retry-After up to an hour', async () => {
    const user = await createUser({ db: ctx.db });
    const key = await createKeyFor({ app: ctx.app, userId: user.id });
    const call = () => ctx.app.inject({ method: 'GET', url: '/api/v1/_test/read', headers: bearer(key.key) });
    const first = await call();
    expect(first.headers['ratelimit-limit']).toBe('2');
    expect(first.headers['ratelimit-remaining']).toBe('1');
    expect((await call()).statusCode).toBe(200);
    const over = await call();
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(3600);
  });
});

describe('hourly limit from the admin settings (api.rate_limit_per_hour)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // null: read the limits from system settings, as in production.
    ctx = await createTestContextWithRoutes(testRoutes, {
      apiRateLimitPerMinute: null,
      apiRateLimitPerHour: null,
    });
    await setSystemSetting({ db: ctx.db, key: 'rate_limit_per_hour', value: 2, updatedBy: null });
  });
  afterAll(() => ctx.close());

  it('refuses a key past the hourly allowance the administrators set, within the minute allowance', async () => {
    const user = await createUser({ db: ctx.db });
    const key = await createKeyFor({ app: ctx.app, userId: user.id });
    const call = () => ctx.app.inject({ method: 'GET', url: '/api/v1/_test/read', headers: bearer(key.key) });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const over = await call();
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(60);
  });
});
