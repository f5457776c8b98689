import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// Issue 16: the Audit Log for admin.manage: who did what, before and after, newest first, filtered and paged.

let ctx: TestContext;
let root: TestUser;
let rootCookie: string;
let supportCookie: string;
let merchantCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  root = await createUser({
    db: ctx.db,
    adminRole: 'super_admin',
    email: 'root-audit@example.com',
    name: 'Root',
  });
  const support = await createUser({ db: ctx.db, adminRole: 'support_admin' });
  const merchant = await createUser({ db: ctx.db });
  rootCookie = await signIn({ app: ctx.app, userId: root.id });
  supportCookie = await signIn({ app: ctx.app, userId: support.id });
  merchantCookie = await signIn({ app: ctx.app, userId: merchant.id });
});
afterAll(() => ctx.close());

const audit = (query: string, cookie: string | null = rootCookie) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/admin/audit${query}`, headers: cookie ? { cookie } : {} });
const act = (method: 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers: { cookie: rootCookie }, payload });

describe('GET /admin/audit', () => {
  it('is for admin.manage only', async () => {
    expect((await audit('')).statusCode).toBe(200);
    expect((await audit('', supportCookie)).statusCode).toBe(403);
    expect((await audit('', merchantCookie)).statusCode).toBe(403);
    expect((await audit('', null)).statusCode).toBe(401);
  });

  it('lists what an administrator did, newest first, with who, before and after', async () => {
    const shop = await createUser({ db: ctx.db, status: 'pending', email: 'audited-shop@example.com' });
    expect((await act('POST', `/users/${shop.id}/approve`)).statusCode).toBe(200);
    expect((await act('PUT', `/users/${shop.id}`, { country: 'GB' })).statusCode).toBe(200);
    expect((await act('PUT', `/users/${shop.id}/role`, { role: 'finance_admin' })).statusCode).toBe(200);

    const res = await audit(`?entityId=${shop.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.entries.map((e: { action: string }) => e.action)).toEqual([
      'user.role_assigned',
      'user.details_updated',
      'user.approved',
    ]);
    expect(page.entries[0]).toMatchObject({
      actor: { type: 'admin', id: root.id, name: 'Root', email: 'root-audit@example.com' },
      entityType: 'user',
      entityId: shop.id,
      before: { adminRole: null },
      after: { adminRole: 'finance_admin' },
      createdAt: expect.any(String),
    });
    expect(page.entries[2]).toMatchObject({ before: { status: 'pending' }, after: { status: 'active' } });
    expect(page.nextCursor).toBeNull();
    expect(page.actions).toEqual(expect.arrayContaining(['user.approved', 'user.role_assigned']));
    expect([...page.actions].sort()).toEqual(page.actions);
  });

  it('filters by action, actor (id or e-mail) and dates, and pages with a cursor', async () => {
    for (let i = 0; i < 3; i++) {
      const u = await createUser({ db: ctx.db, status: 'pending' });
      await act('POST', `/users/${u.id}/approve`);
    }
    const byAction = (await audit('?action=user.approved&limit=2')).json().data;
    expect(byAction.entries).toHaveLength(2);
    expect(byAction.nextCursor).toBe(byAction.entries[1].id);
    const next = (await audit(`?action=user.approved&limit=2&before=${byAction.nextCursor}`)).json().data;
    expect(next.entries.every((e: { id: number }) => e.id < byAction.nextCursor)).toBe(true);
    expect(next.entries.every((e: { action: string }) => e.action === 'user.approved')).toBe(true);

    const byEmail = (await audit('?actor=ROOT-AUDIT@example.com&limit=200')).json().data;
    expect(byEmail.entries.length).toBeGreaterThanOrEqual(4);
    expect(byEmail.entries.every((e: { actor: { id: string } }) => e.actor.id === root.id)).toBe(true);
    expect((await audit('?actor=nobody@example.com')).json().data.entries).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await audit(`?from=${today}&to=${today}&action=user.approved`)).json().data.entries.length,
    ).toBeGreaterThan(0);
    expect((await audit('?to=2000-01-01')).json().data.entries).toEqual([]);
  });

  it('refuses bad filters with the field named', async () => {
    for (const q of [
      '?limit=0',
      '?limit=1000',
      '?from=yesterday',
      '?before=-3',
      '?actorType=robot',
      '?colour=red',
    ]) {
      const res = await audit(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });
});
