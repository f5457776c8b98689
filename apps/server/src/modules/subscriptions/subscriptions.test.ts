import type { TPortal, TSubscriber } from '@coinlane/core/api/subscriptions';
import { verifyWebhookSignature } from '@coinlane/core/webhook-signature';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '#app/lib/crypto.ts';
import { listOutboxEvents } from '#app/modules/outbox/list-outbox-events.ts';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { bearer, createKeyFor } from '#app/test/app-with-routes.ts';
import { startWebhooksRole } from '#app/test/jobs.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { linkIn, MAIL_WAIT_MS } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { waitFor } from '#app/test/wait-for.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import { advanceDueSubscriptions } from './advance-due-subscriptions.ts';
import { SUBSCRIBE_LIMITS } from './routes.ts';

// Subscriptions through the HTTP API as a merchant (session and API keys), a customer on the public subscribe page
// and a subscriber in the portal would call them (decision 023). Test mode: invoices are paid through the hosted
// page's calls (POST /checkout/{link}, its simulate) and confirmed by the test network's clock; test prices (no
// rate source). A real SMTP server receives the mails (in test mode, the merchant's own copies); a local HTTP
// receiver stands in for the merchant's webhook endpoint.

let ctx: TestContext;
let alice: Merchant;
let bob: Merchant;
let aliceEmail: string;
let worker: ReturnType<typeof startWebhooksRole>;
const receivers: Array<{ close: () => Promise<void> }> = [];

beforeAll(async () => {
  ctx = await createTestContext({ allowPrivateWebhooks: true, webhookRetryBaseMs: 50 });
  alice = await createMerchant(ctx, { name: 'Alice Shop' });
  bob = await createMerchant(ctx, { name: 'Bob Store' });
  aliceEmail = (
    await ctx.db.selectFrom('users').select('email').where('id', '=', alice.id).executeTakeFirstOrThrow()
  ).email;
  worker = startWebhooksRole(ctx, 20);
});
afterAll(async () => {
  await worker.stop();
  for (const r of receivers) await r.close();
  await ctx.close();
});

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
/** The test network's clock: blocks, so simulated transfers reach their confirmations. */
const confirm = () =>
  advanceTestNetwork({ deps: ctx.server.payments, db: ctx.db, now: later(60), blockSeconds: 2 });

let planSeq = 0;
async function createPlan(m: Merchant, body: Record<string, unknown> = {}) {
  const res = await m.call({
    method: 'POST',
    url: '/api/v1/subscriptions/plans',
    payload: { name: `Plan ${++planSeq}`, price: '10', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; subscribeUrl: string; price: string; currency: string };
}

let emailSeq = 0;
const nextEmail = () => `subscriber${++emailSeq}@example.com`;

let ipSeq = 0;
/** A client IP of its own for each call (the per-IP limit has its own test). */
const nextIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

/** The public subscribe page's call. */
const subscribe = (planId: string, email: string, body: Record<string, unknown> = {}, ip = nextIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/public/subscribe/${planId}`,
    remoteAddress: ip,
    payload: { email, currency: 'BTC', network: 'bitcoin', ...body },
  });

const linkOf = (payUrl: string) => payUrl.split('/payment/')[1]!;

/** Pays an invoice's link as the hosted page does (open, simulate), then confirms it. */
async function payLink(linkId: string, amount?: string) {
  const open = await ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${linkId}` });
  expect([200, 201], open.body).toContain(open.statusCode);
  const sim = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/checkout/${linkId}/simulate`,
    ...(amount ? { payload: { amount } } : { payload: {} }),
  });
  expect(sim.statusCode, sim.body).toBe(200);
  await confirm();
  return open.json().data;
}

async function subscriber(m: Merchant, id: string) {
  const res = await m.call({ method: 'GET', url: `/api/v1/subscriptions/subscribers/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TSubscriber & {
    invoices: Array<{ status: string; period: number; amountDue: string }>;
  };
}

const moveClock = (m: Merchant, id: string, advance: string) =>
  m.call({ method: 'POST', url: `/api/v1/subscriptions/subscribers/${id}/test-clock`, payload: { advance } });

/** A subscription started on the subscribe page and its first invoice paid. */
async function activeSubscription(planId: string, email = nextEmail()) {
  const res = await subscribe(planId, email);
  expect(res.statusCode, res.body).toBe(201);
  const { subscriptionId, payUrl } = res.json().data as { subscriptionId: string; payUrl: string };
  await payLink(linkOf(payUrl));
  return { id: subscriptionId, email };
}

const eventsOf = async (m: Merchant, entityId: string) =>
  (await listOutboxEvents({ db: ctx.db, userId: m.id, mode: 'test', entityId })).map((e) => e.type);

