import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { bearer, createKeyFor } from '#app/test/app-with-routes.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

/**
 * The system settings that take effect (decision 020): maintenance_mode (merchant writes refused by session and API
 * key, admins exempt, sign-in kept, hosted pages refuse new attempts and still credit the one under way),
 * max_daily_transactions (live payments per merchant per UTC day), api_version (v2 refused) and
 * password_require_special at a password change.
 */
let ctx: TestContext;
let adminCookie: string;
let merchant: Merchant;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser({ db: ctx.db, adminRole: 'super_admin' });
  adminCookie = await signIn({ app: ctx.app, userId: admin.id });
  merchant = await createMerchant(ctx, { name: 'Corner Shop' });
});
afterAll(() => ctx.close());

const settings = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: { cookie: adminCookie }, payload });
const maintenance = async (on: boolean) => {
  const res = await settings({ general: { maintenance_mode: on } });
  expect(res.statusCode, res.body).toBe(200);
};
const newLink = (who: Merchant = merchant) =>
  who.call({
    method: 'POST',
    url: '/api/v1/payment-links',
    payload: { fiatAmount: '20.00', currency: 'LTC' },
  });
const checkout = (linkId: string, method: 'GET' | 'POST' = 'POST') =>
  ctx.app.inject({ method, url: `/api/v1/checkout/${linkId}` });

describe('maintenance_mode', () => {
  it('refuses merchant writes by session and API key, keeps reads, sign-in and admins working', async () => {
    const key = await createKeyFor({ app: ctx.app, userId: merchant.id });
    const linkBefore = await newLink();
    expect(linkBefore.statusCode).toBe(201);
    const underWay = linkBefore.json().data.id as string;
    const open = (await checkout(underWay)).json().data.payment;
    const fresh = (await newLink()).json().data.id as string;
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/public/overview' })).json().data.maintenanceMode,
    ).toBe(false);

    await maintenance(true);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/public/overview' })).json().data.maintenanceMode,
    ).toBe(true);
    const bySession = await newLink();
    expect(bySession.statusCode).toBe(503);
    expect(bySession.json().error).toMatchObject({ code: 'MAINTENANCE', message: T.maintenanceRefused });
    const byKey = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: bearer(key.key),
      payload: { amount: '0.1', currency: 'LTC' },
    });
    expect(byKey.statusCode).toBe(503);
    expect(byKey.json().error.code).toBe('MAINTENANCE');
    const profile = await merchant.call({
      method: 'PUT',
      url: '/api/v1/merchant/profile',
      payload: { name: 'Renamed' },
    });
    expect(profile.statusCode).toBe(503);
    // the merchant can still ask the operators what is going on
    const ticket = await merchant.call({
      method: 'POST',
      url: '/api/v1/support/tickets',
      payload: {
        title: 'Is it down?',
        category: 'technical',
        priority: 'normal',
        message: 'Links refuse to save.',
      },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    // reads go on, by session and by key
    expect((await merchant.call({ method: 'GET', url: '/api/v1/payment-links' })).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/payments', headers: bearer(key.key) })).statusCode,
    ).toBe(200);
    // sign-in starts (the code is mailed), sign-out works
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nobody@example.com', password: 'Whatever-123' },
    });
    expect(login.statusCode).not.toBe(503);
    // an administrator is exempt: the back-office and their own merchant routes
    const adminLink = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment-links',
      headers: { cookie: adminCookie },
      payload: { fiatAmount: '5.00', currency: 'LTC' },
    });
    expect(adminLink.statusCode, adminLink.body).toBe(201);

    // the hosted page: a new attempt is refused and the page is told why beforehand
    const view = (await checkout(fresh, 'GET')).json().data;
    expect(view).toMatchObject({
      merchant: { acceptingPayments: false, unavailableReason: 'maintenance' },
      canStartPayment: false,
    });
    const refused = await checkout(fresh);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toMatchObject({ code: 'MAINTENANCE', message: T.maintenanceCheckout });
    // the attempt under way is still shown, and money sent to it is credited
    const again = await checkout(underWay);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.payment.id).toBe(open.id);
    const sim = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${underWay}/simulate`,
      payload: {},
    });
    expect(sim.statusCode, sim.body).toBe(200);
    await advanceTestNetwork({
      deps: ctx.server.payments,
      db: ctx.db,
      now: new Date(Date.now() + 3600_000),
      blockSeconds: 2,
    });
    const status = (await ctx.app.inject({ method: 'GET', url: `/api/v1/payments/${open.id}/status` })).json()
      .data;
    expect(status.status).toBe('confirmed');

    await maintenance(false);
    expect((await newLink()).statusCode).toBe(201);
    expect((await checkout(fresh)).statusCode).toBe(201);
  });
});

describe('max_daily_transactions', () => {
  it('stops a merchant’s live payments of the UTC day at the limit; test payments and other merchants are not counted', async () => {
    const shop = await createMerchant(ctx, { name: 'Busy Shop' });
    const other = await createMerchant(ctx, { name: 'Quiet Shop' });
    expect((await settings({ general: { max_daily_transactions: 2 } })).statusCode).toBe(200);
    let n = 0;
    const live = (userId: string) =>
      insertFixedAddressPayment({
        db: ctx.db,
        userId,
        currency: 'LTC',
        network: 'litecoin',
        amount: '0.1',
        allocation: { address: `rltc1daily${userId.slice(-6)}${n++}` },
      });
    // yesterday's payments do not count
    const old = await live(shop.id);
    await ctx.db
      .updateTable('payments')
      .set({ created_at: new Date(Date.now() - 24 * 3600_000) })
      .where('id', '=', old.id)
      .execute();
    await live(shop.id);
    await live(shop.id);
    await expect(live(shop.id)).rejects.toMatchObject({
      code: 'DAILY_LIMIT_REACHED',
      message: T.dailyLimitReached(2),
    });
    // test payments are not counted, nor another merchant's
    const test = await shop.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '0.1', currency: 'LTC' },
    });
    expect(test.statusCode).toBe(201);
    await live(other.id);

    // two at once cannot both take the last slot (two of today's three are used)
    await settings({ general: { max_daily_transactions: 3 } });
    const both = await Promise.allSettled([live(shop.id), live(shop.id)]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const count = await ctx.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', shop.id)
      .where('mode', '=', 'live')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4); // yesterday's and three of today
    await settings({ general: { max_daily_transactions: 1000 } });
  });
});

describe('api_version and password_require_special', () => {
  it('refuses v2 (Beta), which has no API yet', async () => {
    const res = await settings({ api: { api_version: 'v2' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ 'api.api_version': T.apiVersionUnavailable });
  });

  it('asks a special character of a new password while the setting is on, and not once it is off', async () => {
    const user = await createUser({ db: ctx.db });
    const cookie = await signIn({ app: ctx.app, userId: user.id });
    const change = (newPassword: string, currentPassword: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password',
        headers: { cookie },
        payload: { currentPassword, newPassword, confirmPassword: newPassword },
      });
    const refused = await change('PlainPassword1', user.password);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(T.passwordNeedsSpecial);
    await settings({ security: { password_require_special: false } });
    const ok = await change('PlainPassword1', user.password);
    expect(ok.statusCode, ok.body).toBe(200);
    await settings({ security: { password_require_special: true } });
  });
});
