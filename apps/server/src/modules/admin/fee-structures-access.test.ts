import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKeyFor } from '#app/test/app-with-routes.ts';
import { createUser, signIn, type TestUser } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// Fees & Pricing is reachable with settings.fees alone (finance_admin), beside settings.read / settings.write:
// docs/decisions/016-admin-system-settings.md.
let ctx: TestContext;
let superAdmin: TestUser;
let finance: TestUser;
const cookies: Record<'super' | 'finance' | 'support' | 'merchant', string> = {
  super: '',
  finance: '',
  support: '',
  merchant: '',
};

beforeAll(async () => {
  ctx = await createTestContext();
  superAdmin = await createUser({ db: ctx.db, adminRole: 'super_admin' });
  finance = await createUser({ db: ctx.db, adminRole: 'finance_admin' });
  const support = await createUser({ db: ctx.db, adminRole: 'support_admin' });
  const merchant = await createUser({ db: ctx.db });
  cookies.super = await signIn({ app: ctx.app, userId: superAdmin.id });
  cookies.finance = await signIn({ app: ctx.app, userId: finance.id });
  cookies.support = await signIn({ app: ctx.app, userId: support.id });
  cookies.merchant = await signIn({ app: ctx.app, userId: merchant.id });
});
afterAll(() => ctx.close());

const getFees = (headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/admin/fees', headers });
const putFee = (type: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'PUT', url: `/api/v1/admin/fees/${type}`, headers, payload });
const feeAudit = () =>
  ctx.db
    .selectFrom('audit_log')
    .select(['actor_id', 'entity_id', 'before', 'after'])
    .where('action', '=', 'fee_structure.updated')
    .orderBy('id')
    .execute();
const platformRow = () =>
  ctx.db.selectFrom('fee_structures').selectAll().where('type', '=', 'platform').executeTakeFirstOrThrow();

describe('who may read and change the fee structures', () => {
  it('GET /admin/fees: super_admin (settings.read) and finance_admin (settings.fees) read; others are refused', async () => {
    for (const who of ['super', 'finance'] as const) {
      const res = await getFees({ cookie: cookies[who] });
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data.map((f: { type: string }) => f.type)).toEqual([
        'platform',
        'withdrawal',
        'processing',
      ]);
    }
    for (const who of ['support', 'merchant'] as const) {
      const res = await getFees({ cookie: cookies[who] });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect((await getFees({ cookie: cookies.support })).json().error.message).toBe(
      `${T.forbidden} Required permission: settings.read or settings.fees`,
    );
    expect((await getFees()).statusCode).toBe(401);
  });

  it('PUT /admin/fees/:type: super_admin (settings.write) and finance_admin (settings.fees) change; others are refused before the body is read', async () => {
    const before = await platformRow();
    for (const who of ['support', 'merchant'] as const) {
      // Even a malformed body: the permission is checked first.
      const res = await putFee('platform', { percentage: 'nonsense' }, { cookie: cookies[who] });
      expect(res.statusCode, who).toBe(403);
    }
    expect((await putFee('platform', { percentage: '5' })).statusCode).toBe(401);
    expect(await platformRow()).toEqual(before);
    expect(await feeAudit()).toEqual([]);

    const byFinance = await putFee(
      'platform',
      { percentage: '1.25', minimumFee: '0.5', maximumFee: '50' },
      { cookie: cookies.finance },
    );
    expect(byFinance.statusCode).toBe(200);
    expect(byFinance.json().data).toMatchObject({
      type: 'platform',
      percentage: '1.25',
      minimumFee: '0.5',
      maximumFee: '50',
    });
    const bySuper = await putFee('processing', { fixedAmount: '0.3' }, { cookie: cookies.super });
    expect(bySuper.statusCode).toBe(200);
    expect(bySuper.json().data).toMatchObject({ type: 'processing', fixedAmount: '0.3' });

    const audit = await feeAudit();
    expect(audit.map((a) => [a.actor_id, a.entity_id])).toEqual([
      [finance.id, 'platform'],
      [superAdmin.id, 'processing'],
    ]);
    expect(audit[0]!.before).toMatchObject({ percentage: '1', minimumFee: '0', maximumFee: null });
    expect(audit[0]!.after).toMatchObject({ percentage: '1.25', minimumFee: '0.5', maximumFee: '50' });
  });

  it('refuses an administrator’s API key, whatever the role', async () => {
    const key = await createKeyFor({ app: ctx.app, userId: finance.id });
    expect((await getFees(bearer(key.key))).statusCode).toBe(403);
    expect((await putFee('platform', { percentage: '2' }, bearer(key.key))).statusCode).toBe(403);
  });

  it('gives finance_admin nothing else of System Settings', async () => {
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/settings',
      headers: { cookie: cookies.finance },
    });
    expect(settings.statusCode).toBe(403);
    const maintenance = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/maintenance/clear-cache',
      headers: { cookie: cookies.finance },
    });
    expect(maintenance.statusCode).toBe(403);
  });
});

describe('validation for finance_admin', () => {
  it('answers 400 with the message beside the field, and changes nothing', async () => {
    const before = await platformRow();
    const audited = (await feeAudit()).length;
    for (const [payload, field, message] of [
      [{ percentage: '101' }, 'percentage', T.feePercentageRange],
      [{ minimumFee: '-1' }, 'minimumFee', T.feeAmountInvalid],
      [{ fixedAmount: '' }, 'fixedAmount', T.feeAmountInvalid],
      [{ minimumFee: '10', maximumFee: '5' }, 'maximumFee', T.feeMaximumBelowMinimum],
    ] as const) {
      const res = await putFee('platform', payload, { cookie: cookies.finance });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message,
        fields: { [field]: message },
      });
    }
    expect(await platformRow()).toEqual(before);
    expect(await feeAudit()).toHaveLength(audited);
  });
});
