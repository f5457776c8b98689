import { randomId } from '@coinlane/core/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { expireDuePaymentLinks } from './expire-due-payment-links.ts';

// No rate source is configured: test mode prices from the built-in test prices (BTC 95000 USD, USDT 1).

let ctx: TestContext;
let alice: Merchant;
let bob: Merchant;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await createMerchant(ctx);
  bob = await createMerchant(ctx);
});
afterAll(() => ctx.close());

const create = (m: Merchant, payload: Record<string, unknown>) =>
  m.call({ method: 'POST', url: '/api/v1/payment-links', payload });
async function created(m: Merchant, payload: Record<string, unknown>) {
  const res = await create(m, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const countLinks = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('payment_links')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /payment-links', () => {
  it('prices a fiat amount, records the rate with every metadata field of the spec, expires in 24 h', async () => {
    const before = Date.now();
    const link = await created(alice, {
      fiatAmount: '100.00',
      fiatCurrency: 'USD',
      currency: 'BTC',
      description: 'T-shirt',
    });
    expect(link).toMatchObject({
      id: expect.stringMatching(/^lnk_[a-z2-7]{26}$/),
      merchantId: alice.id,
      mode: 'test',
      amount: '0.00105264',
      currency: 'BTC',
      network: 'bitcoin',
      networkName: 'Bitcoin',
      fiatAmount: '100.00',
      fiatCurrency: 'USD',
      description: 'T-shirt',
      status: 'active',
      completedAt: null,
      payments: [],
    });
    expect(link.url).toBe(`http://localhost:3000/payment/${link.id}`);
    const expiry = new Date(link.expiresAt).getTime() - before;
    expect(expiry).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(expiry).toBeLessThanOrEqual(24 * 3600_000 + 5000);
    expect(link.metadata).toEqual({
      createdVia: 'dashboard',
      currency: 'BTC',
      network: 'bitcoin',
      networkName: 'Bitcoin',
      fiatAmount: '100.00',
      fiatCurrency: 'USD',
      lockedExchangeRate: '0.0000105263157894736842',
      lockedFiatRate: '1',
      lockedCryptoAmount: '0.00105264',
      usdEquivalent: '100.00',
      rateLockedAt: link.createdAt,
      rateSource: 'test-prices',
      expiresInHours: 24,
      paymentLinkId: link.id,
      source: 'payment_link',
    });
  });

  it('rounds 2-decimal coins up to cents: 10 EUR in USDT', async () => {
    const link = await created(alice, {
      fiatAmount: 10,
      fiatCurrency: 'EUR',
      currency: 'tether',
      network: 'polygon',
    });
    expect(link).toMatchObject({ amount: '11.77', decimals: 6, fiatAmount: '10.00', network: 'polygon' });
    expect(link.metadata).toMatchObject({ lockedFiatRate: '0.85', usdEquivalent: '11.76' });
  });

  it("accepts the spec client's shape: a crypto amount, full coin name, expiresAt and metadata", async () => {
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    const link = await created(alice, {
      merchantId: alice.id,
      amount: '0.5',
      currency: 'ethereum',
      network: 'ethereum',
      description: 'Donation',
      expiresAt,
      metadata: { fiatAmount: '1750', orderRef: 'A-1', lockedExchangeRate: 'client value' },
    });
    expect(link).toMatchObject({ amount: '0.5', currency: 'ETH', fiatAmount: null, expiresAt });
    // The merchant's own keys are kept; the server's fields win.
    expect(link.metadata).toMatchObject({
      orderRef: 'A-1',
      lockedExchangeRate: null,
      fiatAmount: null,
      lockedCryptoAmount: '0.5',
    });
  });

  it('never expires with expiresInHours 0', async () => {
    const link = await created(alice, { fiatAmount: '5', currency: 'LTC', expiresInHours: 0 });
    expect(link.expiresAt).toBeNull();
    expect(link.metadata.expiresInHours).toBe(0);
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['no amount', { currency: 'BTC' }, 400, 'Please enter a valid payment amount'],
    ['a zero amount', { fiatAmount: 0, currency: 'BTC' }, 400, 'Please enter a valid payment amount'],
    [
      'a text that is not a number',
      { fiatAmount: 'ten', currency: 'BTC' },
      400,
      'Please enter a valid payment amount',
    ],
    [
      'a JSON number as crypto amount',
      { amount: 0.5, currency: 'ETH' },
      400,
      'Crypto amounts must be sent as decimal strings such as "0.00123456", not as JSON numbers',
    ],
    ['no currency', { fiatAmount: '5' }, 400, 'Please select a cryptocurrency'],
    ['USDT without network', { fiatAmount: '5', currency: 'USDT' }, 400, 'Please select a network for USDT'],
    [
      'USDC on tron',
      { fiatAmount: '5', currency: 'USDC', network: 'tron' },
      400,
      'USDC is not available on the tron network',
    ],
    [
      'an expiry choice not offered',
      { fiatAmount: '5', currency: 'BTC', expiresInHours: 5 },
      400,
      'Expiry must be 1, 24, 72 or 168 hours, or 0 for never',
    ],
    [
      'two expiries',
      { fiatAmount: '5', currency: 'BTC', expiresInHours: 1, expiresAt: '2030-01-01T00:00:00Z' },
      400,
      'Please give either expiresInHours or expiresAt, not both',
    ],
    [
      'a past expiry',
      { fiatAmount: '5', currency: 'BTC', expiresAt: '2020-01-01T00:00:00Z' },
      400,
      'The expiry must be in the future',
    ],
    [
      'yen with decimals',
      { fiatAmount: '5.5', fiatCurrency: 'JPY', currency: 'BTC' },
      400,
      'JPY amounts must be whole numbers',
    ],
    [
      'metadata too large',
      { fiatAmount: '5', currency: 'BTC', metadata: { x: 'y'.repeat(5000) } },
      400,
      'Metadata must be a JSON object of at most 4096 bytes',
    ],
  ])('refuses %s, creating nothing', async (_name, payload, status, message) => {
    const before = await countLinks();
    const res = await create(alice, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
    expect(await countLinks()).toBe(before);
  });

  it("refuses a coin no source can price with the spec's text", async () => {
    // A coin an admin added without any rate (and no test price): nothing can price it.
    await ctx.db
      .insertInto('supported_cryptocurrencies')
      .values({
        id: randomId('cur'),
        symbol: 'XMR',
        name: 'Monero',
        network: 'other',
        decimals: 12,
        required_confirmations: 10,
      })
      .execute();
    const res = await create(alice, { fiatAmount: '5', currency: 'XMR' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: 'RATE_UNAVAILABLE',
      message: 'Exchange rate not available for XMR. Please try a different currency.',
    });
    // A crypto amount needs no rate.
    const byAmount = await created(alice, { amount: '1.5', currency: 'XMR' });
    expect(byAmount.metadata.usdEquivalent).toBeNull();
  });

  it("refuses anonymous callers with the spec's text, and live mode for now", async () => {
    const anon = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment-links',
      payload: { fiatAmount: '5', currency: 'BTC' },
    });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.message).toBe('You must be logged in to create payment links');
    const live = await alice.inMode('live');
    const refused = await create(live, { fiatAmount: '5', currency: 'USDT', network: 'ethereum' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('NETWORK_NOT_CONFIGURED');
  });
});

