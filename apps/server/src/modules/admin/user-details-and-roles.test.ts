import { T } from '@coinlane/core/texts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '#app/test/fixtures.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// Issue 16, User Management: the merchants' real figures, Edit Details, and admin roles stored on the account.

let ctx: TestContext;
let root: TestUser;
let rootCookie: string;
let supportCookie: string;
let financeCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  root = await createUser({ db: ctx.db, adminRole: 'super_admin' });
  const support = await createUser({ db: ctx.db, adminRole: 'support_admin' });
  const finance = await createUser({ db: ctx.db, adminRole: 'finance_admin' });
  rootCookie = await signIn({ app: ctx.app, userId: root.id });
  supportCookie = await signIn({ app: ctx.app, userId: support.id });
  financeCookie = await signIn({ app: ctx.app, userId: finance.id });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'PUT', url: string, cookie: string | undefined, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const userIn = async (id: string, cookie = rootCookie) =>
  ((await call('GET', '/users', cookie)).json().data as Array<Record<string, unknown>>).find(
    (u) => u.id === id,
  );
const auditOf = (entityId: string, action: string) =>
  ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_id', '=', entityId)
    .where('action', '=', action)
    .execute();

async function payment(
  userId: string,
  opts: { mode?: 'live' | 'test'; usd?: string; confirmedAt?: Date | null },
) {
  const p = await insertFixedAddressPayment({
    db: ctx.db,
    userId,
    currency: 'LTC',
    network: 'litecoin',
    amount: '1',
    mode: opts.mode ?? 'live',
    allocation: { address: `ltc-${Math.random().toString(36).slice(2)}` },
  });
  if (opts.confirmedAt) {
    await ctx.db
      .updateTable('payments')
      .set({
        status: 'confirmed',
        usd_amount: opts.usd ?? '0',
        amount_received: sql`amount`,
        amount_confirmed: sql`amount`,
        confirmed_at: opts.confirmedAt,
      })
      .where('id', '=', p.id)
      .execute();
  }
  return p;
}

describe('User Management figures', () => {
  it("shows each merchant's live payments, total volume and this month's volume in USD", async () => {
    const shop = await createUser({ db: ctx.db });
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    await payment(shop.id, { usd: '100.10', confirmedAt: now });
    await payment(shop.id, { usd: '50.05', confirmedAt: lastMonth });
    await payment(shop.id, {}); // pending: counted, no volume
    await payment(shop.id, { mode: 'test', usd: '999', confirmedAt: now }); // test mode: left out
    expect(await userIn(shop.id)).toMatchObject({
      totalTransactions: 3,
      totalVolume: '150.15',
      monthlyVolume: '100.10',
    });
    const quiet = await createUser({ db: ctx.db });
    expect(await userIn(quiet.id)).toMatchObject({
      totalTransactions: 0,
      totalVolume: '0.00',
      monthlyVolume: '0.00',
    });
  });
});

