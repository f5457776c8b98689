import { PROCESS_CACHES } from '@coinlane/core/api/admin';
import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSystemSetting } from '#app/modules/system-settings/set-system-setting.ts';
import { bearer, createKeyFor } from '#app/test/app-with-routes.ts';
import { createUser, signIn, type TestUser } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// The Danger Zone of System Settings: POST /admin/maintenance/{force-logout,reset-rate-limits,clear-cache}.
let ctx: TestContext;
let superAdmin: TestUser;
let superCookie: string;
const others: Record<'finance' | 'support' | 'merchant', string> = { finance: '', support: '', merchant: '' };
let apiKey: string;

beforeAll(async () => {
  // The API limits come from the system settings (as in production), read through their 10-second cache.
  ctx = await createTestContext({
    apiRateLimitPerMinute: null,
    apiRateLimitPerHour: null,
    authRateLimitPerMinute: 3,
  });
  await setSystemSetting({ db: ctx.db, key: 'rate_limit_per_minute', value: 2, updatedBy: null });
  superAdmin = await createUser({ db: ctx.db, adminRole: 'super_admin' });
  superCookie = await signIn({ app: ctx.app, userId: superAdmin.id });
  for (const [who, role] of [
    ['finance', 'finance_admin'],
    ['support', 'support_admin'],
  ] as const) {
    const user = await createUser({ db: ctx.db, adminRole: role });
    others[who] = await signIn({ app: ctx.app, userId: user.id });
  }
  const merchant = await createUser({ db: ctx.db });
  others.merchant = await signIn({ app: ctx.app, userId: merchant.id });
  apiKey = (await createKeyFor({ app: ctx.app, userId: merchant.id })).key;
});
afterAll(() => ctx.close());

