import { T } from '@coinlane/core/texts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { pruneCustomerIps } from '#app/modules/privacy/prune-customer-ips.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// The customer's IP and country (decision 021): recorded when the hosted page starts a payment, as the server sees
// the client (TRUST_PROXY on here: the proxy's X-Forwarded-For), with the country from the offline data of the
// geoip-country package; given by the API's customerIp, or nothing; deleted after the retention period. Kept on the
// payment only: the audit trail of a customer's action names no IP, and every customer's or visitor's IP (payments,
// older audit rows of anonymous actors, the landing page's sales tickets) goes after the same period.

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
async function detailsOf(paymentId: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/admin/transactions/${paymentId}?mode=test`,
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function customerOf(paymentId: string) {
  return (await detailsOf(paymentId)).customer;
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

  it('keeps the customer’s IP off the audit trail of the transaction details and its Export Details', async () => {
    const id = await startFrom('81.2.69.160');
    const details = await detailsOf(id);
    expect(details.customer).toEqual({ email: null, ip: '81.2.69.160', country: 'GB' });
    const created = details.auditTrail.find((a: { action: string }) => a.action === 'payment.created');
    expect(created).toMatchObject({ actorType: 'system', actorId: null, ip: null });
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/transactions/${id}/export?mode=test`,
      headers: { cookie: adminCookie },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain('payment.created');
    // The address appears once: the payment's customer IP, not again in its audit trail.
    expect(exported.body.split('81.2.69.160')).toHaveLength(2);
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
    expect(await pruneCustomerIps({ db: ctx.db, retentionDays: ctx.config.customerIpRetentionDays })).toEqual(
      {
        payments: 1,
        auditRows: 0,
        salesTickets: 0,
      },
    );
    expect(await customerOf(old)).toEqual({ email: null, ip: null, country: 'GB' });
    expect(await customerOf(recent)).toEqual({ email: null, ip: '8.8.8.8', country: 'US' });
    expect(await pruneCustomerIps({ db: ctx.db, retentionDays: 30 })).toEqual({
      payments: 0,
      auditRows: 0,
      salesTickets: 0,
    });
  });

  it('deletes the IP of customers’ audit rows and of sales tickets past the retention period, newer ones kept', async () => {
    const day = 24 * 3600_000;
    const aged = new Date(Date.now() - 31 * day);
    const fresh = new Date(Date.now() - 29 * day);
    // Audit rows as the hosted page and the refund address page wrote them before they stopped recording the IP,
    // and a merchant's own row of the same age (its IP is the security record and stays).
    const audit = async (action: string, actorType: 'system' | 'user', at: Date, ip: string) => {
      await recordAudit({
        db: ctx.db,
        actorId: actorType === 'user' ? merchant.id : null,
        actorType,
        action,
        entityType: 'payment',
        entityId: `pay_prune_${action}_${at.getTime()}`,
        ip,
      });
      await ctx.db
        .updateTable('audit_log')
        .set({ created_at: at })
        .where('entity_id', '=', `pay_prune_${action}_${at.getTime()}`)
        .execute();
      return `pay_prune_${action}_${at.getTime()}`;
    };
    const oldPayer = await audit('payment.created', 'system', aged, '81.2.69.160');
    const oldRefund = await audit('refund.address_given', 'system', aged, '81.2.69.161');
    const newPayer = await audit('payment.created', 'system', fresh, '8.8.8.8');
    const oldMerchant = await audit('payment.cancel', 'user', aged, '203.0.113.9');
    // Two visitors write to sales from the landing page; one of them 31 days ago.
    for (const [ip, name] of [
      ['198.51.100.7', 'Old Visitor'],
      ['198.51.100.8', 'New Visitor'],
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/public/contact-sales',
        headers: { 'x-forwarded-for': ip!, 'user-agent': `Browser of ${name}` },
        payload: { name, email: 'visitor@example.com', company: '', message: 'Hello', website: '' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await ctx.db
      .updateTable('support_tickets')
      .set({ created_at: aged })
      .where('customer_name', '=', 'Old Visitor')
      .execute();

    // The scheduled job, as the webhooks role runs it.
    const job = ctx.server.jobs.find((j) => j.name === 'payments.prune_customer_ips')!;
    await job.handler(
      {},
      {
        db: ctx.db,
        config: ctx.config,
        log: pino({ level: 'silent' }),
        job: { id: 'prune', name: job.name, attempts: 1, maxAttempts: 5 },
      },
    );

    const ipOf = async (entityId: string) =>
      (
        await ctx.db
          .selectFrom('audit_log')
          .select('ip')
          .where('entity_id', '=', entityId)
          .executeTakeFirstOrThrow()
      ).ip;
    expect(await ipOf(oldPayer)).toBeNull();
    expect(await ipOf(oldRefund)).toBeNull();
    expect(await ipOf(newPayer)).toBe('8.8.8.8');
    expect(await ipOf(oldMerchant)).toBe('203.0.113.9');
    const tickets = await ctx.db
      .selectFrom('support_tickets')
      .select(['customer_name', 'customer_email', 'ip', 'user_agent'])
      .where('category', '=', 'sales')
      .orderBy('customer_name')
      .execute();
    expect(tickets).toEqual([
      {
        customer_name: 'New Visitor',
        customer_email: 'visitor@example.com',
        ip: '198.51.100.8',
        user_agent: 'Browser of New Visitor',
      },
      { customer_name: 'Old Visitor', customer_email: 'visitor@example.com', ip: null, user_agent: null },
    ]);
    expect(await pruneCustomerIps({ db: ctx.db, retentionDays: 30 })).toEqual({
      payments: 0,
      auditRows: 0,
      salesTickets: 0,
    });
  });
});
