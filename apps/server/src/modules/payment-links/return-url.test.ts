import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxEvents } from '#app/modules/outbox/list-outbox-events.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// A payment link's returnUrl (packages/core/src/return-url.ts): checked strictly, stored normalised, returned with
// the link, its checkout (the hosted page) and the payments made through it; refused with INVALID_RETURN_URL.

let ctx: TestContext;
let alice: Merchant;
let bob: Merchant;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await createMerchant(ctx, { name: 'Chez Marie' });
  bob = await createMerchant(ctx);
});
afterAll(() => ctx.close());

const create = (m: Merchant, payload: Record<string, unknown>) =>
  m.call({ method: 'POST', url: '/api/v1/payment-links', payload });
const update = (m: Merchant, id: string, payload: Record<string, unknown>) =>
  m.call({ method: 'PUT', url: `/api/v1/payment-links/${id}`, payload });
async function created(m: Merchant, payload: Record<string, unknown>) {
  const res = await create(m, { fiatAmount: '25.00', currency: 'BTC', ...payload });
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

const SHOP = 'https://shop.example.com/checkout/order-received/1042/?key=wc_order_Ab%2B1&lang=fr#top';

describe('returnUrl on payment links', () => {
  it('is stored and returned with the link, its list, its checkout and every payment made through it', async () => {
    const link = await created(alice, { returnUrl: SHOP });
    expect(link.returnUrl).toBe(SHOP);
    const read = await alice.call({ method: 'GET', url: `/api/v1/payment-links/${link.id}` });
    expect(read.json().data.returnUrl).toBe(SHOP);
    const list = await alice.call({ method: 'GET', url: '/api/v1/payment-links?limit=100' });
    expect(list.json().data.find((l: { id: string }) => l.id === link.id).returnUrl).toBe(SHOP);

    // The hosted page's public reads carry it, so the page can send the customer back.
    const started = await ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${link.id}` });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().data.link.returnUrl).toBe(SHOP);
    const paymentId = started.json().data.payment.id as string;
    const checkout = await ctx.app.inject({ method: 'GET', url: `/api/v1/checkout/${link.id}` });
    expect(checkout.json().data.link.returnUrl).toBe(SHOP);

    // The payment (API reply and webhook body) names the same address, so a shop reading either finds it.
    const payment = await alice.call({ method: 'GET', url: `/api/v1/payments/${paymentId}` });
    expect(payment.json().data).toMatchObject({ id: paymentId, paymentLinkId: link.id, returnUrl: SHOP });
    const listed = await alice.call({ method: 'GET', url: `/api/v1/payments?paymentLinkId=${link.id}` });
    expect(listed.json().data[0].returnUrl).toBe(SHOP);
    const events = await listOutboxEvents({
      db: ctx.db,
      userId: alice.id,
      mode: 'test',
      entityId: paymentId,
    });
    expect(events[0]?.type).toBe('payment.created');
    expect(events[0]?.payload).toMatchObject({ returnUrl: SHOP });

    // A link without one says null everywhere.
    const plain = await created(alice, {});
    expect(plain.returnUrl).toBeNull();
    const plainCheckout = await ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${plain.id}` });
    expect(plainCheckout.json().data.link.returnUrl).toBeNull();
  });

  it('is stored as a browser reads it (normalised host, trailing slash, encoding), after trimming', async () => {
    const link = await created(alice, { returnUrl: '  HTTPS://Shop.Example.COM:443?q=a  ' });
    expect(link.returnUrl).toBe('https://shop.example.com/?q=a');
    const idn = await created(alice, { returnUrl: 'https://bäckerei.example/danke' });
    expect(idn.returnUrl).toBe('https://xn--bckerei-5wa.example/danke');
  });

  it('accepts plain http to this machine in test mode only, for a shop under development', async () => {
    for (const url of ['http://localhost:8080/done', 'http://127.0.0.1/shop?x=1', 'http://[::1]:3000/']) {
      const link = await created(alice, { returnUrl: url });
      expect(link.returnUrl).toBe(url);
    }
    const live = await alice.inMode('live');
    const before = await countLinks();
    const refused = await create(live, {
      fiatAmount: '5',
      currency: 'USDT',
      network: 'ethereum',
      returnUrl: 'http://localhost:8080/done',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'INVALID_RETURN_URL',
      message: 'In live mode the return URL must use https',
      fields: { returnUrl: 'In live mode the return URL must use https' },
    });
    expect(await countLinks()).toBe(before);
  });

  it.each([
    ['javascript:alert(document.cookie)', 'The return URL must start with https://'],
    ['data:text/html,<script>alert(1)</script>', 'The return URL must start with https://'],
    ['ftp://shop.example.com/file', 'The return URL must start with https://'],
    ['/checkout/order-received/1042', 'Please enter a complete address starting with https://'],
    ['shop.example.com/thanks', 'Please enter a complete address starting with https://'],
    ['https://', 'Please enter a complete address starting with https://'],
    ['https://shop.example.com/a b', 'Please enter a complete address starting with https://'],
    ['https://shop.example.com/\u0007', 'Please enter a complete address starting with https://'],
    ['', 'Please enter a complete address starting with https://'],
    ['https://user:secret@shop.example.com/', 'The return URL must not contain a user name or password'],
    ['https://token@shop.example.com/', 'The return URL must not contain a user name or password'],
    ['http://shop.example.com/thanks', 'The return URL must use https. Plain http is accepted only'],
    ['http://10.0.0.5/thanks', 'The return URL must use https. Plain http is accepted only'],
    ['https://shop.example.com/?coinlane_payment=pay_1', 'must not contain the coinlane_payment parameter'],
    [`https://shop.example.com/${'a'.repeat(2030)}`, 'The return URL must be at most 2048 characters'],
  ])('refuses %j with INVALID_RETURN_URL and creates nothing', async (returnUrl, message) => {
    const before = await countLinks();
    const res = await create(alice, { fiatAmount: '25.00', currency: 'BTC', returnUrl });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('INVALID_RETURN_URL');
    expect(error.message).toContain(message);
    expect(error.fields).toEqual({ returnUrl: error.message });
    expect(await countLinks()).toBe(before);
  });

  it('refuses a URL that only grows past 2048 characters once normalised', async () => {
    // 2040 characters as sent; each space-free "<" becomes %3C (3 characters) in a browser's reading.
    const returnUrl = `https://shop.example.com/?q=${'<'.repeat(2012)}`;
    expect(returnUrl.length).toBeLessThanOrEqual(2048);
    const res = await create(alice, { fiatAmount: '25.00', currency: 'BTC', returnUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_RETURN_URL');
  });

  it('answers VALIDATION_ERROR when something else is wrong too, or when it is not a string', async () => {
    const both = await create(alice, { fiatAmount: '-3', currency: 'BTC', returnUrl: 'javascript:alert(1)' });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.code).toBe('VALIDATION_ERROR');
    expect(both.json().error.fields.returnUrl).toBe('The return URL must start with https://');
    const number = await create(alice, { fiatAmount: '25.00', currency: 'BTC', returnUrl: 42 });
    expect(number.statusCode).toBe(400);
    expect(number.json().error.code).toBe('VALIDATION_ERROR');
    expect(number.json().error.fields).toHaveProperty('returnUrl');
  });

  it('PUT sets, changes and removes it; the open payment follows; a bad one changes nothing', async () => {
    const link = await created(alice, {});
    const started = await ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${link.id}` });
    const paymentId = started.json().data.payment.id as string;

    const set = await update(alice, link.id, { returnUrl: 'https://shop.example.com/thanks' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.returnUrl).toBe('https://shop.example.com/thanks');
    const payment = await alice.call({ method: 'GET', url: `/api/v1/payments/${paymentId}` });
    expect(payment.json().data.returnUrl).toBe('https://shop.example.com/thanks');
    const page = await ctx.app.inject({ method: 'GET', url: `/api/v1/checkout/${link.id}` });
    expect(page.json().data.link.returnUrl).toBe('https://shop.example.com/thanks');

    const bad = await update(alice, link.id, { returnUrl: 'javascript:alert(1)', description: 'New' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_RETURN_URL');
    const unchanged = await alice.call({ method: 'GET', url: `/api/v1/payment-links/${link.id}` });
    expect(unchanged.json().data).toMatchObject({
      returnUrl: 'https://shop.example.com/thanks',
      description: null,
    });

    // Other fields leave it alone.
    const other = await update(alice, link.id, { description: 'Order 7' });
    expect(other.json().data.returnUrl).toBe('https://shop.example.com/thanks');

    const cleared = await update(alice, link.id, { returnUrl: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.returnUrl).toBeNull();
    const after = await alice.call({ method: 'GET', url: `/api/v1/payments/${paymentId}` });
    expect(after.json().data.returnUrl).toBeNull();

    // Another merchant cannot set it on this link.
    const foreign = await update(bob, link.id, { returnUrl: 'https://evil.example/' });
    expect(foreign.statusCode).toBe(404);
    const still = await alice.call({ method: 'GET', url: `/api/v1/payment-links/${link.id}` });
    expect(still.json().data.returnUrl).toBeNull();
  });

  it('payments made through the API have none (no hosted page) and refuse the field', async () => {
    const made = await alice.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '0.001', currency: 'BTC' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.returnUrl).toBeNull();
    const refused = await alice.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '0.001', currency: 'BTC', returnUrl: 'https://shop.example.com/' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('the OpenAPI document describes it on create, update and the replies', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const text = res.body;
    const doc = res.json();
    const body = doc.paths['/payment-links'].post.requestBody.content['application/json'].schema;
    const schema = body.$ref ? doc.components.schemas[body.$ref.split('/').pop()] : body;
    const field = JSON.stringify(schema.properties.returnUrl);
    expect(field).toContain('"maxLength":2048');
    expect(field).toContain('coinlane_payment');
    expect(text).toContain('INVALID_RETURN_URL');
  });
});
