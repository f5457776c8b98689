import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#app/db/connection.ts';
import {
  recordPaymentTransfer,
  updatePaymentConfirmations,
} from '#app/modules/payments/record-payment-transfer.ts';
import { restorePaymentTransfer } from '#app/modules/payments/restore-payment-transfer.ts';
import { createUser } from '#app/test/fixtures.ts';
import { liveLitecoinPayments } from '#app/test/live-payment-fixtures.ts';
import { testPaymentDeps } from '#app/test/payment-deps.ts';
import { createTestDb } from '#app/test/test-db.ts';

// Conflicting UTXO transactions (same spent outpoint: a fee bump, a double spend), at the database level: the one
// credited last removes the others' unconfirmed transfers in the same commit (docs/decisions/009, Review 2).
describe('transfers that spend the same outpoints', () => {
  let handle: DbHandle;
  let userId: string;
  let payments: ReturnType<typeof liveLitecoinPayments>;
  let n = 0;
  beforeAll(async () => {
    handle = await createTestDb();
    userId = (await createUser({ db: handle.db })).id;
    payments = liveLitecoinPayments(handle.db);
  });
  afterAll(() => handle?.close());

  const txid = (c: string) => c.repeat(64);
  const credit = (paymentId: string, id: string, amount: bigint, spends: string[]) =>
    recordPaymentTransfer({
      deps: testPaymentDeps,
      db: handle.db,
      paymentId,
      transfer: { txid: id, outputIndex: 0, amount, confirmations: 0, seenAt: new Date(), spends },
    });
  const transfers = (paymentId: string) =>
    handle.db
      .selectFrom('transfers')
      .select(['id', 'txid', 'status'])
      .where('payment_id', '=', paymentId)
      .orderBy('seen_at')
      .execute();
  const row = (id: string) =>
    handle.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const events = async (id: string) =>
    (
      await handle.db
        .selectFrom('outbox_events')
        .select(['type', 'payload'])
        .where('entity_id', '=', id)
        .orderBy('seq')
        .execute()
    ).map((e) => ({ type: e.type, received: (e.payload as { amountReceived: string }).amountReceived }));
  const newPayment = () => payments.create({ userId, address: `rltc1qspends${n++}`, amount: '0.5' });

  it('a fee bump replaces its original in one commit: the totals never count both', async () => {
    const p = await newPayment();
    const outpoint = `${txid('1')}:0`;
    await credit(p.id, txid('a'), 50_000_000n, [outpoint, `${txid('2')}:1`]);
    const bump = await credit(p.id, txid('b'), 50_000_000n, [outpoint]);
    expect(bump.replaced.map((r) => r.txid)).toEqual([txid('a')]);
    expect(await transfers(p.id)).toMatchObject([
      { txid: txid('a'), status: 'removed' },
      { txid: txid('b'), status: 'pending' },
    ]);
    expect(await row(p.id)).toMatchObject({
      amount_received: '50000000',
      exception: 'none',
      tx_hash: txid('b'),
    });
    expect(await events(p.id)).toEqual([
      { type: 'payment.created', received: '0' },
      { type: 'payment.updated', received: '0.5' },
    ]);
  });

  it('a double spend to another payment moves the money between them in one commit', async () => {
    const p = await newPayment();
    const q = await newPayment();
    const outpoint = `${txid('3')}:7`;
    await credit(p.id, txid('c'), 50_000_000n, [outpoint]);
    await credit(q.id, txid('d'), 50_000_000n, [outpoint]);
    expect(await row(p.id)).toMatchObject({ amount_received: '0', status: 'pending' });
    expect(await row(q.id)).toMatchObject({ amount_received: '50000000' });
    expect((await events(p.id)).map((e) => e.received)).toEqual(['0', '0.5', '0']);
  });

  it('an original seen again removes the replacement that had replaced it', async () => {
    const p = await newPayment();
    const outpoint = `${txid('4')}:0`;
    const original = await credit(p.id, txid('e'), 50_000_000n, [outpoint]);
    await credit(p.id, txid('f'), 50_000_000n, [outpoint]);
    await restorePaymentTransfer({
      deps: testPaymentDeps,
      db: handle.db,
      paymentId: p.id,
      transferId: original.transfer.id,
    });
    expect(await transfers(p.id)).toMatchObject([
      { txid: txid('e'), status: 'pending' },
      { txid: txid('f'), status: 'removed' },
    ]);
    expect(await row(p.id)).toMatchObject({ amount_received: '50000000', tx_hash: txid('e') });
    expect((await events(p.id)).every((e) => e.received === '0' || e.received === '0.5')).toBe(true);
  });

  it('never removes a transfer already in a block, nor one of the same transaction', async () => {
    const p = await newPayment();
    const outpoint = `${txid('5')}:0`;
    const mined = await credit(p.id, txid('g'), 30_000_000n, [outpoint]);
    await updatePaymentConfirmations({
      deps: testPaymentDeps,
      db: handle.db,
      paymentId: p.id,
      updates: [{ transferId: mined.transfer.id, confirmations: 1, blockHeight: 10, blockHash: txid('9') }],
    });
    const other = await credit(p.id, txid('h'), 20_000_000n, [outpoint]);
    expect(other.replaced).toEqual([]);
    const second = await recordPaymentTransfer({
      deps: testPaymentDeps,
      db: handle.db,
      paymentId: p.id,
      transfer: {
        txid: txid('h'),
        outputIndex: 1,
        amount: 1n,
        confirmations: 0,
        seenAt: new Date(),
        spends: [outpoint],
      },
    });
    expect(second.replaced).toEqual([]);
    expect((await transfers(p.id)).map((t) => t.status)).toEqual(['pending', 'pending', 'pending']);
  });
});