describe('reading and updating links', () => {
  it('lists own links of the mode, newest first, with limit, status filter and pagination', async () => {
    const carol = await createMerchant(ctx);
    const a = await created(carol, { fiatAmount: '1', currency: 'BTC' });
    const b = await created(carol, { fiatAmount: '2', currency: 'ETH', expiresInHours: 1 });
    await created(bob, { fiatAmount: '3', currency: 'BTC' });
    const list = (await carol.call({ method: 'GET', url: '/api/v1/payment-links?limit=10' })).json();
    expect(list.data.map((l: { id: string }) => l.id)).toEqual([b.id, a.id]);
    expect(list.pagination).toEqual({ limit: 10, offset: 0, total: 2, hasMore: false });
    await ctx.db
      .updateTable('payment_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', b.id)
      .execute();
    const expired = (await carol.call({ method: 'GET', url: '/api/v1/payment-links?status=expired' })).json();
    expect(expired.data.map((l: { id: string; status: string }) => [l.id, l.status])).toEqual([
      [b.id, 'expired'],
    ]);
    const active = (await carol.call({ method: 'GET', url: '/api/v1/payment-links?status=active' })).json();
    expect(active.data.map((l: { id: string }) => l.id)).toEqual([a.id]);
    // The sweep then stores what readers already saw.
    expect(await expireDuePaymentLinks({ db: ctx.db })).toBeGreaterThanOrEqual(1);
    const row = await ctx.db
      .selectFrom('payment_links')
      .select('status')
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    const live = await carol.inMode('live');
    expect((await live.call({ method: 'GET', url: '/api/v1/payment-links' })).json().data).toEqual([]);
  });

  it("answers 404 for another merchant's link on read and update, changing nothing", async () => {
    const link = await created(alice, { fiatAmount: '1', currency: 'BTC', description: 'mine' });
    const read = await bob.call({ method: 'GET', url: `/api/v1/payment-links/${link.id}` });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({
      success: false,
      data: null,
      error: { message: 'Payment link not found', code: 'NOT_FOUND' },
    });
    const put = await bob.call({
      method: 'PUT',
      url: `/api/v1/payment-links/${link.id}`,
      payload: { description: 'theirs' },
    });
    expect(put.statusCode).toBe(404);
    const mine = (await alice.call({ method: 'GET', url: `/api/v1/payment-links/${link.id}` })).json().data;
    expect(mine.description).toBe('mine');
  });

  it('PUT changes the description and metadata, switches the link off and on again', async () => {
    const link = await created(alice, { fiatAmount: '1', currency: 'BTC', expiresInHours: 1 });
    const put = (payload: Record<string, unknown>) =>
      alice.call({ method: 'PUT', url: `/api/v1/payment-links/${link.id}`, payload });

    const described = await put({ description: 'New text', metadata: { sku: 'X1', currency: 'DOGE' } });
    expect(described.statusCode).toBe(200);
    expect(described.json().data).toMatchObject({
      description: 'New text',
      metadata: { sku: 'X1', currency: 'BTC' },
    });

    const off = await put({ status: 'expired' });
    expect(off.json().data.status).toBe('expired');
    const on = await put({ status: 'active' });
    expect(on.json().data.status).toBe('active');

    // Past its expiry, reactivation needs a new one.
    await ctx.db
      .updateTable('payment_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', link.id)
      .execute();
    const refused = await put({ status: 'active' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This payment link has expired: give a new expiry to reactivate it',
    );
    const renewed = await put({ status: 'active', expiresInHours: 72 });
    expect(renewed.json().data).toMatchObject({ status: 'active', metadata: { expiresInHours: 72 } });

    for (const [payload, message] of [
      [{}, 'Nothing to update'],
      [{ status: 'completed' }, 'Invalid option: expected one of "active"|"expired"'],
      [{ amount: '2' }, 'Unrecognized key: "amount"'],
    ] as const) {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', link.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'payment_link.created',
      'payment_link.updated',
      'payment_link.updated',
      'payment_link.updated',
      'payment_link.updated',
    ]);
  });
});
