import { verifyWebhookSignature } from '@coinlane/core/webhook-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { type ReceivedWebhook, startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import { deliverNextWebhook } from './deliver-next-webhook.ts';
import { dispatchWebhookEvents } from './dispatch-webhook-events.ts';

// A rotated secret keeps signing beside the new one for 24 hours (decision 004). Deliveries are made by calling the
// delivery step directly (no worker), so the test clock (`now`) decides which secrets are active; every POST goes
// over a real socket to a receiver on 127.0.0.1.
let ctx: TestContext;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let support: Merchant['call'];
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestContext({ allowPrivateWebhooks: true, webhookRetryBaseMs: 60_000 });
  receiver = await startWebhookReceiver();
  const admin = await createUser({ db: ctx.db, adminRole: 'support_admin' });
  const cookie = await signIn({ app: ctx.app, userId: admin.id });
  support = (o) => ctx.app.inject({ ...o, headers: { cookie, ...(o.headers ?? {}) } });
});
afterAll(async () => {
  await receiver.close();
  await ctx.close();
});

/** Every reply body the tests received, and each rotated-out secret with the first reply after its rotation. */
const replies: string[] = [];
const retired: Array<{ secret: string; from: number }> = [];
const call = async (m: Merchant, o: Parameters<Merchant['call']>[0]) => {
  const res = await m.call(o);
  replies.push(res.body);
  return res;
};