const ACTIONS = ['force-logout', 'reset-rate-limits', 'clear-cache'] as const;
const act = (action: (typeof ACTIONS)[number], cookie: string | null = superCookie) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/maintenance/${action}`,
    headers: cookie ? { cookie } : {},
  });
const auditOf = (action: string) =>
  ctx.db
    .selectFrom('audit_log')
    .select(['actor_id', 'actor_type', 'entity_type', 'after'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();
const keyCall = () =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/exchange-rates', headers: bearer(apiKey) });
const loginCall = () =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: 'nobody@example.com', password: 'Wrong-password-1' },
  });
const currentUser = async (cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/current-user', headers: { cookie } })).json().data
    .user as { id: string } | null;

describe('who may use the Danger Zone', () => {
  it('only admins with system.maintenance (super_admin); 401 anonymous, 403 everyone else, nothing done', async () => {
    for (const action of ACTIONS) {
      expect((await act(action, null)).statusCode, action).toBe(401);
      for (const [who, cookie] of Object.entries(others)) {
        const res = await act(action, cookie);
        expect(res.statusCode, `${who} ${action}`).toBe(403);
        // A merchant is not told which permission an admin would need.
        expect(res.json().error.message).toBe(
          who === 'merchant' ? T.forbidden : `${T.forbidden} Required permission: system.maintenance`,
        );
      }
    }
    // A key is refused even on an administrator's account.
    const adminKey = await createKeyFor({ app: ctx.app, userId: superAdmin.id });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/admin/maintenance/clear-cache',
          headers: bearer(adminKey.key),
        })
      ).statusCode,
    ).toBe(403);
    const audited = await ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', 'like', 'maintenance.%')
      .execute();
    expect(audited).toEqual([]);
    for (const cookie of Object.values(others)) expect(await currentUser(cookie)).not.toBeNull();
  });
});

describe('POST /admin/maintenance/reset-rate-limits', () => {
  it('lets a client that was rate limited call again, on the API limits and the sign-in flood guard', async () => {
    expect((await keyCall()).statusCode).toBe(200);
    expect((await keyCall()).statusCode).toBe(200);
    const limited = await keyCall();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    for (let i = 0; i < 3; i++) expect((await loginCall()).statusCode).not.toBe(429);
    expect((await loginCall()).statusCode).toBe(429);

    const res = await act('reset-rate-limits');
    expect(res.statusCode).toBe(200);
    // At least the key's minute and hour counters and the sign-in counter of this client.
    expect(res.json().data.countersCleared).toBeGreaterThanOrEqual(3);

    const again = await keyCall();
    expect(again.statusCode).toBe(200);
    expect(again.headers['ratelimit-remaining']).toBe('1');
    expect((await loginCall()).statusCode).not.toBe(429);

    const audit = await auditOf('maintenance.rate_limits_reset');
    expect(audit).toEqual([
      {
        actor_id: superAdmin.id,
        actor_type: 'admin',
        entity_type: 'system',
        after: { countersCleared: res.json().data.countersCleared },
      },
    ]);
  });
});

describe('POST /admin/maintenance/clear-cache', () => {
  it('empties every in-process cache: a changed rate limit applies at once, and says what each held', async () => {
    // The settlement figures of the landing page are kept for a minute.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/public/overview' })).statusCode).toBe(200);
    // The key has used its 2 calls of the minute (1 after the reset above, 1 now); the 3rd is refused.
    expect((await keyCall()).statusCode).toBe(200);
    expect((await keyCall()).statusCode).toBe(429);
    // The limit is raised; the server still knows the old one for up to 10 seconds.
    await setSystemSetting({ db: ctx.db, key: 'rate_limit_per_minute', value: 100, updatedBy: null });
    expect((await keyCall()).statusCode).toBe(429);

    const res = await act('clear-cache');
    expect(res.statusCode).toBe(200);
    const caches = res.json().data.caches as { name: string; entriesCleared: number }[];
    expect(caches.map((c) => c.name).sort()).toEqual([...PROCESS_CACHES].sort());
    const held = Object.fromEntries(caches.map((c) => [c.name, c.entriesCleared]));
    expect(held).toMatchObject({ api_rate_limit_settings: 1, settlement_figures: 1, forwarder_factories: 0 });
    // the read caches (decision 029): the key just used was kept
    expect(held.api_keys).toBe(1);

    const after = await keyCall();
    expect(after.statusCode).toBe(200);
    expect(after.headers['ratelimit-limit']).toBe('100');

    // Cleared twice in a row: the second finds them empty.
    const second = (await act('clear-cache')).json().data.caches as {
      name: string;
      entriesCleared: number;
    }[];
    expect(second.find((c) => c.name === 'settlement_figures')?.entriesCleared).toBe(0);
    const audit = await auditOf('maintenance.cache_cleared');
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actor_id: superAdmin.id, after: { caches } });
  });
});

describe('POST /admin/maintenance/force-logout', () => {
  it('ends every session of every account except the caller’s own, and cancels sign-ins under way', async () => {
    const otherSessionOfCaller = await signIn({ app: ctx.app, userId: superAdmin.id });
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: superAdmin.email, password: superAdmin.password },
    });
    expect(started.statusCode).toBe(200);
    const open = await ctx.db.selectFrom('sessions').select('id').where('revoked_at', 'is', null).execute();

    const res = await act('force-logout');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ sessionsEnded: open.length - 1, signInsCancelled: 1 });

    // The caller goes on; every other session, the caller's other one included, is signed out.
    expect((await currentUser(superCookie))?.id).toBe(superAdmin.id);
    expect(await currentUser(otherSessionOfCaller)).toBeNull();
    for (const cookie of Object.values(others)) expect(await currentUser(cookie)).toBeNull();
    // The sign-in under way cannot be completed.
    const challenge = await ctx.db
      .selectFrom('login_challenges')
      .select('revoked_at')
      .where('user_id', '=', superAdmin.id)
      .executeTakeFirstOrThrow();
    expect(challenge.revoked_at).not.toBeNull();
    // API keys are not sessions.
    expect((await keyCall()).statusCode).toBe(200);

    expect(await auditOf('maintenance.force_logout')).toEqual([
      {
        actor_id: superAdmin.id,
        actor_type: 'admin',
        entity_type: 'system',
        after: { sessionsEnded: open.length - 1, signInsCancelled: 1 },
      },
    ]);
    // Nothing left to end but the caller's own.
    expect((await act('force-logout')).json().data).toEqual({ sessionsEnded: 0, signInsCancelled: 0 });
  });
});
