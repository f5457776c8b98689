import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneCustomerIps } from '#app/modules/payments/prune-customer-ips.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// The customer's IP and country (decision 021): recorded when the hosted page starts a payment, as the server sees
// the client (TRUST_PROXY on here: the proxy's X-Forwarded-For), with the country from the offline data of the
// geoip-country package; given by the API's customerIp, or nothing; deleted after the retention period.

let ctx: TestContext;
let merchant: Merchant;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestContext({ trustProxy: true, customerIpRetentionDays: 30 });
  merchant = await createMerchant(ctx, { name: 'Origin Shop' });
  adminCookie = await signIn({
    app: ctx.app,
    userId: (await createUser({ db: ctx.db, adminRole: 'super_admin' })).id,
  });
});
afterAll(() => ctx.close());

async function startFrom(forwardedFor: string | null) {
  const link = await merchant.call({
    method: 'POST',
    url: '/api/v1/payment-links',
    payload: { amount: '0.001', currency: 'BTC' },
  });
  expect(link.statusCode, link.body).toBe(201);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/checkout/${link.json().data.id}`,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.payment.id as string;
}
async function customerOf(paymentId: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/admin/transactions/${paymentId}?mode=test`,
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.customer;
}

describe('customer IP and country', () => {
  it.each([
    ['a British address', '81.2.69.160', 'GB'],
    ['an American one', '8.8.8.8', 'US'],
    ['the first of a proxy chain (the client)', '2001:4860:4860::8888, 10.0.0.1', 'US'],
    ['a private address: Unknown', '10.1.2.3', T.customerCountryUnknown],
  ])('records the hosted page’s client IP and its country: %s', async (_name, header, country) => {
    const id = await startFrom(header);
    const ip = header.split(',')[0]!.trim();
    expect(await customerOf(id)).toEqual({ email: null, ip, country });
  });

  it('records the direct caller without a proxy header (loopback here: Unknown)', async () => {
    const id = await startFrom(null);
    expect(await customerOf(id)).toEqual({ email: null, ip: '127.0.0.1', country: 'Unknown' });
  });

  it('records nothing for an API payment, unless the API gives the customer’s IP', async () => {
    const create = (payload: Record<string, unknown>) =>
      merchant.call({
        method: 'POST',
        url: '/api/v1/payments',
        payload: { amount: '0.001', currency: 'BTC', ...payload },
        headers: { 'x-forwarded-for': '81.2.69.160' },
      });
    const plain = await create({});
    expect(plain.statusCode, plain.body).toBe(201);
    expect(await customerOf(plain.json().data.id)).toEqual({ email: null, ip: null, country: null });
    const given = await create({ customerIp: '2001:4860:4860::8888' });
    expect(given.statusCode, given.body).toBe(201);
    expect(await customerOf(given.json().data.id)).toEqual({
      email: null,
      ip: '2001:4860:4860::8888',
      country: 'US',
    });
    const bad = await create({ customerIp: '999.1.1.1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: T.customerIpInvalid });
  });

  it('deletes IPs past the retention period and keeps their country (the hourly prune job)', async () => {
    const old = await startFrom('81.2.69.160');
    const recent = await startFrom('8.8.8.8');
    const day = 24 * 3600_000;
    await ctx.db
      .updateTable('payments')
      .set({ created_at: new Date(Date.now() - 31 * day) })
      .where('id', '=', old)
      .execute();
    expect(ctx.server.jobs.map((j) => j.name)).toContain('payments.prune_customer_ips');
    const job = ctx.server.jobs.find((j) => j.name === 'payments.prune_customer_ips')!;
    expect(job.everyMs).toBe(3600_000);
    expect(await pruneCustomerIps({ db: ctx.db, retentionDays: ctx.config.customerIpRetentionDays })).toBe(1);
    expect(await customerOf(old)).toEqual({ email: null, ip: null, country: 'GB' });
    expect(await customerOf(recent)).toEqual({ email: null, ip: '8.8.8.8', country: 'US' });
    expect(await pruneCustomerIps({ db: ctx.db, retentionDays: 30 })).toBe(0);
  });
});
