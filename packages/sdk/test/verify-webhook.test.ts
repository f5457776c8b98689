import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import {
  Coinlane,
  CoinlaneSignatureVerificationError,
  verifyWebhook,
  type WebhookEvent,
} from '../src/index.ts';
import { type CoinlaneServer, startCoinlaneServer } from './support/coinlane-server.ts';

let server: CoinlaneServer;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let coinlane: Coinlane;
let secret: string;

beforeAll(async () => {
  server = await startCoinlaneServer();
  receiver = await startWebhookReceiver();
  const { key } = await server.merchant();
  coinlane = new Coinlane({ apiKey: key, baseUrl: server.url });
  const endpoint = await coinlane.webhookEndpoint.update({
    url: receiver.url,
    events: ['payment.created', 'payment.partial'],
  });
  secret = endpoint.secret ?? (await coinlane.webhookEndpoint.retrieve()).secret ?? '';
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

async function delivery(type: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = receiver.received.find((r) => JSON.parse(r.body).type === type);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${type} delivery`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof CoinlaneSignatureVerificationError ? e.reason : e),
  );

describe('verifyWebhook on real deliveries', () => {
  it('verifies a payment event as bytes and as text, and types it', async () => {
    const payment = await coinlane.payments.create({ amount: '0.4', currency: 'BTC' });
    await coinlane.payments.simulate(payment.id, { amount: '0.1' });
    const hook = await delivery('payment.partial');
    const header = hook.headers['coinlane-signature'] as string;
    const event: WebhookEvent = await verifyWebhook(Buffer.from(hook.body), header, secret);
    expect(event.type).toBe('payment.partial');
    if (event.type !== 'payment.partial') throw new Error('narrowing');
    expect(event.data).toMatchObject({ id: payment.id, amountReceived: '0.1' });
    expect(event.data.transfers).toHaveLength(1);
    expect(event.id).toBe(hook.headers['coinlane-event-id']);
    expect((await verifyWebhook(hook.body, header, secret)).id).toBe(event.id);
    // Another secret beside the right one (the old and new secrets of a rotation) still verifies.
    expect((await verifyWebhook(hook.body, header, ['wrong', secret])).id).toBe(event.id);
  });

  it('accepts any one of several v1 signatures', async () => {
    const hook = await delivery('payment.created');
    const header = hook.headers['coinlane-signature'] as string;
    const [t, v1] = header.split(',');
    const twoSignatures = `${t},v1=${'0'.repeat(64)},${v1}`;
    expect((await verifyWebhook(hook.body, twoSignatures, secret)).type).toBe('payment.created');
  });

  it('refuses a tampered body, a wrong secret, an old or future time, a parsed object', async () => {
    const hook = await delivery('payment.created');
    const header = hook.headers['coinlane-signature'] as string;
    const tampered = hook.body.replace('"amount":"0.4"', '"amount":"4"');
    expect(tampered).not.toBe(hook.body);
    expect(await refusal(verifyWebhook(tampered, header, secret))).toBe('mismatch');
    expect(await refusal(verifyWebhook(hook.body, header, 'whsec_wrong'))).toBe('mismatch');
    expect(await refusal(verifyWebhook(hook.body, undefined, secret))).toBe('malformed');
    const signedAt = Number(/t=(\d+)/.exec(header)![1]) * 1000;
    expect(await refusal(verifyWebhook(hook.body, header, secret, { now: signedAt + 301_000 }))).toBe(
      'too_old',
    );
    expect(await refusal(verifyWebhook(hook.body, header, secret, { now: signedAt - 301_000 }))).toBe(
      'too_new',
    );
    expect(await refusal(verifyWebhook(hook.body, header, secret, { now: signedAt + 299_000 }))).toBeNull();

    const parsed = JSON.parse(hook.body) as unknown as string;
    const error = await verifyWebhook(parsed, header, secret).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoinlaneSignatureVerificationError);
    expect(error).toMatchObject({ reason: 'body_not_raw', message: expect.stringContaining('express.raw') });
  });

  it('verifies the test event the dashboard sends', async () => {
    const result = await coinlane.webhookEndpoint.sendTest();
    expect(result.ok).toBe(true);
    const hook = await delivery('webhook.test');
    const event = await verifyWebhook(hook.body, hook.headers['coinlane-signature'] as string, secret);
    expect(event).toMatchObject({ type: 'webhook.test', data: { message: expect.any(String) } });
    const events = await coinlane.webhookEvents.list();
    expect(events.items.length).toBeGreaterThan(0);
    const first = events.items[0]!;
    expect((await coinlane.webhookEvents.retrieve(first.id)).id).toBe(first.id);
    expect(await coinlane.webhookEvents.resend(first.id)).toMatchObject({ isResend: true });
    const rotated = await coinlane.webhookEndpoint.rotateSecret();
    expect(rotated.secret).not.toBe(secret);
    await expect(coinlane.webhookEndpoint.enable()).rejects.toMatchObject({
      status: 409,
      code: 'INVALID_STATE',
    });
  });
});
