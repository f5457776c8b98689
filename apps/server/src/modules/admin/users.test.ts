import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

let ctx: TestContext;
let admin: TestUser;
let adminCookie: string;
let merchantCookie: string;
let complianceCookie: string;
let supportCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser({ db: ctx.db, email: 'root@example.com', isAdmin: true, name: 'Root Admin' });
  const merchant = await createUser({ db: ctx.db, email: 'shop@example.com' });
  const compliance = await createUser({ db: ctx.db, adminRole: 'compliance_admin' });
  const support = await createUser({ db: ctx.db, adminRole: 'support_admin' });
  adminCookie = await signIn({ app: ctx.app, userId: admin.id });
  merchantCookie = await signIn({ app: ctx.app, userId: merchant.id });
  complianceCookie = await signIn({ app: ctx.app, userId: compliance.id });
  supportCookie = await signIn({ app: ctx.app, userId: support.id });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const approve = (id: string, cookie = adminCookie) => call('POST', `/users/${id}/approve`, cookie);
const suspend = (id: string, cookie = adminCookie) => call('POST', `/users/${id}/suspend`, cookie);
const bulk = (payload: unknown, cookie = adminCookie) => call('POST', '/users/bulk', cookie, payload);
const statusOf = async (id: string) =>
  (await ctx.db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const profileStatus = async (cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/merchant/profile', headers: { cookie } })).statusCode;

describe('guards', () => {
  const routes: Array<['GET' | 'POST', string, unknown?]> = [
    ['GET', '/users'],
    ['POST', '/users/usr_x/approve'],
    ['POST', '/users/usr_x/suspend'],
    ['POST', '/users/bulk', { ids: ['usr_x'], action: 'approve' }],
  ];

  it.each(routes)('%s %s answers 401 to an anonymous caller', async (method, url, payload) => {
    const res = await call(method, url, undefined, payload);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it.each(routes)('%s %s answers 403 to a merchant', async (method, url, payload) => {
    const res = await call(method, url, merchantCookie, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN', message: T.forbidden } });
  });

  it('refuses an API key, even an administrator’s with every permission', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { cookie: adminCookie },
      payload: { name: 'admin automation', permissions: ['read', 'write', 'webhook'] },
    });
    expect(created.statusCode).toBe(200);
    const target = await createUser({ db: ctx.db, status: 'pending' });
    for (const [method, url] of [
      ['GET', '/api/v1/admin/users'],
      ['POST', `/api/v1/admin/users/${target.id}/approve`],
      ['GET', '/api/v1/admin/settings'],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${created.json().data.key}` },
      });
      expect(res.statusCode, url).toBe(403);
    }
    expect(await statusOf(target.id)).toBe('pending');
  });

  it('lets an admin with users.read list but not act without users.write', async () => {
    const target = await createUser({ db: ctx.db, status: 'pending' });
    expect((await call('GET', '/users', complianceCookie)).statusCode).toBe(200);
    const res = await approve(target.id, complianceCookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toContain('users.write');
    expect((await bulk({ ids: [target.id], action: 'approve' }, complianceCookie)).statusCode).toBe(403);
    expect(await statusOf(target.id)).toBe('pending');
  });
});

describe('GET /admin/users', () => {
  it('lists every account newest first with its display name and admin facts', async () => {
    const named = await createUser({ db: ctx.db, email: 'named@example.com', name: 'Sign Up Name' });
    const split = await createUser({ db: ctx.db, email: 'split@example.com' });
    await ctx.db
      .updateTable('user_profiles')
      .set({ first_name: 'Ada', last_name: 'Lovelace', business_type: 'saas', country: 'GB', risk_score: 7 })
      .where('id', '=', split.id)
      .execute();
    const business = await createUser({ db: ctx.db, email: 'biz@example.com', status: 'pending' });
    await ctx.db
      .updateTable('user_profiles')
      .set({ business_name: 'Acme Ltd', first_name: 'Wile', last_name: 'Coyote' })
      .where('id', '=', business.id)
      .execute();
    const bare = await createUser({ db: ctx.db, email: 'bare@example.com' });
    await ctx.db.updateTable('user_profiles').set({ name: null }).where('id', '=', bare.id).execute();
    await ctx.db
      .updateTable('users')
      .set({ last_login_at: '2026-01-02T03:04:05Z' })
      .where('id', '=', bare.id)
      .execute();

    const res = await call('GET', '/users', adminCookie);
    expect(res.statusCode).toBe(200);
    const users = res.json().data as Array<Record<string, unknown>>;
    const created = users.map((u) => Date.parse(u.createdAt as string));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const byId = Object.fromEntries(users.map((u) => [u.id, u]));
    expect(byId[business.id]).toMatchObject({
      name: 'Acme Ltd',
      status: 'pending',
      businessName: 'Acme Ltd',
    });
    expect(byId[split.id]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'split@example.com',
      businessType: 'saas',
      country: 'GB',
      riskScore: 7,
      kycStatus: 'pending',
      isAdmin: false,
      adminRole: null,
      lastLogin: null,
    });
    expect(byId[named.id]).toMatchObject({ name: 'Sign Up Name' });
    expect(byId[bare.id]).toMatchObject({ name: 'bare@example.com', lastLogin: '2026-01-02T03:04:05.000Z' });
    expect(byId[admin.id]).toMatchObject({ isAdmin: true, adminRole: 'super_admin', status: 'active' });
    const total = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(users).toHaveLength(Number(total?.n));
    expect(JSON.stringify(users)).not.toMatch(/password|hash/i);
  });
});

describe('approve and suspend', () => {
  it('approves a pending account, once, with an audit row', async () => {
    const u = await createUser({ db: ctx.db, status: 'pending' });
    const res = await approve(u.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: u.id, status: 'active' });
    expect(await statusOf(u.id)).toBe('active');
    const again = await approve(u.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'CONFLICT', message: T.userApproveNotPending('active') });
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('entity_id', '=', u.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: admin.id,
      actor_type: 'admin',
      action: 'user.approved',
      entity_type: 'user',
      before: { status: 'pending' },
      after: { status: 'active' },
    });
  });

  it('suspends an active account and ends its sessions at once', async () => {
    const u = await createUser({ db: ctx.db });
    const cookie = await signIn({ app: ctx.app, userId: u.id });
    const second = await signIn({ app: ctx.app, userId: u.id, mode: 'live' });
    expect(await profileStatus(cookie)).toBe(200);

    const res = await suspend(u.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: u.id, status: 'suspended' });
    expect(await profileStatus(cookie)).toBe(401);
    expect(await profileStatus(second)).toBe(401);
    const live = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', u.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    // Approving cannot bring a suspended account back.
    const reapprove = await approve(u.id);
    expect(reapprove.statusCode).toBe(409);
    expect(reapprove.json().error.message).toBe(T.userApproveNotPending('suspended'));
    const resuspend = await suspend(u.id);
    expect(resuspend.statusCode).toBe(409);
    expect(resuspend.json().error.message).toBe(T.userSuspendNotActive('suspended'));
  });

  it('refuses to suspend a pending account', async () => {
    const u = await createUser({ db: ctx.db, status: 'pending' });
    const res = await suspend(u.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(T.userSuspendNotActive('pending'));
    expect(await statusOf(u.id)).toBe('pending');
  });

  it('answers 404 for an unknown id', async () => {
    for (const res of [await approve('usr_doesnotexist'), await suspend('usr_doesnotexist')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: T.userNotFound });
    }
  });

  it('does not let an admin suspend their own account', async () => {
    const res = await suspend(admin.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(T.userSuspendSelf);
    expect(await statusOf(admin.id)).toBe('active');
  });

  it('needs admin.manage to suspend another administrator', async () => {
    const other = await createUser({ db: ctx.db, isAdmin: true });
    const denied = await suspend(other.id, supportCookie);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(T.userSuspendAdmin);
    expect(await statusOf(other.id)).toBe('active');
    // A support admin still suspends merchants; a super admin suspends admins.
    const merchant = await createUser({ db: ctx.db });
    expect((await suspend(merchant.id, supportCookie)).statusCode).toBe(200);
    expect((await suspend(other.id)).statusCode).toBe(200);
  });
});

describe('POST /admin/users/bulk', () => {
  it('approves the pending accounts and reports the others', async () => {
    const p1 = await createUser({ db: ctx.db, status: 'pending' });
    const p2 = await createUser({ db: ctx.db, status: 'pending' });
    const active = await createUser({ db: ctx.db });
    const res = await bulk({ ids: [p1.id, p2.id, active.id, p1.id], action: 'approve' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.action).toBe('approve');
    expect(data.updated.map((u: { id: string }) => u.id).sort()).toEqual([p1.id, p2.id].sort());
    expect(data.updated.every((u: { status: string }) => u.status === 'active')).toBe(true);
    expect(data.skipped).toEqual([
      { id: active.id, status: 'active', reason: T.userApproveNotPending('active') },
    ]);
    expect(await statusOf(p1.id)).toBe('active');
    expect(await statusOf(p2.id)).toBe('active');
    const audits = await ctx.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('action', '=', 'user.approved')
      .where('entity_id', 'in', [p1.id, p2.id, active.id])
      .execute();
    expect(audits.map((a) => a.entity_id).sort()).toEqual([p1.id, p2.id].sort());
  });

  it('suspends active accounts, ends their sessions, and skips the caller', async () => {
    const a = await createUser({ db: ctx.db });
    const b = await createUser({ db: ctx.db });
    const cookieA = await signIn({ app: ctx.app, userId: a.id });
    const cookieB = await signIn({ app: ctx.app, userId: b.id });
    const res = await bulk({ ids: [a.id, b.id, admin.id], action: 'suspend' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.updated).toHaveLength(2);
    expect(res.json().data.skipped).toEqual([{ id: admin.id, status: 'active', reason: T.userSuspendSelf }]);
    expect(await profileStatus(cookieA)).toBe(401);
    expect(await profileStatus(cookieB)).toBe(401);
    expect(await profileStatus(adminCookie)).toBe(200);
  });

  it('changes nothing when an id is unknown', async () => {
    const p = await createUser({ db: ctx.db, status: 'pending' });
    const res = await bulk({ ids: [p.id, 'usr_ghost'], action: 'approve' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toContain('usr_ghost');
    expect(await statusOf(p.id)).toBe('pending');
  });

  it.each([
    ['no ids', { ids: [], action: 'approve' }],
    ['ids that are not a list', { ids: 'usr_x', action: 'approve' }],
    ['an empty id', { ids: [''], action: 'approve' }],
    ['an unknown action', { ids: ['usr_x'], action: 'delete' }],
    ['no action', { ids: ['usr_x'] }],
    ['an unknown field', { ids: ['usr_x'], action: 'approve', status: 'active' }],
  ])('refuses %s with 400', async (_label, payload) => {
    const res = await bulk(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });
});
