import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#app/db/connection.ts';
import { listenPaymentChanges } from '#app/modules/live/listen-payment-changes.ts';
import { createUser } from '#app/test/fixtures.ts';
import { liveLitecoinPayments } from '#app/test/live-payment-fixtures.ts';
import { testPaymentDeps } from '#app/test/payment-deps.ts';
import { createTestDb } from '#app/test/test-db.ts';
import { waitFor } from '#app/test/wait-for.ts';
import { createPaymentLifecycle } from './payment-lifecycle.ts';
import {
  CONFIRMATION_BATCH,
  recordPaymentTransfer,
  updateManyPaymentConfirmations,
  updatePaymentConfirmations,
} from './record-payment-transfer.ts';

// A block's confirmations for many payments, applied in batches (a few statements and one transaction per batch):
// every payment ends exactly as it would have, confirmed one by one, with the same events, audit rows, fees and live
// updates; and a batch one payment of which fails leaves the others confirmed.
describe('confirming many payments at once', () => {
  let handle: DbHandle;
  let userId: string;
  let payments: ReturnType<typeof liveLitecoinPayments>;
  let serial = 0;
  beforeAll(async () => {
    handle = await createTestDb();
    userId = (await createUser({ db: handle.db })).id;
    payments = liveLitecoinPayments(handle.db);
  });
  afterAll(() => handle?.close());

  /** A payment of 0.8 LTC with `received` seen unconfirmed; its transfer's id. */
  const paid = async (received: bigint, requiredConfirmations: number) => {
    serial++;
    const p = await payments.create({
      userId,
      address: `rltc1qmany${serial}`,
      amount: '0.8',
      requiredConfirmations,
    });
    const { transfer } = await recordPaymentTransfer({
      deps: testPaymentDeps,
      db: handle.db,
      paymentId: p.id,
      transfer: {
        txid: serial.toString(16).padStart(64, '0'),
        outputIndex: 0,
        amount: received,
        confirmations: 0,
        seenAt: new Date(),
      },
    });
    return { paymentId: p.id, transferId: transfer.id };
  };

  /** What a merchant and the platform can see of a payment after a change. */
  const seen = async (paymentId: string) => {
    const p = await handle.db
      .selectFrom('payments')
      .select([
        'status',
        'exception',
        'amount_received',
        'amount_confirmed',
        'confirmations',
        'confirmed_at',
        'risk_scored_at',
        'risk_score',
        'fraud_flags',
      ])
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    const events = await handle.db
      .selectFrom('outbox_events')
      .select(['type', 'payload'])
      .where('entity_id', '=', paymentId)
      .orderBy('seq')
      .execute();
    const audits = await handle.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity_id', '=', paymentId)
      .orderBy('id')
      .execute();
    const fees = await handle.db
      .selectFrom('platform_fees')
      .select(['base_amount', 'fee_amount', 'status'])
      .where('payment_id', '=', paymentId)
      .execute();
    const transfers = await handle.db
      .selectFrom('transfers')
      .select(['status', 'confirmations', 'block_height'])
      .where('payment_id', '=', paymentId)
      .execute();
    return {
      status: p.status,
      exception: p.exception,
      amount_received: p.amount_received,
      amount_confirmed: p.amount_confirmed,
      confirmations: p.confirmations,
      confirmed: p.confirmed_at !== null,
      scored: p.risk_scored_at !== null,
      risk: [p.risk_score, p.fraud_flags],
      events: events.map((e) => {
        const payload = (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload) as Record<
          string,
          unknown
        >;
        return [e.type, payload.status, payload.amountConfirmed];
      }),
      audits: audits.map((a) => [a.action, a.before, a.after]),
      fees,
      transfers,
    };
  };

  /** Four kinds of change a block brings: confirmed in full, one block of two, part of the amount, nothing new. */
  const fourPayments = async () => [
    { ...(await paid(80_000_000n, 1)), confirmations: 1 },
    { ...(await paid(80_000_000n, 2)), confirmations: 1 },
    { ...(await paid(30_000_000n, 1)), confirmations: 1 },
    { ...(await paid(80_000_000n, 1)), confirmations: 0 },
  ];
  const updatesOf = (
    p: { paymentId: string; transferId: string; confirmations: number },
    height: number,
  ) => ({
    paymentId: p.paymentId,
    updates: [
      {
        transferId: p.transferId,
        confirmations: p.confirmations,
        blockHeight: height,
        blockHash: `h${height}`,
      },
    ],
  });

  it('leaves every payment as confirming it alone would, with its events, audit rows, fee and live update', async () => {
    const together = await fourPayments();
    const alone = await fourPayments();
    const heard: string[] = [];
    const listener = await listenPaymentChanges({
      dbHandle: handle,
      log: { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger,
      onChange: (n) => heard.push(n.paymentId),
      onOutboxEvent: () => {},
      onJob: () => {},
    });
    try {
      await updateManyPaymentConfirmations({
        deps: testPaymentDeps,
        db: handle.db,
        payments: together.map((p) => updatesOf(p, 500)),
      });
      for (const p of alone) {
        const { paymentId, updates } = updatesOf(p, 500);
        await updatePaymentConfirmations({ deps: testPaymentDeps, db: handle.db, paymentId, updates });
      }
      // A live update for each payment whose row changed (the fourth's transfer did not move), in each path.
      const changed = [0, 1, 2].flatMap((i) => [together[i]?.paymentId, alone[i]?.paymentId]);
      await waitFor('the live updates', async () => changed.every((id) => heard.includes(id as string)));
      expect(heard).not.toContain(together[3]?.paymentId);
      expect(heard).not.toContain(alone[3]?.paymentId);
      expect(heard.filter((id) => id === together[0]?.paymentId)).toHaveLength(1);
    } finally {
      await listener.stop();
    }

    for (const [i, p] of together.entries()) {
      expect(await seen(p.paymentId), `payment ${i}`).toEqual(await seen(alone[i]?.paymentId as string));
    }
    // And what that is: the first confirmed with its fee, the second one block of two, the third partial.
    const [first, second, third] = await Promise.all(together.slice(0, 3).map((p) => seen(p.paymentId)));
    expect(first).toMatchObject({
      status: 'confirmed',
      amount_confirmed: '80000000',
      confirmed: true,
      scored: true,
    });
    expect(first?.events.map((e) => e[0])).toContain('payment.confirmed');
    expect(first?.fees).toHaveLength(1);
    expect(first?.audits.map((a) => a[0])).toContain('payment.transfers_changed');
    expect(second).toMatchObject({ status: 'pending', confirmations: 1, amount_confirmed: '0', fees: [] });
    expect(second?.transfers).toEqual([{ status: 'pending', confirmations: 1, block_height: 500 }]);
    expect(third).toMatchObject({ status: 'partial', amount_confirmed: '30000000', fees: [] });
  });

  it('confirms the others of a batch when one payment fails, and reports that failure', async () => {
    const list = [
      { ...(await paid(80_000_000n, 1)), confirmations: 1 },
      { ...(await paid(80_000_000n, 1)), confirmations: 1 },
      { ...(await paid(80_000_000n, 1)), confirmations: 1 },
    ];
    const failing = list[1]?.paymentId;
    const lifecycle = createPaymentLifecycle(({ onPaymentStatusChange, onPaymentStatusChanges }) => {
      for (const [event, handlers] of testPaymentDeps.lifecycle.handlers) {
        for (const h of handlers) onPaymentStatusChanges(event, h);
      }
      onPaymentStatusChange('payment.confirmed', async ({ payment }) => {
        if (payment.id === failing) throw new Error('a handler failed for this payment');
      });
    });
    await expect(
      updateManyPaymentConfirmations({
        deps: { ...testPaymentDeps, lifecycle },
        db: handle.db,
        payments: list.map((p) => updatesOf(p, 600)),
      }),
    ).rejects.toThrow('a handler failed for this payment');
    const [a, b, c] = await Promise.all(list.map((p) => seen(p.paymentId)));
    expect(a).toMatchObject({ status: 'confirmed', fees: [expect.anything()] });
    expect(c).toMatchObject({ status: 'confirmed', fees: [expect.anything()] });
    // The failed one is as it was: unconfirmed, its transfer not moved, no event or fee of a confirmation.
    expect(b).toMatchObject({ status: 'pending', confirmations: 0, fees: [] });
    expect(b?.transfers).toEqual([{ status: 'pending', confirmations: 0, block_height: null }]);
    expect(b?.events.map((e) => e[0])).not.toContain('payment.confirmed');
  });

  it(`confirms more payments than one batch holds (${CONFIRMATION_BATCH}), side by side`, async () => {
    const list = [];
    for (let i = 0; i < CONFIRMATION_BATCH + 3; i++)
      list.push({ ...(await paid(80_000_000n, 1)), confirmations: 1 });
    await updateManyPaymentConfirmations({
      deps: testPaymentDeps,
      db: handle.db,
      payments: list.map((p) => updatesOf(p, 700)),
      lanes: 2,
    });
    const rows = await handle.db
      .selectFrom('payments')
      .select(['status'])
      .where(
        'id',
        'in',
        list.map((p) => p.paymentId),
      )
      .execute();
    expect(rows.map((r) => r.status)).toEqual(list.map(() => 'confirmed'));
    await expect(
      updateManyPaymentConfirmations({
        deps: testPaymentDeps,
        db: handle.db,
        payments: [
          updatesOf(list[0] as (typeof list)[number], 701),
          updatesOf(list[0] as (typeof list)[number], 701),
        ],
      }),
    ).rejects.toThrow('listed twice');
  });
});
