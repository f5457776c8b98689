import type { TAdminTransaction, TAdminTransactionList } from '@coinlane/core/api/admin-transactions';
import { T } from '@coinlane/core/texts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPaymentTransfer } from '#app/modules/payments/record-payment-transfer.ts';
import { createUser, signIn, type TestUser } from '#app/test/fixtures.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// Transaction Management (admin spec 2, 3, 5, 7, 8), read side: the list with its filters and tiles, the details
// and Export Details.

let ctx: TestContext;
let root: TestUser;
let rootCookie: string;
let merchantCookie: string;
const roleCookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  root = await createUser({ db: ctx.db, adminRole: 'super_admin' });
  rootCookie = await signIn({ app: ctx.app, userId: root.id });
  roleCookies.super_admin = rootCookie;
  for (const role of ['support_admin', 'finance_admin', 'compliance_admin'] as const) {
    const admin = await createUser({ db: ctx.db, adminRole: role });
    roleCookies[role] = await signIn({ app: ctx.app, userId: admin.id });
  }
  const merchant = await createUser({ db: ctx.db });
  merchantCookie = await signIn({ app: ctx.app, userId: merchant.id });
});
afterAll(() => ctx.close());

/** GET with the super admin's session, another cookie, or none (null: anonymous). */
const get = (url: string, cookie: string | null = rootCookie) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: cookie ? { cookie } : {} });

async function list(query: Record<string, string> = {}, cookie = rootCookie): Promise<TAdminTransactionList> {
  const res = await get(`/transactions?${new URLSearchParams(query)}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const ids = (l: TAdminTransactionList) => l.transactions.map((t) => t.id);

type PaymentOptions = {
  mode?: 'live' | 'test';
  currency?: 'LTC' | 'BTC';
  status?: 'pending' | 'partial' | 'confirmed' | 'failed' | 'expired';
  usd?: string | null;
  email?: string | null;
  createdAt?: Date;
};

/** A payment of `userId` (1 LTC or 0.01 BTC), then set as the test needs it. */
async function payment(userId: string, opts: PaymentOptions = {}) {
  const btc = opts.currency === 'BTC';
  const p = await insertFixedAddressPayment({
    db: ctx.db,
    userId,
    currency: btc ? 'BTC' : 'LTC',
    network: btc ? 'bitcoin' : 'litecoin',
    amount: btc ? '0.01' : '1',
    mode: opts.mode ?? 'live',
    allocation: { address: `addr-${Math.random().toString(36).slice(2)}` },
  });
  const status = opts.status ?? 'pending';
  await ctx.db
    .updateTable('payments')
    .set({
      status,
      usd_amount: opts.usd ?? null,
      customer_email: opts.email ?? null,
      ...(opts.createdAt ? { created_at: opts.createdAt } : {}),
      ...(status === 'confirmed'
        ? { amount_received: sql`amount`, amount_confirmed: sql`amount`, confirmed_at: new Date() }
        : {}),
      ...(status === 'partial' ? { amount_received: sql`amount / 2` } : {}),
    })
    .where('id', '=', p.id)
    .execute();
  return p.id;
}

async function merchantNamed(profile: { business_name?: string | null; name?: string | null }) {
  const u = await createUser({ db: ctx.db });
  await ctx.db
    .updateTable('user_profiles')
    .set({ business_name: profile.business_name ?? null, name: profile.name ?? null })
    .where('id', '=', u.id)
    .execute();
  return u;
}

describe('guards: transactions.read on every route', () => {
  let paymentId: string;
  beforeAll(async () => {
    const shop = await createUser({ db: ctx.db });
    paymentId = await payment(shop.id);
  });
  const routes = () => ['/transactions', `/transactions/${paymentId}`, `/transactions/${paymentId}/export`];

  it.each(['super_admin', 'support_admin', 'finance_admin', 'compliance_admin'])(
    'lets a %s read the list, the details and the export',
    async (role) => {
      for (const url of routes()) expect((await get(url, roleCookies[role])).statusCode, url).toBe(200);
    },
  );

  it('answers 401 to an anonymous caller, before validating the query', async () => {
    for (const url of [...routes(), '/transactions?status=bogus&from=yesterday']) {
      const res = await get(url, null);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers 403 to a merchant, even with a bad query', async () => {
    for (const url of [...routes(), '/transactions?risk=extreme']) {
      const res = await get(url, merchantCookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({
        success: false,
        error: { code: 'FORBIDDEN', message: T.forbidden },
      });
    }
  });

  it('refuses an API key, even an administrator’s with every permission', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { cookie: rootCookie },
      payload: { name: 'admin automation', permissions: ['read', 'write', 'webhook'] },
    });
    expect(created.statusCode).toBe(200);
    for (const url of routes()) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin${url}`,
        headers: { authorization: `Bearer ${created.json().data.key}` },
      });
      expect(res.statusCode, url).toBe(403);
    }
    const exported = await ctx.db
      .selectFrom('audit_log')
      .select('actor_id')
      .where('action', '=', 'transaction.exported')
      .where('entity_id', '=', paymentId)
      .execute();
    // Only the four admins' exports above: the refused calls recorded nothing.
    expect(exported).toHaveLength(4);
  });
});