describe('plans', () => {
  it('creates a plan with the defaults, lists it with its subscribe link, and another merchant never sees it', async () => {
    const plan = await createPlan(alice, {
      name: 'Pro',
      description: 'All of it',
      features: ['One', '', '  Two  '],
    });
    expect(plan).toMatchObject({ price: '10', currency: 'USD' });
    const list = await alice.call({ method: 'GET', url: '/api/v1/subscriptions/plans' });
    const listed = list.json().data.find((p: { id: string }) => p.id === plan.id);
    expect(listed).toMatchObject({
      name: 'Pro',
      description: 'All of it',
      interval: 'monthly',
      features: ['One', 'Two'],
      active: true,
      renewalLeadDays: 3,
      graceDays: 7,
      activeSubscribers: 0,
      subscribeUrl: `http://localhost:3000/subscribe/${plan.id}`,
    });
    const bobs = await bob.call({ method: 'GET', url: '/api/v1/subscriptions/plans' });
    expect(bobs.json().data.map((p: { id: string }) => p.id)).not.toContain(plan.id);
    for (const req of [
      { method: 'PUT' as const, url: `/api/v1/subscriptions/plans/${plan.id}`, payload: { active: false } },
      { method: 'DELETE' as const, url: `/api/v1/subscriptions/plans/${plan.id}` },
    ]) {
      const res = await bob.call(req);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Plan not found');
    }
    const live = await alice.inMode('live');
    const liveList = await live.call({ method: 'GET', url: '/api/v1/subscriptions/plans' });
    expect(liveList.json().data).toEqual([]);
  });

  it.each([
    [{ name: '', price: '10' }, 'name', 'Plan name is required'],
    [{ name: 'x'.repeat(101), price: '10' }, 'name', 'Plan name must be at most 100 characters'],
    [{ name: 'A', price: '' }, 'price', 'Price is required'],
    [{ name: 'A', price: '0' }, 'price', 'Please enter a valid price greater than 0'],
    [{ name: 'A', price: '-5' }, 'price', 'Please enter a valid price greater than 0'],
    [{ name: 'A', price: 'abc' }, 'price', 'Please enter a valid price greater than 0'],
    [{ name: 'A', price: '9.999' }, 'price', 'A price in USD has at most 2 decimal places'],
    [
      { name: 'A', price: '0.000000001', currency: 'BTC' },
      'price',
      'A price in BTC has at most 8 decimal places',
    ],
    [{ name: 'A', price: '2000000' }, 'price', 'The price may be at most 1000000 USD'],
    [{ name: 'A', price: '10', currency: 'EUR' }, 'currency', 'Choose a currency: USD, BTC, ETH or USDT'],
    [{ name: 'A', price: '10', interval: 'weekly' }, 'interval', 'Choose an interval: monthly or yearly'],
    [{ name: 'A', price: '10', graceDays: 31 }, 'graceDays', 'The grace period is between 0 and 30 days'],
    [
      { name: 'A', price: '10', renewalLeadDays: -1 },
      'renewalLeadDays',
      'Renewal invoices are sent between 0 and 28 days before the period ends',
    ],
    [
      { name: 'A', price: '10', features: Array(21).fill('f') },
      'features',
      'A plan may list at most 20 features',
    ],
  ])('refuses %j: %s "%s", and creates nothing', async (payload, field, message) => {
    const before = await alice.call({ method: 'GET', url: '/api/v1/subscriptions/plans' });
    const res = await alice.call({ method: 'POST', url: '/api/v1/subscriptions/plans', payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.fields[field]).toBe(message);
    const after = await alice.call({ method: 'GET', url: '/api/v1/subscriptions/plans' });
    expect(after.json().pagination.total).toBe(before.json().pagination.total);
  });

  it('a price is exact in its currency: 0.00012345 BTC and 0.1 ETH are kept as given', async () => {
    expect((await createPlan(alice, { price: '0.00012345', currency: 'btc' })).price).toBe('0.00012345');
    expect((await createPlan(alice, { price: 0.1, currency: 'ETH' })).price).toBe('0.1');
  });

  it('deactivates and reactivates; a deactivated plan takes no new subscriber; the change is audited', async () => {
    const plan = await createPlan(alice);
    const off = await alice.call({
      method: 'PUT',
      url: `/api/v1/subscriptions/plans/${plan.id}`,
      payload: { active: false },
    });
    expect(off.json().data.active).toBe(false);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/v1/public/subscribe/${plan.id}` });
    expect(page.json().data.active).toBe(false);
    const refused = await subscribe(plan.id, nextEmail());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This plan is not open to new subscribers at the moment');
    const on = await alice.call({
      method: 'PUT',
      url: `/api/v1/subscriptions/plans/${plan.id}`,
      payload: { active: true },
    });
    expect(on.json().data.active).toBe(true);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', plan.id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a: { action: string }) => a.action)).toEqual([
      'subscription_plan.created',
      'subscription_plan.deactivated',
      'subscription_plan.activated',
    ]);
  });

  it('refuses to delete a plan with a subscriber still subscribed, and deletes it once the subscriber cancelled', async () => {
    const plan = await createPlan(alice);
    const { id } = await activeSubscription(plan.id);
    const refused = await alice.call({ method: 'DELETE', url: `/api/v1/subscriptions/plans/${plan.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(
      /^This plan has 1 subscriber still subscribed .*deactivate it instead/,
    );
    await alice.call({
      method: 'PUT',
      url: `/api/v1/subscriptions/subscribers/${id}`,
      payload: { action: 'cancel_now' },
    });
    const deleted = await alice.call({ method: 'DELETE', url: `/api/v1/subscriptions/plans/${plan.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const list = await alice.call({ method: 'GET', url: '/api/v1/subscriptions/plans' });
    expect(list.json().data.map((p: { id: string }) => p.id)).not.toContain(plan.id);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/public/subscribe/${plan.id}` })).statusCode,
    ).toBe(404);
    // The cancelled subscriber is still listed, with its plan's name.
    expect((await subscriber(alice, id)).status).toBe('cancelled');
  });

  it('API keys: a read key lists, only a write key creates; another merchant’s key sees nothing', async () => {
    const read = await createKeyFor({ app: ctx.app, userId: alice.id, permissions: ['read'] });
    const write = await createKeyFor({ app: ctx.app, userId: alice.id, permissions: ['read', 'write'] });
    const bobKey = await createKeyFor({ app: ctx.app, userId: bob.id, permissions: ['read', 'write'] });
    const create = (key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/subscriptions/plans',
        headers: bearer(key),
        payload: { name: 'By key', price: '5' },
      });
    expect((await create(read.key)).statusCode).toBe(403);
    const made = await create(write.key);
    expect(made.statusCode, made.body).toBe(201);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/subscriptions/plans',
      headers: bearer(read.key),
    });
    expect(listed.json().data.map((p: { id: string }) => p.id)).toContain(made.json().data.id);
    const bobs = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/subscriptions/subscribers',
      headers: bearer(bobKey.key),
    });
    expect(bobs.json().data).toEqual([]);
  });
});

