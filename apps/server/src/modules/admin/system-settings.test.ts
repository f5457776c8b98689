import { SYSTEM_SETTING_DEFAULTS } from '@coinlane/core/system-settings';
import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

let ctx: TestContext;
let admin: TestUser;
let adminCookie: string;
let merchantCookie: string;
let financeCookie: string;
let supportCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser({ db: ctx.db, adminRole: 'super_admin' });
  const merchant = await createUser({ db: ctx.db });
  const finance = await createUser({ db: ctx.db, adminRole: 'finance_admin' });
  const support = await createUser({ db: ctx.db, adminRole: 'support_admin' });
  adminCookie = await signIn({ app: ctx.app, userId: admin.id });
  merchantCookie = await signIn({ app: ctx.app, userId: merchant.id });
  financeCookie = await signIn({ app: ctx.app, userId: finance.id });
  supportCookie = await signIn({ app: ctx.app, userId: support.id });
});
afterAll(() => ctx.close());

const getSettings = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: cookie ? { cookie } : {} });
const putSettingsAs = (cookie: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings',
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });
const putSettings = (payload: unknown) => putSettingsAs(adminCookie, payload);
const storedRows = () => ctx.db.selectFrom('system_settings').selectAll().orderBy('key').execute();

describe('guards', () => {
  it('answers 401 to anonymous callers', async () => {
    expect((await getSettings()).statusCode).toBe(401);
    expect((await putSettingsAs(undefined, { general: { maintenance_mode: true } })).statusCode).toBe(401);
  });

  it('answers 403 to merchants and to admins without the settings permissions', async () => {
    for (const cookie of [merchantCookie, financeCookie, supportCookie]) {
      expect((await getSettings(cookie)).statusCode).toBe(403);
      const res = await putSettingsAs(cookie, { general: { maintenance_mode: true } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect((await getSettings(financeCookie)).json().error.message).toContain('settings.read');
    expect(await storedRows()).toEqual([]);
  });
});

describe('GET /admin/settings', () => {
  it('returns every key with the spec defaults on a fresh platform', async () => {
    const res = await getSettings(adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: SYSTEM_SETTING_DEFAULTS, error: null });
  });
});

describe('PUT /admin/settings', () => {
  it('saves the keys sent, keeps the others, and records who changed what', async () => {
    const res = await putSettings({
      general: { platform_name: '  Acme Pay  ', maintenance_mode: true },
      security: { session_timeout: 60, password_require_special: false },
      api: { api_version: 'v1', webhook_retries: 0 },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.general).toEqual({
      ...SYSTEM_SETTING_DEFAULTS.general,
      platform_name: 'Acme Pay',
      maintenance_mode: true,
    });
    expect(data.security).toEqual({
      ...SYSTEM_SETTING_DEFAULTS.security,
      session_timeout: 60,
      password_require_special: false,
    });
    expect(data.notifications).toEqual(SYSTEM_SETTING_DEFAULTS.notifications);
    expect(data.api).toMatchObject({ api_version: 'v1', webhook_retries: 0, webhook_timeout: 30 });
    expect((await getSettings(adminCookie)).json().data).toEqual(data);

    const rows = await storedRows();
    expect(rows.map((r) => `${r.category}.${r.key}=${r.value}`)).toEqual([
      'general.maintenance_mode=true',
      'security.password_require_special=false',
      'general.platform_name="Acme Pay"',
      'security.session_timeout=60',
      'api.webhook_retries=0',
    ]);
    expect(rows.every((r) => r.updated_by === admin.id)).toBe(true);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', 'general.maintenance_mode')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, actor_type: 'admin', before: null, after: true });
  });

  it('does not rewrite a key sent with its current value', async () => {
    const before = await ctx.db.selectFrom('audit_log').select('id').execute();
    const res = await putSettings({ general: { maintenance_mode: true }, notifications: {} });
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.selectFrom('audit_log').select('id').execute()).toHaveLength(before.length);
  });

  it('accepts webhook URLs over https and an empty value to clear them', async () => {
    const set = await putSettings({
      notifications: { slack_webhook: 'https://hooks.slack.com/services/T0/B0/x' },
    });
    expect(set.json().data.notifications.slack_webhook).toBe('https://hooks.slack.com/services/T0/B0/x');
    const cleared = await putSettings({ notifications: { slack_webhook: '' } });
    expect(cleared.json().data.notifications.slack_webhook).toBe('');
  });

  it.each([
    ['a zero timeout', { security: { session_timeout: 0 } }, 'security.session_timeout'],
    ['a negative count', { general: { max_daily_transactions: -5 } }, 'general.max_daily_transactions'],
    ['a fractional count', { api: { rate_limit_per_minute: 1.5 } }, 'api.rate_limit_per_minute'],
    ['a number as text', { security: { max_login_attempts: '5' } }, 'security.max_login_attempts'],
    ['a password length under 6', { security: { password_min_length: 4 } }, 'security.password_min_length'],
    ['a toggle as text', { general: { maintenance_mode: 'yes' } }, 'general.maintenance_mode'],
    ['a toggle as a number', { notifications: { sms_notifications: 1 } }, 'notifications.sms_notifications'],
    ['an empty platform name', { general: { platform_name: '   ' } }, 'general.platform_name'],
    ['a bad support e-mail', { general: { support_email: 'support' } }, 'general.support_email'],
    [
      'a plain-http webhook',
      { notifications: { discord_webhook: 'http://x.example' } },
      'notifications.discord_webhook',
    ],
    [
      'a javascript: webhook',
      { notifications: { slack_webhook: 'javascript:alert(1)' } },
      'notifications.slack_webhook',
    ],
    ['an unknown API version', { api: { api_version: 'v3' } }, 'api.api_version'],
    ['v2 (Beta), which has no API yet (decision 020)', { api: { api_version: 'v2' } }, 'api.api_version'],
    ['an unknown key', { general: { admin_password: 'x' } }, undefined],
    ['an unknown category', { fees: { platform_fee_percentage: 2 } }, undefined],
    ['a category that is not an object', { general: true }, 'general'],
  ])('refuses %s with 400 and changes nothing', async (_label, payload, field) => {
    const before = await storedRows();
    const res = await putSettings(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, data: null, error: { code: 'VALIDATION_ERROR' } });
    if (field) expect(Object.keys(body.error.fields)).toContain(field);
    expect(await storedRows()).toEqual(before);
  });

  it('refuses to turn SMS notifications on while no SMS provider exists, and accepts off', async () => {
    const before = await storedRows();
    const shown = (await getSettings(adminCookie)).json().data.notifications;
    const on = await putSettings({
      notifications: {
        sms_notifications: true,
        notify_failed_transactions: !shown.notify_failed_transactions,
      },
    });
    expect(on.statusCode).toBe(400);
    expect(on.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'notifications.sms_notifications': T.smsNotificationsUnavailable },
    });
    expect(await storedRows()).toEqual(before);
    expect((await getSettings(adminCookie)).json().data.notifications).toEqual({
      ...shown,
      sms_notifications: false,
    });
    const off = await putSettings({ notifications: { sms_notifications: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.notifications.sms_notifications).toBe(false);
  });

  it('refuses an invalid value even when valid ones come with it', async () => {
    const before = await storedRows();
    const res = await putSettings({ general: { platform_name: 'Half Saved' }, api: { webhook_timeout: 0 } });
    expect(res.statusCode).toBe(400);
    expect(await storedRows()).toEqual(before);
  });

  it('says beside each field what it takes', async () => {
    const res = await putSettings({
      general: { platform_name: ' ', max_daily_transactions: 1.5 },
      security: { session_timeout: 0 },
      notifications: { slack_webhook: 'http://x.example', large_transaction_threshold: null },
      api: { webhook_retries: '3' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      'general.platform_name': T.platformNameRequired,
      'general.max_daily_transactions': T.settingNumberRange(1, 100_000_000),
      'security.session_timeout': T.settingNumberRange(1, 10_080),
      'notifications.slack_webhook': T.invalidUrl,
      'notifications.large_transaction_threshold': T.settingNumberRange(1, 1_000_000_000_000),
      'api.webhook_retries': T.settingNumberRange(0, 20),
    });
  });

  it('uses the spec message for a bad support e-mail', async () => {
    const res = await putSettings({ general: { support_email: 'not-an-email' } });
    expect(res.json().error.message).toBe(T.emailInvalid);
  });
});
