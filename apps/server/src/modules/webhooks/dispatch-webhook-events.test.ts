import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { dispatchWebhookEvents } from './dispatch-webhook-events.ts';
import { webhookEventBody } from './webhook-event-body.ts';

/**
 * The dispatcher turns a burst of events (a block's payments) into deliveries in one run: each merchant's endpoint
 * gets the events it subscribed to, in the order they happened, each body as the event's own builder makes it.
 * No job worker runs here: the deliveries are read as the dispatcher left them.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ allowPrivateWebhooks: true });
});
afterAll(async () => {
  await ctx?.close();
});

const configure = async (m: Merchant, events: string[]) => {
  const res = await m.call({
    method: 'PUT',
    url: '/api/v1/webhooks/config',
    payload: { url: 'http://127.0.0.1:9/hooks', events },
  });
  expect(res.statusCode, res.body).toBe(200);
};
/** A payment of `amount` BTC; `partly`: that much of it seen on the test network (payment.partial). */
const pay = async (m: Merchant, amount: string, partly?: string) => {
  const res = await m.call({ method: 'POST', url: '/api/v1/payments', payload: { amount, currency: 'BTC' } });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  if (partly) {
    const sim = await m.call({
      method: 'POST',
      url: `/api/v1/payments/${id}/simulate`,
      payload: { amount: partly },
    });
    expect(sim.statusCode, sim.body).toBe(200);
  }
  return id;
};

describe('dispatching a burst of events', () => {
  it("gives each endpoint its subscribed events in order, each body as built alone, another merchant's none", async () => {
    const alice = await createMerchant(ctx, { name: 'Alice Burst' });
    const bob = await createMerchant(ctx, { name: 'Bob Burst' });
    await configure(alice, ['payment.created', 'payment.partial']);
    await configure(bob, ['payment.created']);
    const alices = [await pay(alice, '0.1', '0.05'), await pay(alice, '0.2')];
    const bobs = [await pay(bob, '0.3', '0.1'), await pay(bob, '0.4')];
    const alicesOther = await pay(alice, '0.5', '0.25');

    await dispatchWebhookEvents({ db: ctx.db });

    const deliveries = await ctx.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('outbox_events as e', 'e.id', 'd.event_id')
      .select(['d.user_id', 'd.event_id', 'd.event_type', 'd.body', 'e.entity_id', 'e.seq'])
      .where('d.user_id', 'in', [alice.id, bob.id])
      .orderBy('d.seq')
      .execute();
    const of = (userId: string) => deliveries.filter((d) => d.user_id === userId);
    // Alice: every created and partial event of hers, in the order they happened; Bob: his created events only.
    expect(of(alice.id).map((d) => [d.entity_id, d.event_type])).toEqual([
      [alices[0], 'payment.created'],
      [alices[0], 'payment.partial'],
      [alices[1], 'payment.created'],
      [alicesOther, 'payment.created'],
      [alicesOther, 'payment.partial'],
    ]);
    expect(of(bob.id).map((d) => [d.entity_id, d.event_type])).toEqual([
      [bobs[0], 'payment.created'],
      [bobs[1], 'payment.created'],
    ]);
    const eventSeqs = deliveries.map((d) => Number(d.seq));
    expect(eventSeqs).toEqual([...eventSeqs].sort((a, b) => a - b));
    // Each body as the event's own builder makes it (the payment with its transfers).
    for (const d of deliveries) {
      const event = await ctx.db
        .selectFrom('outbox_events')
        .selectAll()
        .where('id', '=', d.event_id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(d.body)).toEqual(JSON.parse(await webhookEventBody({ db: ctx.db, event })));
    }
    const updated = JSON.parse(of(alice.id)[1]?.body ?? '{}');
    expect(updated.data.transfers).toHaveLength(1);
  });
});