async function setUp() {
  const m = await createMerchant(ctx);
  const res = await call(m, {
    method: 'PUT',
    url: '/api/v1/webhooks/config',
    payload: { url: receiver.url, events: ['payment.created'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  const endpoint = await ctx.db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('user_id', '=', m.id)
    .executeTakeFirstOrThrow();
  return { m, secret: res.json().data.secret as string, endpointId: endpoint.id };
}

async function rotate(m: Merchant, current: string): Promise<string> {
  retired.push({ secret: current, from: replies.length });
  const res = await call(m, { method: 'POST', url: '/api/v1/webhooks/config/rotate-secret' });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  expect(Object.keys(data)).toEqual(['secret']); // the new secret, nothing else
  return data.secret;
}

const config = async (m: Merchant) =>
  (await call(m, { method: 'GET', url: '/api/v1/webhooks/config' })).json().data as {
    secret: string;
    previousSecretExpiresAt: string | null;
  };

/** A payment.created event for the merchant, delivered once at `now` to the receiver; the request received. */
async function deliverPaymentEvent(
  m: Merchant,
  endpointId: string,
  now = new Date(),
): Promise<ReceivedWebhook> {
  const before = receiver.received.length;
  const res = await call(m, {
    method: 'POST',
    url: '/api/v1/payments',
    payload: { amount: '0.1', currency: 'BTC' },
  });
  expect(res.statusCode, res.body).toBe(201);
  await dispatchWebhookEvents({ db: ctx.db });
  const outcome = await deliverNextWebhook({ db: ctx.db, config: ctx.config, endpointId, now: () => now });
  expect(outcome).toMatchObject({ kind: 'sent', ok: true, outcome: 'delivered' });
  expect(receiver.received.length).toBe(before + 1);
  return receiver.received[before]!;
}

const v1Values = (r: ReceivedWebhook) =>
  String(r.headers['coinlane-signature'])
    .split(',')
    .filter((p) => p.startsWith('v1='));

/** Which of `secrets` each v1 value of the request verifies with, in the header's order. */
function signers(r: ReceivedWebhook, secrets: Record<string, string>): string[] {
  const header = String(r.headers['coinlane-signature']);
  const t = header.split(',').find((p) => p.startsWith('t='))!;
  return v1Values(r).map((v1) => {
    const names = Object.entries(secrets)
      .filter(([, s]) => verifyWebhookSignature(r.body, `${t},${v1}`, s).ok)
      .map(([name]) => name);
    expect(names.length, `${v1} verifies with exactly one secret`).toBe(1);
    return names[0]!;
  });
}

describe('a webhook secret rotation', () => {
  it('signs each delivery with the new and the old secret for 24 hours, then with the new one only', async () => {
    const { m, secret: old, endpointId } = await setUp();
    expect((await config(m)).previousSecretExpiresAt).toBeNull();
    const before = await deliverPaymentEvent(m, endpointId);
    expect(v1Values(before)).toHaveLength(1);

    const rotatedAt = Date.now();
    const fresh = await rotate(m, old);
    expect(fresh).not.toBe(old);
    const got = await config(m);
    expect(got.secret).toBe(fresh);
    const expiry = Date.parse(got.previousSecretExpiresAt!);
    expect(Math.abs(expiry - (rotatedAt + DAY_MS))).toBeLessThan(5_000);

    // A real delivery right after: `t=...,v1=<new>,v1=<old>`; a receiver holding either secret accepts it.
    const during = await deliverPaymentEvent(m, endpointId);
    expect(String(during.headers['coinlane-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(signers(during, { fresh, old })).toEqual(['fresh', 'old']);
    expect(verifyWebhookSignature(during.body, String(during.headers['coinlane-signature']), old).ok).toBe(
      true,
    );
    expect(verifyWebhookSignature(during.body, String(during.headers['coinlane-signature']), fresh).ok).toBe(
      true,
    );
    // Still both a minute before the end of the 24 hours.
    const late = await deliverPaymentEvent(m, endpointId, new Date(expiry - 60_000));
    expect(signers(late, { fresh, old })).toEqual(['fresh', 'old']);

    // After the 24 hours (the test clock of the delivery step): the new secret only; the old one fails.
    const after = await deliverPaymentEvent(m, endpointId, new Date(expiry + 60_000));
    expect(signers(after, { fresh, old })).toEqual(['fresh']);
    expect(verifyWebhookSignature(after.body, String(after.headers['coinlane-signature']), old).ok).toBe(
      false,
    );
  });

  it('signs test events, the merchant’s resends and Webhook Monitoring’s retries with both secrets too', async () => {
    const { m, secret: old, endpointId } = await setUp();
    const fresh = await rotate(m, old);

    const before = receiver.received.length;
    const test = await call(m, { method: 'POST', url: '/api/v1/webhooks/config/test' });
    expect(test.json().data).toMatchObject({ ok: true, statusCode: 200 });
    const testHit = receiver.received[before]!;
    expect(JSON.parse(testHit.body).type).toBe('webhook.test');
    expect(signers(testHit, { fresh, old })).toEqual(['fresh', 'old']);

    const delivered = await deliverPaymentEvent(m, endpointId);
    const eventId = JSON.parse(delivered.body).id as string;
    const resend = await call(m, { method: 'POST', url: `/api/v1/webhooks/events/${eventId}/resend` });
    expect(resend.statusCode, resend.body).toBe(200);
    const resent = receiver.received.at(-1)!;
    expect(resent.headers['coinlane-event-id']).toBe(eventId);
    expect(signers(resent, { fresh, old })).toEqual(['fresh', 'old']);

    const delivery = await ctx.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    const retry = await support({ method: 'POST', url: `/api/v1/admin/webhooks/${delivery.id}/retry` });
    expect(retry.statusCode, retry.body).toBe(200);
    replies.push(retry.body);
    const retried = receiver.received.at(-1)!;
    expect(retried.headers['coinlane-event-id']).toBe(eventId);
    expect(signers(retried, { fresh, old })).toEqual(['fresh', 'old']);

    // Once the old secret's time is over (an expiry in the past), each of them carries the new one only.
    await ctx.db
      .updateTable('webhook_endpoints')
      .set({ previous_secret_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', endpointId)
      .execute();
    expect((await config(m)).previousSecretExpiresAt).toBeNull();
    await call(m, { method: 'POST', url: '/api/v1/webhooks/config/test' });
    expect(signers(receiver.received.at(-1)!, { fresh, old })).toEqual(['fresh']);
    await call(m, { method: 'POST', url: `/api/v1/webhooks/events/${eventId}/resend` });
    expect(signers(receiver.received.at(-1)!, { fresh, old })).toEqual(['fresh']);
    await support({ method: 'POST', url: `/api/v1/admin/webhooks/${delivery.id}/retry` });
    expect(signers(receiver.received.at(-1)!, { fresh, old })).toEqual(['fresh']);
  });

  it('keeps only the immediately previous secret when rotated again within the 24 hours', async () => {
    const { m, secret: first, endpointId } = await setUp();
    const second = await rotate(m, first);
    const firstExpiry = Date.parse((await config(m)).previousSecretExpiresAt!);
    await new Promise((r) => setTimeout(r, 20));
    const third = await rotate(m, second);
    const got = await config(m);
    expect(got.secret).toBe(third);
    // The second secret has its own 24 hours from the second rotation.
    expect(Date.parse(got.previousSecretExpiresAt!)).toBeGreaterThan(firstExpiry);

    const hit = await deliverPaymentEvent(m, endpointId);
    expect(signers(hit, { first, second, third })).toEqual(['third', 'second']);
    expect(verifyWebhookSignature(hit.body, String(hit.headers['coinlane-signature']), first).ok).toBe(false);
  });

  it('documents the overlap and previousSecretExpiresAt in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const reply = doc.paths['/webhooks/config'].get.responses['200'].content['application/json'].schema;
    const field = reply.properties.data.properties.previousSecretExpiresAt;
    expect(field.description).toContain('never returned');
    expect(doc.paths['/webhooks/config/rotate-secret'].post.description).toContain('For 24 hours');
  });

  it('stores the old secret sealed and returns it in no reply', async () => {
    const { m, secret: old, endpointId } = await setUp();
    const fresh = await rotate(m, old);
    const row = await ctx.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpointId)
      .executeTakeFirstOrThrow();
    expect(row.previous_secret_sealed).toMatch(/^v1\./);
    expect(row.previous_secret_sealed).not.toContain(old.slice(6));
    // The audit row of the rotation holds neither secret.
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', endpointId)
      .where('action', '=', 'webhook.secret_rotated')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(old);
    expect(JSON.stringify(audit)).not.toContain(fresh);
    await call(m, { method: 'GET', url: '/api/v1/webhooks/events' });
    await call(m, {
      method: 'PUT',
      url: '/api/v1/webhooks/config',
      payload: { url: receiver.url, events: ['payment.created', 'payment.confirmed'] },
    });
    // Every reply of this file after each rotation (the rotations' own, the configuration read again, test events,
    // resends, retries, the event log): no rotated-out secret in any.
    expect(retired.length).toBeGreaterThanOrEqual(5);
    for (const { secret, from } of retired) expect(replies.slice(from).join('\n')).not.toContain(secret);
    expect(replies.at(-1)).toContain(fresh);
  });
});
