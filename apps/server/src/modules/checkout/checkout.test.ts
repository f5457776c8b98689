import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxEvents } from '#app/modules/outbox/list-outbox-events.ts';
import { expireDuePayments } from '#app/modules/payments/expire-due-payments.ts';
import { removePaymentTransfer } from '#app/modules/payments/record-payment-transfer.ts';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// No market source in these tests: test mode prices from manual rates set here, else the test prices.

let ctx: TestContext;
let merchant: Merchant;
let admin: Merchant;

beforeAll(async () => {
  ctx = await createTestContext();
  merchant = await createMerchant(ctx, { name: 'Chez Marie' });
  admin = await createMerchant(ctx, { isAdmin: true });
});
afterAll(() => ctx.close());

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
async function newLink(payload: Record<string, unknown> = { fiatAmount: '95.00', currency: 'BTC' }) {
  const res = await merchant.call({ method: 'POST', url: '/api/v1/payment-links', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const getCheckout = (id: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/checkout/${id}` });
const postCheckout = (id: string) => ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${id}` });
const countPayments = async (linkId: string) =>
  Number(
    (
      await ctx.db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('payment_link_id', '=', linkId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /checkout/{linkId}', () => {
  it('shows the merchant and the link without sign-in, and never creates a payment', async () => {
    const link = await newLink({ fiatAmount: '95.00', currency: 'BTC', description: 'Croissants' });
    for (let i = 0; i < 3; i++) {
      const res = await getCheckout(link.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        merchant: { name: 'Chez Marie', website: null, acceptingPayments: true, unavailableReason: null },
        link: {
          id: link.id,
          mode: 'test',
          status: 'active',
          amount: '0.001',
          currency: 'BTC',
          network: 'bitcoin',
          networkName: 'Bitcoin',
          fiatAmount: '95.00',
          fiatCurrency: 'USD',
          description: 'Croissants',
          expiresAt: link.expiresAt,
          returnUrl: null,
        },
        payment: null,
        canStartPayment: true,
        serverTime: expect.any(String),
      });
      // The page counts down on the server's clock, not the device's.
      expect(Math.abs(Date.parse(res.json().data.serverTime) - Date.now())).toBeLessThan(5000);
    }
    expect(await countPayments(link.id)).toBe(0);
  });

  it('names the merchant and the website of their profile, never their sign-in e-mail', async () => {
    const shop = await createMerchant(ctx, { name: 'Brûlerie Atlas' });
    const res = await shop.call({
      method: 'POST',
      url: '/api/v1/payment-links',
      payload: { fiatAmount: '12', currency: 'BTC' },
    });
    const linkId = res.json().data.id;
    const email = (
      await ctx.db.selectFrom('users').select('email').where('id', '=', shop.id).executeTakeFirstOrThrow()
    ).email;
    // Nothing set: the name alone.
    expect((await getCheckout(linkId)).json().data.merchant).toEqual({
      name: 'Brûlerie Atlas',
      website: null,
      acceptingPayments: true,
      unavailableReason: null,
    });
    const saved = await shop.call({
      method: 'PUT',
      url: '/api/v1/merchant/profile',
      payload: { businessName: 'Brûlerie Atlas', website: 'https://atlas-coffee.example/contact' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await ctx.db.updateTable('payment_links').set({ status: 'expired' }).where('id', '=', linkId).execute();
    const view = await getCheckout(linkId);
    expect(view.json().data).toMatchObject({
      merchant: {
        name: 'Brûlerie Atlas',
        website: 'https://atlas-coffee.example/contact',
        acceptingPayments: true,
      },
      link: { status: 'expired' },
      canStartPayment: false,
    });
    expect(view.body).not.toContain(email);
    // A value that is no web address (written before the profile form checked it) is never offered as a link.
    await ctx.db
      .updateTable('user_profiles')
      .set({ website: 'javascript:alert(1)' })
      .where('id', '=', shop.id)
      .execute();
    expect((await getCheckout(linkId)).json().data.merchant.website).toBeNull();
  });

  it('answers 404 with the spec text for an unknown link', async () => {
    for (const res of [await getCheckout('lnk_unknown'), await postCheckout('lnk_unknown')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Payment link not found');
    }
  });
});

describe('POST /checkout/{linkId}', () => {
  it('starts the first attempt once, then returns it', async () => {
    const link = await newLink();
    const first = await postCheckout(link.id);
    expect(first.statusCode).toBe(201);
    const payment = first.json().data.payment;
    expect(payment).toMatchObject({
      id: expect.stringMatching(/^pay_/),
      attempt: 1,
      status: 'pending',
      amount: '0.001',
      amountRemaining: '0.001',
      requiredConfirmations: 1,
    });
    expect(payment.address).toMatch(/^test_bitcoin_/);
    expect(payment.paymentUri).toBe(`bitcoin:${payment.address}?amount=0.001`);
    expect(first.json().data.canStartPayment).toBe(false);

    const again = await postCheckout(link.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.payment.id).toBe(payment.id);
    expect((await getCheckout(link.id)).json().data.payment.id).toBe(payment.id);
    expect(await countPayments(link.id)).toBe(1);

    const row = await ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: merchant.id, mode: 'test', payment_link_id: link.id });
    expect(row.metadata).toEqual({ paymentLinkId: link.id, source: 'payment_widget' });
    // The merchant sees it as the link's attempt.
    const seen = (await merchant.call({ method: 'GET', url: `/api/v1/payment-links/${link.id}` })).json()
      .data;
    expect(seen.payments).toEqual([
      expect.objectContaining({ id: payment.id, attempt: 1, status: 'pending' }),
    ]);
  });

  it('when the price lock lapses with nothing seen, the attempt is re-priced in place: same address, new amount, history kept', async () => {
    const link = await newLink({ fiatAmount: '95.00', currency: 'BTC', expiresInHours: 0 });
    expect(link.expiresAt).toBeNull();
    const first = (await postCheckout(link.id)).json().data.payment;
    expect(first.amount).toBe('0.001'); // 95 USD at the test price of 95000

    // The price moved meanwhile.
    const set = await admin.call({
      method: 'PUT',
      url: '/api/v1/admin/rates/BTC',
      payload: { usdPrice: '190000' },
    });
    expect(set.statusCode).toBe(200);
    const lapsed = later(16 * 60);
    expect(
      await expireDuePayments({ deps: ctx.server.payments, db: ctx.db, now: lapsed }),
    ).toBeGreaterThanOrEqual(1);
    const view = (await getCheckout(link.id)).json().data;
    expect(view.payment).toMatchObject({
      id: first.id,
      attempt: 1,
      status: 'pending',
      amount: '0.0005',
      amountRemaining: '0.0005',
      address: first.address,
      paymentUri: `bitcoin:${first.address}?amount=0.0005`,
    });
    // A new lock from the re-price, as long as the first.
    expect(Date.parse(view.payment.expiresAt) - lapsed.getTime()).toBe(15 * 60_000);
    expect(view.canStartPayment).toBe(false);
    expect(await countPayments(link.id)).toBe(1);

    const row = await ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      amount: '50000',
      rate_source: 'manual',
      locked_crypto_rate: '0.00000526315789473684211',
      derivation_index: null,
    });
    expect(row.rate_locked_at).toEqual(lapsed);

    // Webhooks and live updates hear of the new amount; the merchant sees the history.
    const events = await listOutboxEvents({
      db: ctx.db,
      userId: merchant.id,
      mode: 'test',
      entityId: first.id,
    });
    expect(events.map((e) => e.type)).toEqual(['payment.created', 'payment.updated']);
    expect(events[1]!.payload).toMatchObject({ amount: '0.0005', status: 'pending' });
    const detail = (await merchant.call({ method: 'GET', url: `/api/v1/payments/${first.id}` })).json().data;
    expect(detail.priceChanges).toEqual([
      {
        amountBefore: '0.001',
        amountAfter: '0.0005',
        lockEndedAt: first.expiresAt,
        lockedUntil: view.payment.expiresAt,
        rate: {
          cryptoRate: '0.00000526315789473684211',
          fiatRate: '1',
          source: 'manual',
          lockedAt: lapsed.toISOString(),
        },
        usdAmount: '95.00',
        changedAt: lapsed.toISOString(),
      },
    ]);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity_id', '=', first.id)
      .where('action', '=', 'payment.repriced')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { amount: '100000' }, after: { amount: '50000' } });
    await admin.call({ method: 'DELETE', url: '/api/v1/admin/rates/BTC' });
  });

  it('re-prices on read, by the clock, without waiting for the sweep; a link with an expiry until it ends', async () => {
    const link = await newLink({ fiatAmount: '95.00', currency: 'BTC', expiresInHours: 1 });
    const first = (await postCheckout(link.id)).json().data.payment;
    // The lock lapsed a moment ago; the scheduler's sweep has not run.
    await ctx.db
      .updateTable('payments')
      .set({ expires_at: later(-0.05) })
      .where('id', '=', first.id)
      .execute();
    const status = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/payments/${first.id}/status` })
    ).json().data;
    expect(status.status).toBe('pending');
    expect(Date.parse(status.expiresAt)).toBeGreaterThan(Date.now() + 14 * 60_000);
    const again = await postCheckout(link.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.payment).toMatchObject({
      id: first.id,
      address: first.address,
      status: 'pending',
    });

    // The link itself runs out in 5 minutes: the next lock ends with it, then the attempt expires with it.
    const soon = new Date(Math.ceil((Date.now() + 5 * 60_000) / 1000) * 1000);
    await ctx.db.updateTable('payment_links').set({ expires_at: soon }).where('id', '=', link.id).execute();
    await ctx.db
      .updateTable('payments')
      .set({ expires_at: later(-0.05) })
      .where('id', '=', first.id)
      .execute();
    expect((await getCheckout(link.id)).json().data.payment.expiresAt).toBe(soon.toISOString());
    await expireDuePayments({ deps: ctx.server.payments, db: ctx.db, now: new Date(soon.getTime() + 1000) });
    const ended = await ctx.db
      .selectFrom('payments')
      .select(['status', 'exception'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(ended).toEqual({ status: 'expired', exception: 'none' });
    expect(await countPayments(link.id)).toBe(1);
  });

  it('never re-prices an attempt that has seen a transfer, even one since dropped: it expires, and the first "Try Again" starts the next attempt', async () => {
    const link = await newLink({ fiatAmount: '95.00', currency: 'BTC', expiresInHours: 0 });
    const first = (await postCheckout(link.id)).json().data.payment;
    const sim = await merchant.call({
      method: 'POST',
      url: `/api/v1/payments/${first.id}/simulate`,
      payload: { amount: '0.0004' },
    });
    expect(sim.statusCode, sim.body).toBe(200);
    // The transaction left the mempool: nothing received, but the address has been seen on the chain.
    await removePaymentTransfer({
      deps: ctx.server.payments,
      db: ctx.db,
      paymentId: first.id,
      transferId: sim.json().data.transfer.id,
    });
    expect((await getCheckout(link.id)).json().data.payment).toMatchObject({
      status: 'pending',
      amountReceived: '0',
    });
    // Right after the lock lapsed, before any sweep: the page reads it expired, and the first retry works.
    await ctx.db
      .updateTable('payments')
      .set({ expires_at: later(-0.05) })
      .where('id', '=', first.id)
      .execute();
    const view = (await getCheckout(link.id)).json().data;
    expect(view.payment).toMatchObject({
      id: first.id,
      status: 'expired',
      exception: 'none',
      amount: '0.001',
    });
    expect(view.canStartPayment).toBe(true);
    const retry = await postCheckout(link.id);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.payment).toMatchObject({ attempt: 2, status: 'pending', amount: '0.001' });
    expect(retry.json().data.payment.id).not.toBe(first.id);
    const changes = await ctx.db
      .selectFrom('payment_price_changes')
      .select('id')
      .where('payment_id', '=', first.id)
      .execute();
    expect(changes).toEqual([]);
  });

  it("locks the rate 15 minutes, or until the link's expiry when sooner", async () => {
    const long = await newLink({ fiatAmount: '10', currency: 'ETH', expiresInHours: 1 });
    const p1 = (await postCheckout(long.id)).json().data.payment;
    const window = new Date(p1.expiresAt).getTime() - Date.now();
    expect(window).toBeGreaterThan(14 * 60_000);
    expect(window).toBeLessThanOrEqual(15 * 60_000);

    const short = await newLink({ fiatAmount: '10', currency: 'ETH', expiresInHours: 1 });
    const soon = new Date(Math.ceil((Date.now() + 5 * 60_000) / 1000) * 1000);
    await ctx.db.updateTable('payment_links').set({ expires_at: soon }).where('id', '=', short.id).execute();
    const p2 = (await postCheckout(short.id)).json().data.payment;
    expect(p2.expiresAt).toBe(soon.toISOString());
  });

  it("refuses a new attempt on an expired link with the spec's text", async () => {
    const link = await newLink({ fiatAmount: '10', currency: 'BTC', expiresInHours: 1 });
    await ctx.db
      .updateTable('payment_links')
      .set({ expires_at: later(-1) })
      .where('id', '=', link.id)
      .execute();
    const res = await postCheckout(link.id);
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toEqual({ code: 'EXPIRED', message: 'This payment link has expired' });
    const view = (await getCheckout(link.id)).json().data;
    expect(view).toMatchObject({ link: { status: 'expired' }, payment: null, canStartPayment: false });
    expect(await countPayments(link.id)).toBe(0);
  });

  it('does not replace an attempt that expired with part of the amount paid', async () => {
    const link = await newLink({ fiatAmount: '100', currency: 'USDT', network: 'ethereum' });
    const p = (await postCheckout(link.id)).json().data.payment;
    await merchant.call({
      method: 'POST',
      url: `/api/v1/payments/${p.id}/simulate`,
      payload: { amount: '40' },
    });
    await expireDuePayments({ deps: ctx.server.payments, db: ctx.db, now: later(16 * 60) });
    const res = await postCheckout(link.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'The last payment attempt for this link expired after receiving part of the amount. Please contact the merchant.',
    );
    const view = (await getCheckout(link.id)).json().data;
    expect(view).toMatchObject({
      payment: { status: 'expired', exception: 'paid_partial' },
      canStartPayment: false,
    });
  });

  it('a confirmed payment completes the link, records the fee, and is what the page shows from then on', async () => {
    const link = await newLink({ fiatAmount: '250.00', currency: 'USDC', network: 'avalanche' });
    const p = (await postCheckout(link.id)).json().data.payment;
    expect(p).toMatchObject({ amount: '250', requiredConfirmations: 1 });
    const sim = await merchant.call({ method: 'POST', url: `/api/v1/payments/${p.id}/simulate` });
    expect(sim.statusCode).toBe(200);
    await advanceTestNetwork({ deps: ctx.server.payments, db: ctx.db, now: later(3), blockSeconds: 2 });

    const status = (await ctx.app.inject({ method: 'GET', url: `/api/v1/payments/${p.id}/status` })).json()
      .data;
    expect(status).toMatchObject({
      status: 'confirmed',
      confirmations: 1,
      transactionHash: expect.any(String),
    });
    const seen = (await merchant.call({ method: 'GET', url: `/api/v1/payment-links/${link.id}` })).json()
      .data;
    expect(seen).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    const fee = await ctx.db
      .selectFrom('platform_fees')
      .selectAll()
      .where('payment_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(fee).toMatchObject({ fee_amount: '2500000', fee_usd: '2.50', usd_amount: '250.00' });

    const after = await postCheckout(link.id);
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toMatchObject({
      link: { status: 'completed' },
      payment: { id: p.id, status: 'confirmed' },
    });
    expect(await countPayments(link.id)).toBe(1);

    const events = await listOutboxEvents({ db: ctx.db, userId: merchant.id, mode: 'test', entityId: p.id });
    expect(events.map((e) => e.type)).toEqual(['payment.created', 'payment.updated', 'payment.confirmed']);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('entity_id', '=', link.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'payment_link.created', actor_type: 'user' },
      { action: 'payment_link.completed', actor_type: 'system' },
    ]);
  });

  it('uses the same attempt for an Idempotency-Key replay', async () => {
    const link = await newLink();
    const headers = { 'idempotency-key': 'page-load-1' };
    const a = await ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${link.id}`, headers });
    const b = await ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${link.id}`, headers });
    expect(b.json().data.payment.id).toBe(a.json().data.payment.id);
    expect(b.headers['idempotent-replayed']).toBe('true');
  });
});

describe('a suspended merchant (issue 16)', () => {
  it('starts no new payment on its hosted pages, and still watches and credits the one under way', async () => {
    const shop = await createMerchant(ctx, { name: 'Paused Shop' });
    const mk = async () => {
      const res = await shop.call({
        method: 'POST',
        url: '/api/v1/payment-links',
        payload: { fiatAmount: '20.00', currency: 'LTC' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: string };
    };
    const underWay = await mk();
    const fresh = await mk();
    const open = (await postCheckout(underWay.id)).json().data.payment;
    expect(open.status).toBe('pending');

    const suspended = await admin.call({ method: 'POST', url: `/api/v1/admin/users/${shop.id}/suspend` });
    expect(suspended.statusCode, suspended.body).toBe(200);

    const view = (await getCheckout(fresh.id)).json().data;
    expect(view).toMatchObject({
      merchant: { name: 'Paused Shop', acceptingPayments: false, unavailableReason: 'suspended' },
      payment: null,
      canStartPayment: false,
    });
    const refused = await postCheckout(fresh.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'MERCHANT_UNAVAILABLE',
      message: T.merchantUnavailable,
    });
    expect(await countPayments(fresh.id)).toBe(0);

    // The attempt under way is still the page's payment, and money sent to it is credited.
    const again = await postCheckout(underWay.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.payment.id).toBe(open.id);
    const sim = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${underWay.id}/simulate`,
      payload: {},
    });
    expect(sim.statusCode, sim.body).toBe(200);
    await advanceTestNetwork({ deps: ctx.server.payments, db: ctx.db, now: later(3600), blockSeconds: 2 });
    const status = (await ctx.app.inject({ method: 'GET', url: `/api/v1/payments/${open.id}/status` })).json()
      .data;
    expect(status.status).toBe('confirmed');
    expect(await countPayments(underWay.id)).toBe(1);
  });
});