describe('subscribing and paying', () => {
  it('the subscribe page shows the plan and the coins; subscribing starts an incomplete subscription whose first invoice is a payment link', async () => {
    const plan = await createPlan(alice, { name: 'Newsletter', price: '4.99', features: ['Weekly issue'] });
    const page = await ctx.app.inject({ method: 'GET', url: `/api/v1/public/subscribe/${plan.id}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({
      name: 'Newsletter',
      price: '4.99',
      currency: 'USD',
      interval: 'monthly',
      features: ['Weekly issue'],
      active: true,
      merchantName: 'Alice Shop',
      mode: 'test',
    });
    expect(page.json().data.coins).toContainEqual({
      currency: 'BTC',
      network: 'bitcoin',
      networkName: 'Bitcoin',
    });

    const email = nextEmail();
    const before = ctx.smtp.mails.length;
    const res = await subscribe(plan.id, email);
    expect(res.statusCode, res.body).toBe(201);
    const { subscriptionId, payUrl } = res.json().data;
    expect(payUrl).toMatch(/^http:\/\/localhost:3000\/payment\/lnk_/);
    const sub = await subscriber(alice, subscriptionId);
    expect(sub).toMatchObject({ status: 'incomplete', email, planName: 'Newsletter', nextPaymentAt: null });
    expect(sub.openInvoice).toMatchObject({ period: 0, amount: '4.99', amountDue: '4.99', status: 'open' });
    // The invoice's link holds no address until opened, and is not listed among the merchant's links.
    const linkId = linkOf(payUrl);
    expect(
      await ctx.db.selectFrom('payments').select('id').where('payment_link_id', '=', linkId).execute(),
    ).toEqual([]);
    const links = await alice.call({ method: 'GET', url: '/api/v1/payment-links?limit=100' });
    expect(links.json().data.map((l: { id: string }) => l.id)).not.toContain(linkId);

    // Test mode: the invitation goes to the merchant's own address only, as a test copy.
    const mail = await ctx.smtp.waitForMail(aliceEmail, {
      after: before,
      subject: new RegExp(`Test copy.*${email}`),
    });
    expect(ctx.smtp.mails.slice(before).some((m) => m.to.includes(email))).toBe(false);
    expect(mail.text).toContain(payUrl);
    const portal = linkIn(mail, '/subscription-portal');
    const token = new URL(portal).searchParams.get('token')!;
    const stored = await ctx.db
      .selectFrom('subscription_portal_tokens')
      .select('token_hash')
      .where('subscription_id', '=', subscriptionId)
      .execute();
    expect(stored.map((s) => s.token_hash)).toContain(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    // Paid: active from that moment for one month; the summary counts it.
    await payLink(linkId);
    const active = await subscriber(alice, subscriptionId);
    expect(active.status).toBe('active');
    expect(active.totalPaid).toBe('4.99');
    const start = new Date(active.currentPeriodStart!);
    const end = new Date(active.currentPeriodEnd!);
    const expectedEnd = new Date(start);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(end.getUTCDate()).toBe(expectedEnd.getUTCDate());
    expect(active.nextPaymentAt).toBe(active.currentPeriodEnd);
    expect(await eventsOf(alice, subscriptionId)).toEqual(['subscription.created', 'subscription.activated']);
    const receipts = await waitFor('the receipt', async () => {
      const mine = ctx.smtp.mails.slice(before).filter((m) => m.subject.includes(email));
      return mine.length >= 2 ? mine : undefined;
    });
    expect(receipts.every((m) => m.subject.includes('Newsletter'))).toBe(true);
  });

  it('refuses a second open subscription of one address to a plan, a coin a crypto plan is not priced in, and bad input', async () => {
    const plan = await createPlan(alice);
    const email = nextEmail();
    expect((await subscribe(plan.id, email)).statusCode).toBe(201);
    const again = await subscribe(plan.id, email);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already has a subscription to this plan/);
    const btcPlan = await createPlan(alice, { price: '0.001', currency: 'BTC' });
    const eth = await subscribe(btcPlan.id, nextEmail(), { currency: 'ETH', network: 'ethereum' });
    expect(eth.statusCode).toBe(400);
    expect(eth.json().error.fields.currency).toBe(
      'ETH cannot pay this plan: a plan priced in BTC is paid in BTC',
    );
    const badEmail = await subscribe(plan.id, 'not-an-email');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.fields.email).toBe('Please enter a valid email address');
    expect((await subscribe('plan_missing', nextEmail())).statusCode).toBe(404);
  });

  it('limits new subscriptions per e-mail address across plans (429), and per client IP', async () => {
    const plans = await Promise.all([1, 2, 3, 4].map(() => createPlan(bob)));
    const email = nextEmail();
    for (let i = 0; i < SUBSCRIBE_LIMITS.perAddress; i++) {
      expect((await subscribe(plans[i]!.id, email, {}, '198.51.100.1')).statusCode).toBe(201);
    }
    const over = await subscribe(plans[3]!.id, email, {}, '198.51.100.2');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(
      'Too many subscription requests. Please wait a little before trying again.',
    );
    const ipPlan = await createPlan(bob);
    let refused = 0;
    for (let i = 0; i < SUBSCRIBE_LIMITS.perIp + 1; i++) {
      const res = await subscribe(ipPlan.id, nextEmail(), {}, '198.51.100.99');
      if (res.statusCode === 429) refused++;
    }
    expect(refused).toBe(1);
  });

  it('the merchant enrols an address: an invitation with the first invoice', async () => {
    const plan = await createPlan(alice, { price: '0.0005', currency: 'BTC' });
    const email = nextEmail();
    const res = await alice.call({
      method: 'POST',
      url: '/api/v1/subscriptions/subscribers',
      payload: { planId: plan.id, email },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'incomplete',
      currency: 'BTC',
      network: 'bitcoin',
      networkName: 'Bitcoin',
    });
    expect(res.json().data.openInvoice).toMatchObject({ amountDue: '0.0005', currency: 'BTC' });
    const foreign = await bob.call({
      method: 'POST',
      url: '/api/v1/subscriptions/subscribers',
      payload: { planId: plan.id, email: nextEmail() },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('renewals on the test clock', () => {
  it('a month later the renewal invoice is mailed; paying it moves the next payment date one month', async () => {
    const plan = await createPlan(alice, { name: 'Monthly', price: '20' });
    const { id } = await activeSubscription(plan.id);
    const first = await subscriber(alice, id);
    const before = ctx.smtp.mails.length;
    // A day at a time until past the renewal's issue (3 days before the end), still before the end: 28 days in a
    // 31-day month, 27 in a 30-day one (the first period starts when the test network confirms, a minute ahead).
    const issueAt = Date.parse(first.currentPeriodEnd!) - 3 * 86_400_000;
    let clock = Date.parse(first.testClock!);
    while (clock < issueAt) {
      const moved = await moveClock(alice, id, 'day');
      expect(moved.statusCode).toBe(200);
      clock = Date.parse(moved.json().data.testClock);
    }
    expect(clock).toBeLessThan(Date.parse(first.currentPeriodEnd!));
    const renewing = await subscriber(alice, id);
    expect(renewing.status).toBe('active');
    expect(renewing.openInvoice).toMatchObject({ period: 1, amountDue: '20', dueAt: first.currentPeriodEnd });
    const mail = await ctx.smtp.waitForMail(aliceEmail, {
      after: before,
      subject: /Monthly subscription .*next invoice is ready/,
    });
    expect(mail.text).toContain(renewing.openInvoice!.payUrl!);
    await payLink(linkOf(renewing.openInvoice!.payUrl!));
    const renewed = await subscriber(alice, id);
    expect(renewed.status).toBe('active');
    expect(renewed.openInvoice).toBeNull();
    expect(renewed.currentPeriodStart).toBe(first.currentPeriodEnd);
    const next = new Date(first.currentPeriodEnd!);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(new Date(renewed.nextPaymentAt!).getUTCMonth()).toBe(next.getUTCMonth());
    expect(renewed.totalPaid).toBe('40.00');
    expect(await eventsOf(alice, id)).toEqual([
      'subscription.created',
      'subscription.activated',
      'subscription.renewed',
    ]);
  });

  it('unpaid: past due at the period end, expired when grace runs out; renewable by paying a new invoice', async () => {
    const plan = await createPlan(alice, { name: 'Lapsing', price: '15' });
    const { id } = await activeSubscription(plan.id);
    expect((await moveClock(alice, id, 'period')).json().data.status).toBe('past_due');
    const pastDue = await subscriber(alice, id);
    expect(pastDue.openInvoice?.period).toBe(1);
    expect(pastDue.nextPaymentAt).toBe(pastDue.currentPeriodEnd);
    const payUrl = pastDue.openInvoice!.payUrl!;
    expect((await moveClock(alice, id, 'past_grace')).json().data.status).toBe('expired');
    const expired = await subscriber(alice, id);
    expect(expired.openInvoice).toBeNull();
    expect(expired.invoices.find((i) => i.period === 1)?.status).toBe('void');
    // The void invoice's link takes no new payment.
    const closed = await ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${linkOf(payUrl)}` });
    expect(closed.statusCode).toBe(410);
    expect(await eventsOf(alice, id)).toEqual([
      'subscription.created',
      'subscription.activated',
      'subscription.past_due',
      'subscription.expired',
    ]);
  });

  it('a renewal paid during grace starts the next period at the old period end (grace is not free time)', async () => {
    const plan = await createPlan(alice, { price: '12' });
    const { id } = await activeSubscription(plan.id);
    const first = await subscriber(alice, id);
    await moveClock(alice, id, 'period');
    for (let i = 0; i < 3; i++) await moveClock(alice, id, 'day');
    const pastDue = await subscriber(alice, id);
    expect(pastDue.status).toBe('past_due');
    await payLink(linkOf(pastDue.openInvoice!.payUrl!));
    const renewed = await subscriber(alice, id);
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodStart).toBe(first.currentPeriodEnd);
  });

  it('an overpayment is credit in the plan currency, taken off the next invoice', async () => {
    const plan = await createPlan(alice, { price: '0.001', currency: 'BTC' });
    const res = await subscribe(plan.id, nextEmail());
    const { subscriptionId: id, payUrl } = res.json().data;
    await payLink(linkOf(payUrl), '0.0013');
    const active = await subscriber(alice, id);
    expect(active.status).toBe('active');
    expect(active.credit).toBe('0.0003');
    await moveClock(alice, id, 'period');
    const next = await subscriber(alice, id);
    expect(next.openInvoice).toMatchObject({ amount: '0.001', creditApplied: '0.0003', amountDue: '0.0007' });
    expect(next.credit).toBe('0');
  });

  it('credit covering a whole invoice renews without a payment (a subscriber with credit never expires for lack of one)', async () => {
    const plan = await createPlan(alice, { price: '0.001', currency: 'BTC' });
    const { subscriptionId: id, payUrl } = (await subscribe(plan.id, nextEmail())).json().data;
    await payLink(linkOf(payUrl), '0.0025');
    await moveClock(alice, id, 'period');
    const renewed = await subscriber(alice, id);
    expect(renewed.status).toBe('active');
    expect(renewed.credit).toBe('0.0005');
    expect(renewed.invoices.find((i) => i.period === 1)).toMatchObject({ status: 'paid', amountDue: '0' });
  });

  it('an unpaid first invoice expires the subscription after a day', async () => {
    const plan = await createPlan(alice);
    const { subscriptionId: id } = (await subscribe(plan.id, nextEmail())).json().data;
    expect((await moveClock(alice, id, 'day')).json().data.status).toBe('expired');
  });

  it('refuses bad subscriber calls with their messages, changing nothing', async () => {
    const plan = await createPlan(alice);
    const { subscriptionId: id } = (await subscribe(plan.id, nextEmail())).json().data;
    const bad = await alice.call({
      method: 'PUT',
      url: `/api/v1/subscriptions/subscribers/${id}`,
      payload: { action: 'pause' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.action).toBe(
      'Choose an action: cancel_now, cancel_at_period_end or resume',
    );
    const early = await alice.call({
      method: 'PUT',
      url: `/api/v1/subscriptions/subscribers/${id}`,
      payload: { action: 'cancel_at_period_end' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'This subscription cannot be cancelled at the end of its period while it is incomplete',
    );
    const foreign = await bob.call({
      method: 'PUT',
      url: `/api/v1/subscriptions/subscribers/${id}`,
      payload: { action: 'cancel_now' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await subscriber(alice, id)).status).toBe('incomplete');
    const status = await alice.call({
      method: 'GET',
      url: '/api/v1/subscriptions/subscribers?status=paused',
    });
    expect(status.statusCode).toBe(400);
    const enrol = await alice.call({
      method: 'POST',
      url: '/api/v1/subscriptions/subscribers',
      payload: { planId: plan.id, email: 'x@example.com' },
    });
    expect(enrol.statusCode).toBe(400);
    expect(enrol.json().error.fields.currency).toBeTruthy();
    const live = await alice.inMode('live');
    expect(
      (await live.call({ method: 'GET', url: `/api/v1/subscriptions/subscribers/${id}` })).statusCode,
    ).toBe(404);
  });

  it('the test clock is refused for another merchant’s subscriber and for a bad step', async () => {
    const plan = await createPlan(alice);
    const { subscriptionId: id } = (await subscribe(plan.id, nextEmail())).json().data;
    expect((await moveClock(bob, id, 'day')).statusCode).toBe(404);
    const bad = await moveClock(alice, id, 'week');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.advance).toBe(
      'Choose how far to move the clock: day, period or past_grace',
    );
  });
});

describe('cancelling, the portal', () => {
  async function portalToken(id: string) {
    const plan = await ctx.db
      .selectFrom('subscriptions')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const mails = ctx.smtp.mails.filter((m) => m.to.includes(aliceEmail.toLowerCase()));
    for (const m of mails.reverse()) {
      const link = linkIn(m, '/subscription-portal');
      if (!link) continue;
      const token = new URL(link).searchParams.get('token')!;
      const row = await ctx.db
        .selectFrom('subscription_portal_tokens')
        .select('subscription_id')
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (row?.subscription_id === plan.id) return token;
    }
    throw new Error('no portal link mailed');
  }
  const portal = (token: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/public/subscription-portal?token=${token}` });

  it('the portal shows the subscription; cancel at the period end keeps it active until then, then cancelled', async () => {
    const plan = await createPlan(alice, { name: 'Portal plan', price: '9' });
    const { id } = await activeSubscription(plan.id);
    const token = await waitFor(
      'the portal link',
      () => portalToken(id).catch(() => undefined),
      MAIL_WAIT_MS,
    );
    const view = await portal(token);
    expect(view.statusCode, view.body).toBe(200);
    const shown = view.json().data as TPortal;
    expect(shown).toMatchObject({
      status: 'active',
      merchantName: 'Alice Shop',
      plan: { name: 'Portal plan' },
    });
    expect(shown.paidInvoices).toHaveLength(1);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/subscription-portal/cancel',
      payload: { token, when: 'period_end' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      nextPaymentAt: null,
    });
    // No renewal is issued; at the period end it is cancelled.
    expect((await moveClock(alice, id, 'period')).json().data.status).toBe('cancelled');
    expect((await subscriber(alice, id)).invoices).toHaveLength(1);
    expect(await eventsOf(alice, id)).toEqual([
      'subscription.created',
      'subscription.activated',
      'subscription.cancelled',
    ]);
  });

  it('cancel now from the portal; resume undoes a cancellation at period end (merchant)', async () => {
    const plan = await createPlan(alice);
    const { id } = await activeSubscription(plan.id);
    const put = (action: string) =>
      alice.call({ method: 'PUT', url: `/api/v1/subscriptions/subscribers/${id}`, payload: { action } });
    expect((await put('cancel_at_period_end')).json().data.cancelAtPeriodEnd).toBe(true);
    const resumed = await put('resume');
    expect(resumed.json().data).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(resumed.json().data.nextPaymentAt).not.toBeNull();
    const token = await waitFor(
      'the portal link',
      () => portalToken(id).catch(() => undefined),
      MAIL_WAIT_MS,
    );
    const now = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/subscription-portal/cancel',
      payload: { token, when: 'now' },
    });
    expect(now.json().data.status).toBe('cancelled');
    const again = await put('resume');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This subscription cannot resume while it is cancelled');
  });

  it('an unknown portal token is refused; an expired one is 410', async () => {
    const unknown = await portal('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(
      'This subscription link is not valid. Please use the link from your latest e-mail.',
    );
    const plan = await createPlan(alice);
    const { id } = await activeSubscription(plan.id);
    const token = await waitFor(
      'the portal link',
      () => portalToken(id).catch(() => undefined),
      MAIL_WAIT_MS,
    );
    await ctx.db
      .updateTable('subscription_portal_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', sha256(token))
      .execute();
    expect((await portal(token)).statusCode).toBe(410);
  });

  it('the portal renews an expired subscription with a new invoice', async () => {
    const plan = await createPlan(alice);
    const { id } = await activeSubscription(plan.id);
    await moveClock(alice, id, 'period');
    await moveClock(alice, id, 'past_grace');
    const token = await waitFor(
      'the portal link',
      () => portalToken(id).catch(() => undefined),
      MAIL_WAIT_MS,
    );
    const renew = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/subscription-portal/renew',
      payload: { token },
    });
    expect(renew.statusCode, renew.body).toBe(200);
    const invoice = renew.json().data.openInvoice;
    expect(invoice).toMatchObject({ status: 'open', amountDue: '10' });
    await payLink(linkOf(invoice.payUrl));
    const back = await subscriber(alice, id);
    expect(back.status).toBe('active');
    expect(new Date(back.currentPeriodEnd!).getTime()).toBeGreaterThan(
      new Date(back.currentPeriodStart!).getTime(),
    );
  });
});

describe('the figures and the books', () => {
  it('Monthly Revenue counts active subscribers’ prices per month in USD, a yearly plan as a twelfth', async () => {
    const carol = await createMerchant(ctx, { name: 'Carol' });
    const monthly = await createPlan(carol, { price: '30' });
    const yearly = await createPlan(carol, { price: '120', interval: 'yearly' });
    await createPlan(carol, { price: '99', active: false });
    await activeSubscription(monthly.id);
    await activeSubscription(monthly.id);
    await activeSubscription(yearly.id);
    await subscribe(monthly.id, nextEmail()); // incomplete: not counted
    const res = await carol.call({ method: 'GET', url: '/api/v1/subscriptions/summary' });
    expect(res.json().data).toEqual({
      monthlyRevenueUsd: '70.00',
      activeSubscribers: 3,
      activePlans: 2,
      totalPlans: 3,
    });
    const list = await carol.call({ method: 'GET', url: '/api/v1/subscriptions/subscribers?status=active' });
    expect(list.json().pagination.total).toBe(3);
    const byPlan = await carol.call({
      method: 'GET',
      url: `/api/v1/subscriptions/subscribers?planId=${yearly.id}`,
    });
    expect(byPlan.json().data).toHaveLength(1);
  });

  it('two workers racing over the same due renewals issue each invoice once', async () => {
    const dave = await createMerchant(ctx, { name: 'Dave' });
    const plan = await createPlan(dave, { price: '5' });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await activeSubscription(plan.id)).id);
    // All due: their renewal's time (3 days before the end) made now.
    await ctx.db
      .updateTable('subscriptions')
      .set({ due_at: new Date(Date.now() - 1000) })
      .where('id', 'in', ids)
      .execute();
    await ctx.db
      .updateTable('subscriptions')
      .set((eb) => ({ next_action_at: eb.ref('due_at') }))
      .where('id', 'in', ids)
      .execute();
    const log = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;
    const run = () =>
      advanceDueSubscriptions({
        deps: ctx.server.payments,
        db: ctx.db,
        log,
        maxAgeSeconds: 3600,
        budgetMs: 5000,
      });
    await Promise.all([run(), run()]);
    const invoices = await ctx.db
      .selectFrom('subscription_invoices')
      .select(['subscription_id', 'period'])
      .where('subscription_id', 'in', ids)
      .where('period', '=', 1)
      .execute();
    expect(invoices).toHaveLength(6);
    expect(new Set(invoices.map((i) => i.subscription_id)).size).toBe(6);
  });

  it('a renewal batch takes every due subscription once, also one that fell due behind its position while it ran', async () => {
    const fay = await createMerchant(ctx, { name: 'Fay' });
    const plan = await createPlan(fay, { price: '7' });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await activeSubscription(plan.id)).id);
    const log = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;
    const batch = () =>
      advanceDueSubscriptions({
        deps: ctx.server.payments,
        db: ctx.db,
        log,
        maxAgeSeconds: 3600,
        budgetMs: 20_000,
      });
    // Whatever else this file's database has due is taken first: the batch below finds only these.
    await batch();
    // Six due a minute to 20 s ago in due order (two at the same instant); the seventh not due yet.
    const now = Date.now();
    const agoSeconds = [60, 50, 40, 40, 30, 20];
    for (const [i, ago] of agoSeconds.entries()) {
      const due = new Date(now - ago * 1000);
      await ctx.db
        .updateTable('subscriptions')
        .set({ due_at: due, next_action_at: due })
        .where('id', '=', ids[i]!)
        .execute();
    }
    const [second, late] = [ids[1]!, ids[6]!];
    // While the batch runs, the moment it has renewed the second one, the seventh falls due an hour ago: behind the
    // batch's position, as a test clock moved in another request would leave it. A trigger, so that the change
    // lands between two of the batch's takes on both engines.
    await sql`
      CREATE FUNCTION test_fall_due_behind() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE subscriptions SET due_at = now() - interval '1 hour', next_action_at = now() - interval '1 hour'
        WHERE id = TG_ARGV[0];
        RETURN NULL;
      END $$`.execute(ctx.db);
    await sql`
      CREATE TRIGGER test_fall_due_behind AFTER UPDATE OF due_at ON subscriptions
      FOR EACH ROW WHEN (OLD.id = ${sql.lit(second)} AND NEW.due_at IS DISTINCT FROM OLD.due_at)
      EXECUTE FUNCTION test_fall_due_behind(${sql.lit(late)})`.execute(ctx.db);
    let result: Awaited<ReturnType<typeof batch>>;
    try {
      result = await batch();
    } finally {
      await sql`DROP TRIGGER test_fall_due_behind ON subscriptions`.execute(ctx.db);
      await sql`DROP FUNCTION test_fall_due_behind()`.execute(ctx.db);
    }
    // Seven takes, one per subscription: none missed, none taken twice.
    expect(result).toEqual({ advanced: 7, more: false });
    const invoices = await ctx.db
      .selectFrom('subscription_invoices')
      .select(['subscription_id', 'period'])
      .where('subscription_id', 'in', ids)
      .execute();
    const renewals = invoices.filter((i) => i.period === 1);
    expect(renewals).toHaveLength(7);
    expect(new Set(renewals.map((i) => i.subscription_id)).size).toBe(7);
    expect(invoices.filter((i) => i.period > 1)).toEqual([]);
    const rows = await ctx.db
      .selectFrom('subscriptions')
      .select(['next_action', 'due_at'])
      .where('id', 'in', ids)
      .execute();
    for (const row of rows) {
      expect(row.next_action).toBe('end_period');
      expect(row.due_at!.getTime()).toBeGreaterThan(now);
    }
  });

  it('subscription events reach the merchant’s endpoint signed, like payment events', async () => {
    const erin = await createMerchant(ctx, { name: 'Erin' });
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const cfg = await erin.call({
      method: 'PUT',
      url: '/api/v1/webhooks/config',
      payload: { url: receiver.url, events: ['subscription.activated', 'invoice.created'] },
    });
    expect(cfg.statusCode, cfg.body).toBe(200);
    const secret = cfg.json().data.secret as string;
    const plan = await createPlan(erin);
    const { id } = await activeSubscription(plan.id);
    const got = await waitFor('two deliveries', async () =>
      receiver.received.length >= 2 ? receiver.received : undefined,
    );
    const types = got.map((r) => JSON.parse(r.body).type as string).sort();
    expect(types).toEqual(['invoice.created', 'subscription.activated']);
    for (const r of got) {
      expect(verifyWebhookSignature(r.body, r.headers['coinlane-signature'] as string, secret).ok).toBe(true);
    }
    const activated = got.find((r) => JSON.parse(r.body).type === 'subscription.activated')!;
    expect(JSON.parse(activated.body).data).toMatchObject({ id, status: 'active', planId: plan.id });
  });

  it('deleting a merchant’s account cancels its running subscriptions and closes its plans', async () => {
    const admin = await createMerchant(ctx, { name: 'Admin', isAdmin: true });
    const frank = await createMerchant(ctx, { name: 'Frank' });
    const plan = await createPlan(frank);
    const { id } = await activeSubscription(plan.id);
    const { subscriptionId: pending } = (await subscribe(plan.id, nextEmail())).json().data;
    const del = await admin.call({ method: 'DELETE', url: `/api/v1/admin/users/${frank.id}` });
    expect(del.statusCode, del.body).toBe(200);
    const rows = await ctx.db
      .selectFrom('subscriptions')
      .select(['id', 'status', 'open_invoice_id', 'due_at'])
      .where('id', 'in', [id, pending])
      .execute();
    expect(rows.map((r) => [r.status, r.open_invoice_id, r.due_at])).toEqual([
      ['cancelled', null, null],
      ['cancelled', null, null],
    ]);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/v1/public/subscribe/${plan.id}` });
    expect(page.json().data.active).toBe(false);
    expect(await eventsOf(frank, id)).toContain('subscription.cancelled');
  });
});
