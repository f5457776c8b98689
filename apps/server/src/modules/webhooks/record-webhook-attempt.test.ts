import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { selectNextDeliveryToSend } from './queries.ts';
import { recordWebhookAttempt } from './record-webhook-attempt.ts';
import type { WebhookAttemptResult } from './send-webhook.ts';

/**
 * An automatic attempt is recorded in one statement (decision 004): the delivery's new state, its counts and the
 * attempt row, once only when two runs record the same attempt, and the next delivery is read with its endpoint and
 * the owner's pause in one statement.
 */
let ctx: TestContext;
let shop: Merchant;
const NOW = new Date('2026-11-30T10:00:00.000Z');

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await createMerchant(ctx, { name: 'Hook Shop' });
  await ctx.db
    .insertInto('webhook_endpoints')
    .values({
      id: 'whe_record',
      user_id: shop.id,
      mode: 'test',
      url: 'https://hooks.example/coinlane',
      events: JSON.stringify(['payment.confirmed']),
      secret_sealed: 'sealed',
      created_at: NOW,
      updated_at: NOW,
      secret_rotated_at: NOW,
    })
    .execute();
});

afterAll(async () => {
  await ctx?.close();
});

let n = 0;
async function delivery(): Promise<string> {
  const id = `whd_record_${++n}`;
  await ctx.db
    .insertInto('webhook_deliveries')
    .values({
      id,
      endpoint_id: 'whe_record',
      user_id: shop.id,
      mode: 'test',
      event_id: `evt_record_${n}`,
      event_type: 'payment.confirmed',
      event_created_at: NOW,
      body: '{}',
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
  return id;
}

const result = (statusCode: number | null, ok: boolean): WebhookAttemptResult => ({
  statusCode,
  durationMs: 12,
  ok,
  error: ok ? null : statusCode === null ? 'connect ECONNREFUSED' : `HTTP ${statusCode}`,
  responseExcerpt: ok ? 'ok' : null,
});

const record = (deliveryId: string, r: WebhookAttemptResult, expectedAutoAttempts: number, retries = 2) =>
  recordWebhookAttempt({
    db: ctx.db,
    deliveryId,
    url: 'https://hooks.example/coinlane',
    result: r,
    isResend: false,
    expectedAutoAttempts,
    retries,
    retryBaseMs: 1000,
    now: NOW,
  });

const stored = (id: string) =>
  ctx.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const attempts = (id: string) =>
  ctx.db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', '=', id)
    .orderBy('attempt_number')
    .execute();

describe('recording an automatic webhook attempt', () => {
  it('a 503 schedules the retry, the next 503 the one after, the last gives up; every attempt is kept', async () => {
    const id = await delivery();
    const first = await record(id, result(503, false), 0);
    expect(first).toMatchObject({
      deliveryState: 'retrying',
      attempt_number: 1,
      status_code: 503,
      is_resend: false,
    });
    expect(first).toMatchObject({
      duration_ms: 12,
      error: 'HTTP 503',
      url: 'https://hooks.example/coinlane',
    });
    expect(await stored(id)).toMatchObject({
      state: 'retrying',
      attempts: 1,
      auto_attempts: 1,
      last_status_code: 503,
      next_attempt_at: new Date(NOW.getTime() + 1000),
      delivered_at: null,
    });
    expect((await record(id, result(null, false), 1))?.deliveryState).toBe('retrying');
    expect((await stored(id)).next_attempt_at).toEqual(new Date(NOW.getTime() + 2000));
    // Two retries allowed: the third automatic attempt is the last.
    expect((await record(id, result(503, false), 2))?.deliveryState).toBe('failed');
    expect(await stored(id)).toMatchObject({
      state: 'failed',
      attempts: 3,
      auto_attempts: 3,
      next_attempt_at: null,
    });
    expect((await attempts(id)).map((a) => [a.attempt_number, a.status_code])).toEqual([
      [1, 503],
      [2, null],
      [3, 503],
    ]);
    // A failed delivery is owed no more: another automatic attempt records nothing.
    expect(await record(id, result(200, true), 3)).toBeNull();
  });

  it('a 400 is not retried; a 2xx delivers', async () => {
    const refused = await delivery();
    expect((await record(refused, result(400, false), 0))?.deliveryState).toBe('failed');
    const sent = await delivery();
    expect((await record(sent, result(200, true), 0))?.deliveryState).toBe('delivered');
    expect(await stored(sent)).toMatchObject({
      state: 'delivered',
      delivered_at: NOW,
      next_attempt_at: null,
    });
  });

  it('two runs recording the same attempt count it once', async () => {
    const id = await delivery();
    const both = await Promise.all([record(id, result(503, false), 0), record(id, result(503, false), 0)]);
    expect(both.filter((r) => r !== null)).toHaveLength(1);
    expect(await attempts(id)).toHaveLength(1);
    expect(await stored(id)).toMatchObject({ attempts: 1, auto_attempts: 1 });
  });

  it('reads the oldest open delivery with its endpoint and the owner pause', async () => {
    await ctx.db
      .updateTable('webhook_deliveries')
      .set({ state: 'delivered' })
      .where('endpoint_id', '=', 'whe_record')
      .execute();
    expect(await selectNextDeliveryToSend(ctx.db, 'whe_record')).toBeUndefined();
    const older = await delivery();
    await delivery();
    const next = await selectNextDeliveryToSend(ctx.db, 'whe_record');
    expect(next?.delivery).toMatchObject({ id: older, state: 'pending', body: '{}' });
    expect(next?.endpoint).toMatchObject({
      id: 'whe_record',
      user_id: shop.id,
      url: 'https://hooks.example/coinlane',
      secret_sealed: 'sealed',
      disabled_at: null,
    });
    expect(next?.paused).toBe(false);
    await ctx.db
      .insertInto('user_settings')
      .values({ user_id: shop.id, webhook_notifications: false, updated_at: NOW })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ webhook_notifications: false }))
      .execute();
    expect((await selectNextDeliveryToSend(ctx.db, 'whe_record'))?.paused).toBe(true);
  });
});
