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

describe('deleting an account (DELETE /admin/users/:id)', () => {
  // A super admin of its own: the role tests above leave root a support admin.
  let boss: TestUser;
  let bossCookie: string;
  beforeAll(async () => {
    boss = await createUser({ db: ctx.db, adminRole: 'super_admin' });
    bossCookie = await signIn({ app: ctx.app, userId: boss.id });
  });
  const del = (id: string, cookie: string | null = bossCookie) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/v1/admin/users/${id}`, headers: cookie ? { cookie } : {} });

  it('anonymises it: no sign-in, no keys, no personal details, and its payments stay', async () => {
    const shop = await createUser({ db: ctx.db, email: 'erase-me@example.com', name: 'Erase Me' });
    await ctx.db
      .updateTable('user_profiles')
      .set({ business_name: 'Erase Ltd', phone: '+44 20 7946 0000', city: 'London' })
      .where('id', '=', shop.id)
      .execute();
    const shopCookie = await signIn({ app: ctx.app, userId: shop.id });
    // Personal details that land beyond the profile: the merchant's own profile edit and an administrator's Edit
    // Details (audited before and after), a settings change, two failed sign-ins with the e-mail.
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/merchant/profile',
      headers: { cookie: shopCookie },
      payload: {
        firstName: 'Erase',
        lastName: 'Me',
        businessName: 'Erase Ltd',
        phone: '+44 20 7946 0000',
        businessType: 'retail',
        address: '1 Erase Street',
        city: 'London',
        country: 'GB',
        postalCode: 'EC1A 1AA',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const edited = await call('PUT', `/users/${shop.id}`, bossCookie, {
      businessName: 'Erase Holdings',
      businessType: 'saas',
      country: 'FR',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const settings = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/settings',
      headers: { cookie: shopCookie },
      payload: { language: 'fr', theme: 'dark' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    for (const email of ['erase-me@example.com', 'Erase-Me@Example.com']) {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: 'not the password 1!' },
      });
      expect(login.statusCode, login.body).toBe(401);
    }
    const attemptsBefore = await ctx.db
      .selectFrom('login_attempts')
      .select('id')
      .where((eb) => eb.or([eb('user_id', '=', shop.id), eb('email', '=', 'erase-me@example.com')]))
      .execute();
    expect(attemptsBefore).toHaveLength(2);
    expect(
      await ctx.db
        .selectFrom('sessions')
        .select(['ip', 'user_agent'])
        .where('user_id', '=', shop.id)
        .execute(),
    ).toEqual([{ ip: '127.0.0.1', user_agent: 'vitest' }]);
    const key = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { cookie: shopCookie },
      payload: { name: 'shop', permissions: ['read'] },
    });
    expect(key.statusCode, key.body).toBe(200);
    const paid = await payment(shop.id, { usd: '42.00', confirmedAt: new Date() });

    const res = await del(shop.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: shop.id, deleted: true });

    const row = await ctx.db
      .selectFrom('users')
      .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
      .select([
        'users.email',
        'users.status',
        'users.deleted_at',
        'user_profiles.name',
        'user_profiles.first_name',
        'user_profiles.last_name',
        'user_profiles.business_name',
        'user_profiles.business_type',
        'user_profiles.phone',
        'user_profiles.address',
        'user_profiles.city',
        'user_profiles.country',
        'user_profiles.postal_code',
      ])
      .where('users.id', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: `deleted-${shop.id}@deleted.invalid`,
      status: 'suspended',
      name: null,
      first_name: null,
      last_name: null,
      business_name: null,
      business_type: null,
      phone: null,
      address: null,
      city: null,
      country: null,
      postal_code: null,
    });
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(JSON.stringify(await auditOf(shop.id, 'user.deleted'))).not.toMatch(/erase/i);

    // The audit rows stay, with who, what and when, and the fields that changed; their personal values are gone.
    const [profileRow] = await auditOf(shop.id, 'profile.updated');
    expect(profileRow).toMatchObject({ actor_id: shop.id, actor_type: 'user', ip: '127.0.0.1' });
    expect(profileRow!.after).toMatchObject({
      firstName: '[deleted]',
      lastName: '[deleted]',
      name: '[deleted]',
      businessName: '[deleted]',
      businessType: '[deleted]',
      phone: '[deleted]',
      address: '[deleted]',
      city: '[deleted]',
      country: '[deleted]',
      postalCode: '[deleted]',
      // never given: still shown as empty
      website: null,
    });
    const [detailsRow] = await auditOf(shop.id, 'user.details_updated');
    expect(detailsRow).toMatchObject({
      actor_id: boss.id,
      actor_type: 'admin',
      before: { businessName: '[deleted]', businessType: '[deleted]', country: '[deleted]' },
      after: { businessName: '[deleted]', businessType: '[deleted]', country: '[deleted]' },
    });
    // Preferences are no personal detail: the settings row keeps them.
    const [settingsRow] = await auditOf(shop.id, 'settings.updated');
    expect(settingsRow!.after).toMatchObject({ language: 'fr', theme: 'dark' });
    const everyRow = JSON.stringify(
      await ctx.db
        .selectFrom('audit_log')
        .select(['before', 'after'])
        .where((eb) => eb.or([eb('entity_id', '=', shop.id), eb('actor_id', '=', shop.id)]))
        .execute(),
    );
    for (const detail of ['Erase', 'London', '7946', 'EC1A', 'retail', 'saas', '"GB"', '"FR"']) {
      expect(everyRow).not.toContain(detail);
    }
    // Sign-in traces: the session's IP and user agent, the e-mail of the login attempts (the rows stay).
    expect(
      await ctx.db
        .selectFrom('sessions')
        .select(['ip', 'user_agent'])
        .where('user_id', '=', shop.id)
        .execute(),
    ).toEqual([{ ip: null, user_agent: null }]);
    const attempts = await ctx.db
      .selectFrom('login_attempts')
      .select('email')
      .where(
        'id',
        'in',
        attemptsBefore.map((a) => a.id),
      )
      .execute();
    expect(attempts).toEqual([
      { email: `deleted-${shop.id}@deleted.invalid` },
      { email: `deleted-${shop.id}@deleted.invalid` },
    ]);

    // The session and the key no longer work; the e-mail can sign up again.
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: shopCookie },
    });
    expect(session.statusCode).toBe(401);
    const byKey = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${key.json().data.key}` },
    });
    expect(byKey.statusCode).toBe(401);
    // Gone from User Management; the money record is still there.
    expect(await userIn(shop.id)).toBeUndefined();
    const kept = await ctx.db
      .selectFrom('payments')
      .select(['status', 'usd_amount'])
      .where('id', '=', paid.id)
      .executeTakeFirst();
    expect(kept).toMatchObject({ status: 'confirmed' });
    expect((await del(shop.id)).statusCode).toBe(404);
  });

  it('needs users.delete, admin.manage for an administrator, and never deletes oneself', async () => {
    const shop = await createUser({ db: ctx.db });
    expect((await del(shop.id, supportCookie)).statusCode).toBe(403);
    expect((await del(shop.id, null)).statusCode).toBe(401);
    const self = await del(boss.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(T.userDeleteSelf);
    expect(await userIn(shop.id)).toBeDefined();
  });
});
