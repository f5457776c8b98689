import { USER_SETTINGS_DEFAULTS } from '@coinlane/core/options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

let ctx: TestContext;
let alice: TestUser;
let aliceCookie: string;
let bobCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await createUser({ db: ctx.db });
  const bob = await createUser({ db: ctx.db });
  aliceCookie = await signIn({ app: ctx.app, userId: alice.id });
  bobCookie = await signIn({ app: ctx.app, userId: bob.id });
});
afterAll(() => ctx.close());

const getSettings = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/settings', headers: cookie ? { cookie } : {} });
const putSettings = (cookie: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/settings',
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });

describe('GET /settings', () => {
  it('needs a session', async () => {
    expect((await getSettings()).statusCode).toBe(401);
    expect((await putSettings(undefined, { theme: 'light' })).statusCode).toBe(401);
  });

  it('starts from the spec defaults', async () => {
    const res = await getSettings(aliceCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: USER_SETTINGS_DEFAULTS, error: null });
  });
});

describe('PUT /settings', () => {
  it('changes only the fields sent and records an audit row', async () => {
    const res = await putSettings(aliceCookie, {
      theme: 'light',
      apiKeyExpiryDays: -1,
      paymentAlerts: false,
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      ...USER_SETTINGS_DEFAULTS,
      theme: 'light',
      apiKeyExpiryDays: -1,
      paymentAlerts: false,
    };
    expect(res.json().data).toEqual(expected);
    expect((await getSettings(aliceCookie)).json().data).toEqual(expected);

    const res2 = await putSettings(aliceCookie, { language: 'de', conversionCurrency: 'EURC' });
    expect(res2.json().data).toEqual({ ...expected, language: 'de', conversionCurrency: 'EURC' });

    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.updated')
      .where('entity_id', '=', alice.id)
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actor_id: alice.id, actor_type: 'user', entity_type: 'user_settings' });
    expect(audit[0]!.before).toMatchObject({ theme: 'dark' });
    expect(audit[0]!.after).toMatchObject({ theme: 'light' });
  });

  it('accepts an empty change and changes nothing', async () => {
    const before = (await getSettings(aliceCookie)).json().data;
    const res = await putSettings(aliceCookie, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(before);
  });

  it.each([
    ['an unknown theme', { theme: 'pink' }, 'theme'],
    ['an unknown language', { language: 'it' }, 'language'],
    ['an expiry not offered', { apiKeyExpiryDays: 45 }, 'apiKeyExpiryDays'],
    ['an expiry as text', { apiKeyExpiryDays: '90' }, 'apiKeyExpiryDays'],
    ['a default currency not offered', { defaultCurrency: 'DOGE' }, 'defaultCurrency'],
    ['a conversion to a non-stablecoin', { conversionCurrency: 'BTC' }, 'conversionCurrency'],
    ['a toggle as text', { emailNotifications: 'yes' }, 'emailNotifications'],
    ['a toggle as null', { autoPayoutEnabled: null }, 'autoPayoutEnabled'],
    ['an unknown field', { webhookSecret: 'x' }, undefined],
  ])('refuses %s with 400 and changes nothing', async (_label, payload, field) => {
    const before = (await getSettings(aliceCookie)).json().data;
    const res = await putSettings(aliceCookie, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, data: null, error: { code: 'VALIDATION_ERROR' } });
    if (field) expect(Object.keys(body.error.fields)).toContain(field);
    expect((await getSettings(aliceCookie)).json().data).toEqual(before);
  });

  it('never touches another merchant’s settings', async () => {
    await putSettings(bobCookie, { theme: 'auto' });
    expect((await getSettings(aliceCookie)).json().data.theme).toBe('light');
    expect((await getSettings(bobCookie)).json().data).toEqual({ ...USER_SETTINGS_DEFAULTS, theme: 'auto' });
  });

  it('creates the row when an account has none yet', async () => {
    const carol = await createUser({ db: ctx.db });
    await ctx.db.deleteFrom('user_settings').where('user_id', '=', carol.id).execute();
    const cookie = await signIn({ app: ctx.app, userId: carol.id });
    expect((await getSettings(cookie)).json().data).toEqual(USER_SETTINGS_DEFAULTS);
    const res = await putSettings(cookie, { autoConversionEnabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...USER_SETTINGS_DEFAULTS, autoConversionEnabled: true });
    const row = await ctx.db
      .selectFrom('user_settings')
      .select('auto_conversion_enabled')
      .where('user_id', '=', carol.id)
      .executeTakeFirst();
    expect(row?.auto_conversion_enabled).toBe(true);
  });
});