describe('Edit Details (PUT /admin/users/:id)', () => {
  it('changes the given fields only, clears an empty one, and audits before and after', async () => {
    const shop = await createUser({ db: ctx.db });
    await ctx.db
      .updateTable('user_profiles')
      .set({ business_name: 'Old Books', country: 'US' })
      .where('id', '=', shop.id)
      .execute();
    const res = await call('PUT', `/users/${shop.id}`, supportCookie, {
      firstName: 'Grace',
      lastName: 'Hopper',
      businessName: '',
      businessType: 'nonprofit',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Grace Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
      businessName: null,
      businessType: 'nonprofit',
      country: 'US',
    });
    const [audit] = await auditOf(shop.id, 'user.details_updated');
    expect(audit).toMatchObject({
      before: { firstName: null, lastName: null, businessName: 'Old Books', businessType: null },
      after: { firstName: 'Grace', lastName: 'Hopper', businessName: null, businessType: 'nonprofit' },
    });
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const shop = await createUser({ db: ctx.db });
    for (const body of [
      { country: 'Atlantis' },
      { businessType: 'pirate' },
      { firstName: 'x'.repeat(81) },
      {},
    ]) {
      const res = await call('PUT', `/users/${shop.id}`, rootCookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await call('PUT', `/users/${shop.id}`, rootCookie, { email: 'x@example.com' })).statusCode).toBe(
      400,
    );
    expect(await auditOf(shop.id, 'user.details_updated')).toHaveLength(0);
    expect(
      (await call('PUT', '/users/usr_nobody', rootCookie, { country: 'GB' })).json().error,
    ).toMatchObject({
      code: 'NOT_FOUND',
      message: T.userNotFound,
    });
  });

  it("needs users.write, and admin.manage for another administrator's account", async () => {
    const shop = await createUser({ db: ctx.db });
    expect((await call('PUT', `/users/${shop.id}`, financeCookie, { country: 'GB' })).statusCode).toBe(403);
    expect((await call('PUT', `/users/${shop.id}`, undefined, { country: 'GB' })).statusCode).toBe(401);
    const res = await call('PUT', `/users/${root.id}`, supportCookie, { country: 'GB' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(T.userActOnAdmin);
    expect((await call('PUT', `/users/${root.id}`, rootCookie, { country: 'GB' })).statusCode).toBe(200);
  });
});

describe('admin roles (PUT /admin/users/:id/role)', () => {
  it('gives a merchant a role, which its session carries at once, and takes it away', async () => {
    const staff = await createUser({ db: ctx.db });
    const staffCookie = await signIn({ app: ctx.app, userId: staff.id });
    expect((await call('GET', '/users', staffCookie)).statusCode).toBe(403);

    const given = await call('PUT', `/users/${staff.id}/role`, rootCookie, { role: 'compliance_admin' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data).toMatchObject({ isAdmin: true, adminRole: 'compliance_admin' });
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: staffCookie },
    });
    expect(session.json().data.user).toMatchObject({ isAdmin: true, adminRole: 'compliance_admin' });
    expect(session.json().data.user.permissions).toContain('users.verify');
    expect((await call('GET', '/users', staffCookie)).statusCode).toBe(200);
    // compliance_admin has no users.write
    expect((await call('PUT', `/users/${root.id}`, staffCookie, { country: 'GB' })).statusCode).toBe(403);

    const taken = await call('PUT', `/users/${staff.id}/role`, rootCookie, { role: null });
    expect(taken.json().data).toMatchObject({ isAdmin: false, adminRole: null });
    expect((await call('GET', '/users', staffCookie)).statusCode).toBe(403);
    const audits = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after', 'actor_id'])
      .where('entity_id', '=', staff.id)
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      {
        action: 'user.role_assigned',
        before: { adminRole: null },
        after: { adminRole: 'compliance_admin' },
        actor_id: root.id,
      },
      {
        action: 'user.role_removed',
        before: { adminRole: 'compliance_admin' },
        after: { adminRole: null },
        actor_id: root.id,
      },
    ]);
  });

  it('needs admin.manage, and refuses a role that is not one of the four', async () => {
    const shop = await createUser({ db: ctx.db });
    const res = await call('PUT', `/users/${shop.id}/role`, supportCookie, { role: 'super_admin' });
    expect(res.statusCode).toBe(403);
    expect((await userIn(shop.id))?.adminRole).toBeNull();
    expect((await call('PUT', `/users/${shop.id}/role`, rootCookie, { role: 'owner' })).statusCode).toBe(400);
    expect((await call('PUT', `/users/${shop.id}/role`, rootCookie, {})).statusCode).toBe(400);
  });

  it('never takes the role of the last super admin', async () => {
    const supers = await ctx.db
      .selectFrom('user_profiles')
      .select('id')
      .where('admin_role', '=', 'super_admin')
      .execute();
    // Leave root as the only super admin.
    for (const s of supers) {
      if (s.id !== root.id) await call('PUT', `/users/${s.id}/role`, rootCookie, { role: null });
    }
    const res = await call('PUT', `/users/${root.id}/role`, rootCookie, { role: 'support_admin' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(T.lastSuperAdmin);
    expect((await userIn(root.id))?.adminRole).toBe('super_admin');

    const second = await createUser({ db: ctx.db });
    await call('PUT', `/users/${second.id}/role`, rootCookie, { role: 'super_admin' });
    const stepDown = await call('PUT', `/users/${root.id}/role`, rootCookie, { role: 'support_admin' });
    expect(stepDown.statusCode).toBe(200);
    expect(stepDown.json().data.adminRole).toBe('support_admin');
  });
});
