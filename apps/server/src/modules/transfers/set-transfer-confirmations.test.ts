import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#app/db/connection.ts';
import {
  recordPaymentTransfer,
  removePaymentTransfer,
  updatePaymentConfirmations,
} from '#app/modules/payments/record-payment-transfer.ts';
import { createUser } from '#app/test/fixtures.ts';
import { liveLitecoinPayments } from '#app/test/live-payment-fixtures.ts';
import { testPaymentDeps } from '#app/test/payment-deps.ts';
import { createTestDb } from '#app/test/test-db.ts';
import type { ConfirmationUpdate } from './set-transfer-confirmations.ts';

// A block's confirmations for a payment's transfers and the totals they give, written and read in one statement
// (setConfirmationsAndSumTransfers): every transfer counts as it now is, the ones the block moved and the others.
describe('new confirmations and the totals they give', () => {
  let handle: DbHandle;
  let userId: string;
  let payments: ReturnType<typeof liveLitecoinPayments>;
  beforeAll(async () => {
    handle = await createTestDb();
    userId = (await createUser({ db: handle.db })).id;
    payments = liveLitecoinPayments(handle.db);
  });
  afterAll(() => handle?.close());

  const credit = async (paymentId: string, txid: string, amount: bigint, seenAt: Date) =>
    (
      await recordPaymentTransfer({
        deps: testPaymentDeps,
        db: handle.db,
        paymentId,
        transfer: { txid: txid.repeat(64), outputIndex: 0, amount, confirmations: 0, seenAt },
      })
    ).transfer.id;
  const transfers = (paymentId: string) =>
    handle.db
      .selectFrom('transfers')
      .select(['txid', 'status', 'confirmations', 'block_height', 'block_hash'])
      .where('payment_id', '=', paymentId)
      .orderBy('seen_at')
      .execute();

  const confirm = (paymentId: string, updates: ConfirmationUpdate[]) =>
    updatePaymentConfirmations({ deps: testPaymentDeps, db: handle.db, paymentId, updates });

  it('counts the moved transfers at their new counts, the others as they are, the removed ones not at all', async () => {
    const p = await payments.create({
      userId,
      address: 'rltc1qcountsall',
      amount: '0.8',
      requiredConfirmations: 2,
    });
    const t0 = Date.now() - 60_000;
    const a = await credit(p.id, 'a', 30_000_000n, new Date(t0));
    const b = await credit(p.id, 'b', 30_000_000n, new Date(t0 + 1000));
    const c = await credit(p.id, 'c', 20_000_000n, new Date(t0 + 2000));
    const d = await credit(p.id, 'd', 20_000_000n, new Date(t0 + 3000));
    await removePaymentTransfer({ deps: testPaymentDeps, db: handle.db, paymentId: p.id, transferId: d });
    await confirm(p.id, [{ transferId: c, confirmations: 1, blockHeight: 100, blockHash: 'h100' }]);

    // a reaches the requirement, b gets its block; c is not moved; the removed d is left alone.
    const moved = await confirm(p.id, [
      { transferId: a, confirmations: 2, blockHeight: 99, blockHash: 'h99' },
      { transferId: b, confirmations: 1, blockHeight: 100, blockHash: 'h100' },
      { transferId: d, confirmations: 3 },
    ]);
    expect(moved.payment).toMatchObject({
      status: 'pending', // paid in full, awaiting confirmations
      amount_received: '80000000',
      amount_confirmed: '30000000',
      confirmations: 1,
      tx_hash: 'c'.repeat(64),
    });
    expect(await transfers(p.id)).toEqual([
      { txid: 'a'.repeat(64), status: 'confirmed', confirmations: 2, block_height: 99, block_hash: 'h99' },
      { txid: 'b'.repeat(64), status: 'pending', confirmations: 1, block_height: 100, block_hash: 'h100' },
      { txid: 'c'.repeat(64), status: 'pending', confirmations: 1, block_height: 100, block_hash: 'h100' },
      { txid: 'd'.repeat(64), status: 'removed', confirmations: 0, block_height: null, block_hash: null },
    ]);

    // The block of b and c is orphaned: they lose it, and their count.
    await confirm(p.id, [
      { transferId: b, confirmations: 0, blockHeight: null, blockHash: null },
      { transferId: c, confirmations: 0, blockHeight: null, blockHash: null },
    ]);
    const lost = await transfers(p.id);
    expect(lost.map((t) => [t.status, t.confirmations, t.block_hash])).toEqual([
      ['confirmed', 2, 'h99'],
      ['pending', 0, null],
      ['pending', 0, null],
      ['removed', 0, null],
    ]);
    // Mined again in another block, then a block later all three are confirmed: the block stays when none is given.
    await confirm(p.id, [
      { transferId: b, confirmations: 1, blockHeight: 101, blockHash: 'h101' },
      { transferId: c, confirmations: 1, blockHeight: 101, blockHash: 'h101' },
    ]);
    const paid = await confirm(p.id, [
      { transferId: b, confirmations: 2 },
      { transferId: c, confirmations: 2 },
    ]);
    expect(paid.payment).toMatchObject({
      status: 'confirmed',
      amount_received: '80000000',
      amount_confirmed: '80000000',
      confirmations: 2,
    });
    expect(paid.emitted).toContain('payment.confirmed');
    expect((await transfers(p.id)).map((t) => [t.status, t.block_height, t.block_hash])).toEqual([
      ['confirmed', 99, 'h99'],
      ['confirmed', 101, 'h101'],
      ['confirmed', 101, 'h101'],
      ['removed', null, null],
    ]);
  });
});
