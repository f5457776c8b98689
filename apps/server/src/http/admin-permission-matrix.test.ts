import { ADMIN_ROLES, ROLE_PERMISSIONS, type TAdminRole } from '@coinlane/core/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

/**
 * The admin permission matrix (issue 16, admin spec section 6): for every admin operation of the OpenAPI document
 * and each of the four roles, a merchant, an administrator's API key and an anonymous caller, the server allows
 * exactly what the role table says. An operation names the permissions that open it (x-admin-permissions, from its
 * guard: any one of them; none: any administrator). Every call carries made-up ids and a body and query no schema
 * accepts, so an allowed call ends in a 400 or 404 and changes nothing; a refused one is 401 or 403 before that.
 * Each call has a session of its own (Force Logout All Users, allowed to a super admin, ends the others).
 */
let ctx: TestContext;
type Operation = { method: string; path: string; permissions: string[] };
let operations: Operation[] = [];
const users: Partial<Record<TAdminRole | 'merchant', string>> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, { 'x-admin-permissions'?: string[] }>>;
  };
  operations = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/admin/'))
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        permissions: op['x-admin-permissions'] ?? [],
      })),
    );
  for (const role of ADMIN_ROLES) users[role] = (await createUser({ db: ctx.db, adminRole: role })).id;
  users.merchant = (await createUser({ db: ctx.db })).id;
});
afterAll(() => ctx.close());

/**
 * What each admin operation requires, from the admin spec's role table (section 6) and screens (section 2), with
 * this product's documented departure: Fees & Pricing is also open to settings.fees (decision 016). A new admin
 * route must be added here, with the permission the spec gives its screen or action.
 */
const EXPECTED: Record<string, string[]> = {
  'GET /admin/users': ['users.read'],
  'POST /admin/users/{id}/approve': ['users.write'],
  'POST /admin/users/{id}/suspend': ['users.write'],
  'POST /admin/users/bulk': ['users.write'],
  'PUT /admin/users/{id}': ['users.write'],
  'DELETE /admin/users/{id}': ['users.delete'],
  'PUT /admin/users/{id}/role': ['admin.manage'],
  'GET /admin/audit': ['admin.manage'],
  'GET /admin/settings': ['settings.read'],
  'PUT /admin/settings': ['settings.write'],
  'GET /admin/fees': ['settings.read', 'settings.fees'],
  'PUT /admin/fees/{type}': ['settings.write', 'settings.fees'],
  'GET /admin/rates': ['settings.read'],
  'PUT /admin/rates/{symbol}': ['settings.write'],
  'DELETE /admin/rates/{symbol}': ['settings.write'],
  'GET /admin/transactions': ['transactions.read'],
  'GET /admin/transactions/{id}': ['transactions.read'],
  'GET /admin/transactions/{id}/export': ['transactions.read'],
  'POST /admin/maintenance/force-logout': ['system.maintenance'],
  'POST /admin/maintenance/reset-rate-limits': ['system.maintenance'],
  'POST /admin/maintenance/clear-cache': ['system.maintenance'],
  'GET /admin/webhooks': ['support.read'],
  // Support & Operations (decision 018). The Health Monitor is read by the Admin Dashboard, which the spec's route
  // table opens to every administrator with no named permission: [] means any administrator.
  'POST /admin/webhooks/{id}/retry': ['support.write'],
  'POST /admin/webhooks/{id}/disable': ['support.write'],
  'GET /admin/logs': ['support.read'],
  'GET /admin/alerts': ['support.read'],
  'POST /admin/alerts/{id}/resolve': ['support.write'],
  'GET /admin/health': [],
  // KYC documents (decision 019)
  'GET /admin/users/{id}/kyc': ['users.read'],
  'GET /admin/users/{id}/kyc/documents/{documentId}/file': ['users.read'],
  'PUT /admin/users/{id}/kyc': ['users.verify'],
  // Cryptocurrency management (decision 020): settings.read to read, settings.write to change (spec 6).
  'GET /admin/cryptocurrencies': ['settings.read'],
  'GET /admin/cryptocurrencies/stats': ['settings.read'],
  'GET /admin/cryptocurrencies/networks': ['settings.read'],
  'GET /admin/cryptocurrencies/{id}': ['settings.read'],
  'POST /admin/cryptocurrencies': ['settings.write'],
  'POST /admin/cryptocurrencies/bulk-enable': ['settings.write'],
  'PUT /admin/cryptocurrencies/{id}': ['settings.write'],
  'POST /admin/cryptocurrencies/{id}/toggle': ['settings.write'],
  'DELETE /admin/cryptocurrencies/{id}': ['settings.write'],
  // Support tickets (decision 017)
  'GET /admin/support/tickets': ['support.read'],
  'GET /admin/support/summary': ['support.read'],
  'GET /admin/support/tickets/{id}': ['support.read'],
  'POST /admin/support/tickets/{id}/messages': ['support.write'],
  'PUT /admin/support/tickets/{id}/status': ['support.write'],
  // Refunds (decision 022): Issue Refund, and a transaction's refunds in its details.
  'POST /admin/transactions/{id}/refund': ['transactions.refund'],
  'GET /admin/transactions/{id}/refunds': ['transactions.read'],
  // (decision 021)
  'POST /admin/transactions/{id}/approve': ['transactions.write'],
  'GET /admin/transactions/compliance-export': ['reports.compliance'],
};

