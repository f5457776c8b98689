import type { FastifyBaseLogger } from 'fastify';
import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listenPaymentChanges,
  type PaymentChangeListener,
} from '#app/modules/live/listen-payment-changes.ts';
import { PAYMENT_CHANNEL, paymentNotificationPayload } from '#app/modules/payments/notify-payment-changed.ts';
import { createTestDb } from '#app/test/test-db.ts';
import { waitFor } from '#app/test/wait-for.ts';
import type { DbHandle } from './connection.ts';
import { type Notice, NoticeSender, noticesOf } from './notices.ts';

/** NOTIFYs sent after their writes commit, in batches (notices.ts, decision 036), heard by the process's listener. */
let handle: DbHandle;
let listener: PaymentChangeListener;
const heard: string[] = [];
beforeAll(async () => {
  handle = await createTestDb();
  listener = await listenPaymentChanges({
    dbHandle: handle,
    log: { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger,
    onChange: (n) => heard.push(n.paymentId),
    onOutboxEvent: () => {},
    onJob: () => {},
  });
});
afterAll(async () => {
  await listener?.stop();
  await handle?.close();
});

const notice = (paymentId: string): Notice => [
  PAYMENT_CHANNEL,
  paymentNotificationPayload({ paymentId, userId: 'usr_notices', mode: 'test' }),
];

/** A sender on the handle's database that counts the statements it sends. */
function countingSender() {
  const sent: unknown[][] = [];
  const sender = new NoticeSender({
    executeQuery: (query: CompiledQuery) => {
      sent.push([...query.parameters]);
      return handle.db.executeQuery(query);
    },
  });
  return { sender, sent };
}

describe('notices sent after the write', () => {
  it('reach a listener in the order queued; what is queued in one turn goes in one statement', async () => {
    heard.length = 0;
    const { sender, sent } = countingSender();
    sender.send([notice('pay_a'), notice('pay_b')]);
    sender.send([notice('pay_c')]);
    await sender.flush();
    expect(sent).toHaveLength(1);
    await waitFor('three notices', async () => heard.length === 3);
    expect(heard).toEqual(['pay_a', 'pay_b', 'pay_c']);

    // queued while a batch is on its way: the next batch, after it
    sender.send([notice('pay_d')]);
    await new Promise((r) => setImmediate(r)); // pay_d's batch has left
    sender.send([notice('pay_e')]);
    await sender.flush();
    await waitFor('five notices', async () => heard.length === 5);
    expect(heard.slice(3)).toEqual(['pay_d', 'pay_e']);
    expect(sent).toHaveLength(3);
  });

  it('reports a batch PostgreSQL refuses, with how many notices it lost, and sends the next', async () => {
    heard.length = 0;
    const { sender } = countingSender();
    const lost: number[] = [];
    sender.onError = (_err, n) => lost.push(n);
    // a payload over NOTIFY's 8,000 bytes: the whole statement fails
    sender.send([notice('pay_lost'), [PAYMENT_CHANNEL, 'x'.repeat(9000)]]);
    await sender.flush();
    expect(lost).toEqual([2]);
    sender.send([notice('pay_after')]);
    await sender.flush();
    await waitFor('one notice', async () => heard.length === 1);
    expect(heard).toEqual(['pay_after']);
  });

  it("is the handle's own, flushed before the handle closes; a transaction has none", async () => {
    const other = await createTestDb();
    expect(noticesOf(other.db)).toBe(other.notices);
    await other.db.transaction().execute(async (trx) => {
      expect(noticesOf(trx)).toBeUndefined();
    });
    const errors: unknown[] = [];
    other.notices.onError = (err) => errors.push(err);
    other.notices.send([notice('pay_on_close')]);
    // the batch is still queued (it leaves on the next turn): close sends it before the database goes
    await other.close();
    expect(errors).toEqual([]);
    // what would have happened otherwise: a batch after the close fails, and is reported
    other.notices.send([notice('pay_too_late')]);
    await other.notices.flush();
    expect(errors).toHaveLength(1);
  });
});