describe('GET /admin/transactions', () => {
  it('maps every payment status to the spec’s and counts the tiles over the matches', async () => {
    const shop = await merchantNamed({ business_name: 'Status Shop' });
    const made: Record<string, string> = {};
    for (const status of ['pending', 'partial', 'confirmed', 'failed', 'expired'] as const) {
      made[status] = await payment(shop.id, { status, usd: '10.00' });
    }
    const l = await list({ merchant: shop.id });
    const byId = new Map(l.transactions.map((t) => [t.id, t]));
    expect(byId.get(made.confirmed!)).toMatchObject({ status: 'completed', paymentStatus: 'confirmed' });
    expect(byId.get(made.pending!)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect(byId.get(made.partial!)).toMatchObject({
      status: 'pending',
      paymentStatus: 'partial',
      amountReceived: '0.5',
    });
    expect(byId.get(made.failed!)).toMatchObject({ status: 'failed', paymentStatus: 'failed' });
    expect(byId.get(made.expired!)).toMatchObject({ status: 'failed', paymentStatus: 'expired' });
    expect(l.tiles).toEqual({
      totalVolume: '10.00',
      completed: 1,
      pending: 2,
      failed: 2,
      highRisk: 0,
      total: 5,
    });

    expect(ids(await list({ merchant: shop.id, status: 'pending' })).sort()).toEqual(
      [made.pending, made.partial].sort(),
    );
    expect(ids(await list({ merchant: shop.id, status: 'failed' })).sort()).toEqual(
      [made.failed, made.expired].sort(),
    );
    const completed = await list({ merchant: shop.id, status: 'completed' });
    expect(ids(completed)).toEqual([made.confirmed]);
    expect(completed.tiles).toMatchObject({ completed: 1, pending: 0, failed: 0, total: 1 });
    // No payment is refunded until refunds exist: the filter is accepted and matches none.
    const refunded = await list({ merchant: shop.id, status: 'refunded' });
    expect(refunded.transactions).toEqual([]);
    expect(refunded.tiles).toEqual({
      totalVolume: '0.00',
      completed: 0,
      pending: 0,
      failed: 0,
      highRisk: 0,
      total: 0,
    });
    expect(await list({ merchant: shop.id, status: 'all' })).toMatchObject({ tiles: { total: 5 } });
  });

  it('shows a row with its merchant, amounts, customer e-mail, its risk score and flags', async () => {
    const shop = await merchantNamed({ business_name: 'Acme Ltd', name: 'Ada' });
    const id = await payment(shop.id, { status: 'confirmed', usd: '95.10', email: 'Buyer@Example.com' });
    const row = (await list({ merchant: shop.id })).transactions[0]!;
    expect(row).toEqual({
      id,
      mode: 'live',
      customerEmail: 'Buyer@Example.com',
      merchant: { id: shop.id, label: 'Acme Ltd' },
      amountUsd: '95.10',
      cryptoAmount: '1',
      amountReceived: '1',
      amountLate: '0',
      amountRefunded: '0',
      refundState: 'none',
      currency: 'LTC',
      network: 'litecoin',
      status: 'completed',
      paymentStatus: 'confirmed',
      exception: 'none',
      // Scored when it was created, before the test gave it a USD value: unknown amount, 5.
      riskScore: 5,
      fraudFlags: [],
      createdAt: expect.any(String),
      completedAt: expect.any(String),
    } satisfies TAdminTransaction);
  });

  it('labels the merchant by business name, else name, else Unknown Merchant', async () => {
    const named = await merchantNamed({ name: 'Bob Shop' });
    const bare = await merchantNamed({});
    const a = await payment(named.id);
    const b = await payment(bare.id);
    const l = await list();
    expect(l.transactions.find((t) => t.id === a)?.merchant).toEqual({ id: named.id, label: 'Bob Shop' });
    expect(l.transactions.find((t) => t.id === b)?.merchant).toEqual({
      id: bare.id,
      label: T.unknownMerchant,
    });
    expect(l.filterOptions.merchants).toEqual(
      expect.arrayContaining([
        { id: named.id, label: 'Bob Shop' },
        { id: bare.id, label: 'Unknown Merchant' },
      ]),
    );
    expect(l.filterOptions.currencies).toContain('LTC');
  });

  it('lists the newest 100 newest first, counts every match in the tiles, and searches every payment', async () => {
    const shop = await merchantNamed({ business_name: 'Busy Shop' });
    const start = Date.now() - 200 * 60_000;
    const made: string[] = [];
    for (let i = 0; i < 103; i++) {
      made.push(
        await payment(shop.id, {
          status: i % 2 === 0 ? 'confirmed' : 'pending',
          usd: '1.00',
          email: i === 0 ? 'Needle.Customer@Example.org' : `c${i}@example.org`,
          createdAt: new Date(start + i * 60_000),
        }),
      );
    }
    const l = await list({ merchant: shop.id });
    expect(l.limit).toBe(100);
    expect(ids(l)).toEqual(made.slice(3).reverse());
    // The tiles count all 103, not only the 100 listed: 52 confirmed at $1.00, 51 pending.
    expect(l.tiles).toEqual({
      totalVolume: '52.00',
      completed: 52,
      pending: 51,
      failed: 0,
      highRisk: 0,
      total: 103,
    });

    // The oldest payment is not among the 100 listed, and the search reaches it: by e-mail, any case...
    expect(ids(l)).not.toContain(made[0]);
    const byEmail = await list({ search: 'needle.CUSTOMER@example' });
    expect(ids(byEmail)).toEqual([made[0]]);
    expect(byEmail.tiles).toMatchObject({ total: 1, completed: 1, totalVolume: '1.00' });
    // ...and by its id, or a part of it, in any case.
    expect(ids(await list({ search: made[0]!.toUpperCase() }))).toEqual([made[0]]);
    expect(ids(await list({ search: made[0]!.slice(-10) }))).toEqual([made[0]]);
    // Search does not look at anything else (a merchant's name).
    expect((await list({ search: 'Busy Shop' })).transactions).toEqual([]);
  });

  it('counts only completed payments in Total Volume, at what they received and confirmed', async () => {
    const shop = await merchantNamed({ business_name: 'Volume Shop' });
    await payment(shop.id, { status: 'confirmed', usd: '100.10' });
    await payment(shop.id, { status: 'confirmed', usd: '50.00' });
    await payment(shop.id, { status: 'pending', usd: '999.00' });
    await payment(shop.id, { status: 'partial', usd: '999.00' });
    await payment(shop.id, { status: 'failed', usd: '999.00' });
    expect((await list({ merchant: shop.id })).tiles.totalVolume).toBe('150.10');
  });

  it('filters by risk band (low 1-3, medium 4-6, high 7-10) and counts High Risk as a score above 6', async () => {
    const shop = await merchantNamed({ business_name: 'Risk Shop' });
    const byScore = new Map<number, string>();
    for (const score of [1, 3, 4, 6, 7, 10]) {
      const id = await payment(shop.id, { status: 'confirmed', usd: '5.00' });
      await ctx.db.updateTable('payments').set({ risk_score: score }).where('id', '=', id).execute();
      byScore.set(score, id);
    }
    const band = async (risk: string) =>
      (await list({ merchant: shop.id, risk })).transactions.map((t) => t.riskScore).sort();
    expect(await band('low')).toEqual([1, 3]);
    expect(await band('medium')).toEqual([4, 6]);
    expect(await band('high')).toEqual([10, 7]);
    const all = await list({ merchant: shop.id, risk: 'all' });
    expect(all.tiles).toMatchObject({ total: 6, highRisk: 2 });
    const high = await list({ merchant: shop.id, risk: 'high' });
    expect(high.tiles).toMatchObject({ total: 2, highRisk: 2, completed: 2 });
    expect((await list({ merchant: shop.id, risk: 'low' })).tiles.highRisk).toBe(0);
  });

  it('shows live payments by default and test payments with mode=test', async () => {
    const shop = await merchantNamed({ business_name: 'Mode Shop' });
    const live = await payment(shop.id, { mode: 'live' });
    const test = await payment(shop.id, { mode: 'test' });
    expect(ids(await list({ merchant: shop.id }))).toEqual([live]);
    expect(ids(await list({ merchant: shop.id, mode: 'live' }))).toEqual([live]);
    const inTest = await list({ merchant: shop.id, mode: 'test' });
    expect(ids(inTest)).toEqual([test]);
    expect(inTest.transactions[0]?.mode).toBe('test');
  });

  it('filters by dates, merchant, currency and USD amount, all together', async () => {
    const shop = await merchantNamed({ business_name: 'Filter Shop' });
    const other = await merchantNamed({ business_name: 'Other Shop' });
    const day = (d: string, h = 12) => new Date(`${d}T${String(h).padStart(2, '0')}:00:00Z`);
    const jan1 = await payment(shop.id, { usd: '10.00', createdAt: day('2025-01-01') });
    const jan2 = await payment(shop.id, { usd: '20.00', createdAt: day('2025-01-02'), currency: 'BTC' });
    const jan3 = await payment(shop.id, { usd: '30.00', createdAt: day('2025-01-03') });
    const unpriced = await payment(shop.id, { usd: null, createdAt: day('2025-01-02') });
    const elsewhere = await payment(other.id, { usd: '20.00', createdAt: day('2025-01-02') });

    const q = (extra: Record<string, string>) => list({ merchant: shop.id, ...extra }).then(ids);
    expect((await q({ from: '2025-01-02' })).sort()).toEqual([jan2, jan3, unpriced].sort());
    expect((await q({ to: '2025-01-02' })).sort()).toEqual([jan1, jan2, unpriced].sort());
    expect((await q({ from: '2025-01-02', to: '2025-01-02' })).sort()).toEqual([jan2, unpriced].sort());
    // Days of the given time zone: noon UTC on Jan 1 is already Jan 2 in Auckland.
    expect(await q({ from: '2025-01-02', to: '2025-01-02', timeZone: 'Pacific/Auckland' })).toEqual([jan1]);
    expect(await q({ currency: 'btc' })).toEqual([jan2]);
    expect(await q({ currency: 'bitcoin' })).toEqual([jan2]);
    expect((await q({ minAmount: '20' })).sort()).toEqual([jan2, jan3].sort());
    expect((await q({ maxAmount: '20.00' })).sort()).toEqual([jan1, jan2].sort());
    expect(await q({ minAmount: '15', maxAmount: '25', currency: 'LTC' })).toEqual([]);
    expect(await q({ minAmount: '15', maxAmount: '25' })).toEqual([jan2]);
    // Empty values are no filter (the page's cleared inputs).
    expect((await q({ from: '', to: '', minAmount: '', maxAmount: '', currency: '' })).length).toBe(4);
    // Without a merchant, every merchant's.
    const all = ids(await list({ from: '2025-01-02', to: '2025-01-02', minAmount: '20', maxAmount: '20' }));
    expect(all.sort()).toEqual([jan2, elsewhere].sort());
    expect(ids(await list({ merchant: 'usr_nobody' }))).toEqual([]);
  });

  it('refuses bad filters with 400 VALIDATION_ERROR naming the field, never a 500', async () => {
    const cases: [string, string][] = [
      ['status=bogus', 'status'],
      ['risk=extreme', 'risk'],
      ['mode=demo', 'mode'],
      ['from=2025-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['from=2025-01-05&to=2025-01-04', 'to'],
      ['minAmount=abc', 'minAmount'],
      ['maxAmount=-5', 'maxAmount'],
      ['minAmount=1.005', 'minAmount'],
      ['minAmount=50&maxAmount=10', 'maxAmount'],
      ['currency=%24%24', 'currency'],
      [`search=${'x'.repeat(201)}`, 'search'],
      ['timeZone=Mars%2FOlympus', 'timeZone'],
      [`merchant=${'m'.repeat(101)}`, 'merchant'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/transactions?${query}`);
      expect(res.statusCode, query).toBe(400);
      const error = res.json().error;
      expect(error.code, query).toBe('VALIDATION_ERROR');
      expect(Object.keys(error.fields), query).toContain(field);
    }
    const res = await get('/transactions?from=2025-01-05&to=2025-01-04');
    expect(res.json().error.fields.to).toBe(T.dateRangeInvalid);
  });
});

describe('GET /admin/transactions/:id and its export', () => {
  let shop: TestUser;
  let paymentId: string;
  beforeAll(async () => {
    shop = await merchantNamed({ business_name: 'Details Shop' });
    const p = await insertFixedAddressPayment({
      db: ctx.db,
      userId: shop.id,
      currency: 'LTC',
      network: 'litecoin',
      amount: '2',
      requiredConfirmations: 1,
      allocation: { address: 'ltc-details-address' },
    });
    paymentId = p.id;
    await ctx.db
      .updateTable('payments')
      .set({ usd_amount: '200.00', customer_email: 'payer@example.net' })
      .where('id', '=', p.id)
      .execute();
    // 2.5 LTC paid, confirmed: the payment is confirmed (0.5 over) and its platform fee recorded.
    await recordPaymentTransfer({
      deps: ctx.server.payments,
      db: ctx.db,
      paymentId: p.id,
      transfer: {
        txid: 'ab'.repeat(32),
        outputIndex: 1,
        amount: 250_000_000n,
        confirmations: 1,
        seenAt: new Date(),
      },
    });
  });

  it('shows the four sections, the transfers and the audit trail', async () => {
    const res = await get(`/transactions/${paymentId}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.transaction).toMatchObject({
      id: paymentId,
      mode: 'live',
      status: 'completed',
      paymentStatus: 'confirmed',
      exception: 'paid_over',
      currency: 'LTC',
      network: 'litecoin',
      networkName: 'Litecoin',
      address: 'ltc-details-address',
      txHash: 'ab'.repeat(32),
      confirmations: 1,
      requiredConfirmations: 1,
      amounts: {
        due: { crypto: '2', usd: '200.00' },
        received: { crypto: '2.5', usd: '250.00' },
        confirmed: { crypto: '2.5', usd: '250.00' },
        late: { crypto: '0', usd: '0.00' },
        excess: { crypto: '0.5', usd: '50.00' },
      },
    });
    expect(d.transaction.confirmedAt).toEqual(expect.any(String));
    expect(d.merchant).toEqual({ id: shop.id, label: 'Details Shop', email: shop.email });
    expect(d.customer).toEqual({ email: 'payer@example.net', ip: null, country: null });
    // Paid 2.5 of 2 LTC: the overpayment flag; no payer known (the test recorded the transfer without one).
    expect(d.risk).toEqual({
      riskScore: 2,
      fraudFlags: ['overpayment'],
      scoredAt: expect.any(String),
      payerAddresses: [],
    });
    expect(d.approval).toBeNull();
    // The platform fee recorded on confirmation: 1 % of the amount due by default.
    expect(d.fees.platformFee).toMatchObject({
      amount: '0.02',
      currency: 'LTC',
      usd: '2.00',
      status: 'pending',
    });
    expect(d.fees.networkFee).toBeNull();
    expect(d.transfers).toEqual([
      expect.objectContaining({ txid: 'ab'.repeat(32), outputIndex: 1, amount: '2.5', confirmations: 1 }),
    ]);
    const actions = d.auditTrail.map((a: { action: string }) => a.action);
    expect(actions.at(-1)).toBe('payment.created');
    expect(actions.length).toBeGreaterThan(1);
    const times = d.auditTrail.map((a: { createdAt: string }) => Date.parse(a.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers 404 with a clear message for an unknown id', async () => {
    for (const url of ['/transactions/pay_unknown', '/transactions/pay_unknown/export']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: T.transactionNotFound });
    }
    const audited = await ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity_id', '=', 'pay_unknown')
      .execute();
    expect(audited).toEqual([]);
  });

  it('exports the details as a JSON attachment and audits the export', async () => {
    const res = await get(`/transactions/${paymentId}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="transaction-${paymentId}.json"`);
    const file = JSON.parse(res.body);
    expect(file.exportedBy).toBe(root.id);
    expect(Date.parse(file.exportedAt)).not.toBeNaN();
    const details = (await get(`/transactions/${paymentId}`)).json().data;
    expect(file).toEqual({ ...details, exportedAt: file.exportedAt, exportedBy: root.id });
    // The export is the newest entry of the trail it carries.
    expect(file.auditTrail[0]).toMatchObject({
      action: 'transaction.exported',
      actorType: 'admin',
      actorId: root.id,
      entityType: 'payment',
    });
    const rows = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', paymentId)
      .where('action', '=', 'transaction.exported')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: root.id, actor_type: 'admin', mode: 'live' });
  });

  it('answers an id longer than any route parameter with 404, never a 500', async () => {
    const res = await get(`/transactions/${'x'.repeat(101)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