const urlOf = (path: string) =>
  `/api/v1${path.replace(/\{[^}]+\}/g, 'usr_matrix_missing')}?limit=-1&unexpected=1`;
const badBody = { unexpected: ['\u0000'], role: 42, ids: 'none' };

async function call(op: Operation, headers: Record<string, string>) {
  const res = await ctx.app.inject({
    method: op.method as 'GET',
    url: urlOf(op.path),
    payload: badBody,
    headers,
  });
  return res.statusCode;
}

describe('admin permission matrix', () => {
  it('guards every admin operation with the permission the spec gives it', () => {
    const found = Object.fromEntries(
      operations.map((o) => [`${o.method} ${o.path}`, [...o.permissions].sort()]),
    );
    const expected = Object.fromEntries(Object.entries(EXPECTED).map(([k, v]) => [k, [...v].sort()]));
    expect(found).toEqual(expected);
  });

  it.each(ADMIN_ROLES)('%s may call exactly what its permissions allow', async (role) => {
    const held = ROLE_PERMISSIONS[role] as readonly string[];
    const wrong: string[] = [];
    for (const op of operations) {
      const allowed = op.permissions.length === 0 || op.permissions.some((p) => held.includes(p));
      const cookie = await signIn({ app: ctx.app, userId: users[role]! });
      const status = await call(op, { cookie });
      const refused = status === 401 || status === 403;
      if (allowed === refused) wrong.push(`${op.method} ${op.path} [${op.permissions.join('|')}]: ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a merchant (403), an anonymous caller (401) and an API key, even a super admin’s (403)', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { cookie: await signIn({ app: ctx.app, userId: users.super_admin! }) },
      payload: { name: 'matrix', permissions: ['read', 'write', 'webhook'] },
    });
    const key = created.json().data.key as string;
    const wrong: string[] = [];
    for (const op of operations) {
      const merchant = await call(op, { cookie: await signIn({ app: ctx.app, userId: users.merchant! }) });
      const anonymous = await call(op, {});
      const byKey = await call(op, { authorization: `Bearer ${key}` });
      if (merchant !== 403 || anonymous !== 401 || byKey !== 403)
        wrong.push(`${op.method} ${op.path}: merchant ${merchant}, anonymous ${anonymous}, key ${byKey}`);
    }
    expect(wrong).toEqual([]);
  });
});
