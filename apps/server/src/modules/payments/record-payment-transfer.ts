import { AppError } from '@coinlane/core/errors';
import { canExpire, isFinal, isOpen } from '@coinlane/core/payment-status';
import { T } from '@coinlane/core/texts';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { TransfersTable } from '#app/db/schema.ts';
import type { TransferTotals } from '#app/modules/transfers/get-transfer-totals.ts';
import { type NewTransfer, recordTransfer } from '#app/modules/transfers/record-transfer.ts';
import {
  type ConfirmationUpdate,
  markTransferRemoved,
  setConfirmationsAndSumTransfers,
} from '#app/modules/transfers/set-transfer-confirmations.ts';
import {
  type ConflictingTransfer,
  listConflictingTransfers,
  listTransferSpends,
  recordTransferSpends,
} from '#app/modules/transfers/transfer-spends.ts';
import { type PaymentActor, SYSTEM_ACTOR } from './actor.ts';
import { type AppliedPaymentEvent, applyPaymentEvent, applyTransferTotals } from './apply-payment-event.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { paymentState } from './present-payment.ts';
import { lockPaymentRows, type PaymentRow } from './queries.ts';
import { settleLapsedPayment } from './settle-lapsed-payment.ts';

/**
 * A chain (a watcher, or the test network) saw a transfer to a payment's address. In one transaction: the
 * unconfirmed transfers of the transactions it conflicts with (same spent outpoints: a fee bump's original, a
 * double spend) are removed, their other payments re-applied; the payment is settled first if its price lock
 * lapsed (re-priced in place when nothing was seen yet for a link's attempt, else expired: settleLapsedPayment);
 * the transfer is stored (late when the payment had already closed, or when it is still open past its expiry
 * time: money first seen after the expiry does not hold the payment open; a duplicate is ignored); and the
 * payment's totals are re-applied. So no committed state, and no event, counts a replaced transaction and its
 * replacement together.
 */
export async function recordPaymentTransfer({
  deps,
  db,
  paymentId,
  transfer,
  actor = SYSTEM_ACTOR,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  paymentId: string;
  transfer: NewTransfer;
  actor?: PaymentActor;
  now?: Date;
}): Promise<
  AppliedPaymentEvent & {
    transfer: Selectable<TransfersTable>;
    created: boolean;
    replaced: ConflictingTransfer[];
  }
> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
    let payment = locked;
    const replaced = await removeConflictingTransfers({
      deps,
      db: trx,
      network: payment.network,
      txid: transfer.txid,
      spends: transfer.spends ?? [],
      paymentId,
      now,
    });
    if (transfer.spends?.length) {
      await recordTransferSpends({
        db: trx,
        network: payment.network,
        txid: transfer.txid,
        spends: transfer.spends,
      });
    }
    // Past its price lock, the payment is first settled as the clock says (re-priced when it is a link's attempt
    // that has seen nothing, else expired), under this same lock: the transfer then counts against the price in
    // force when it was seen, and money seen after an expiry is late.
    if (payment.expires_at.getTime() <= now.getTime() && canExpire(paymentState(payment))) {
      payment = (await settleLapsedPayment({ deps, db: trx, paymentId, actor, now })).payment;
    }
    const pastExpiry = payment.expires_at.getTime() <= now.getTime();
    const closed = isFinal(payment) && payment.status !== 'confirmed';
    const { row, created } = await recordTransfer({
      db: trx,
      payment,
      transfer,
      isLate: closed || (isOpen(payment) && pastExpiry),
      requiredConfirmations: payment.required_confirmations,
    });
    const applied = await applyPaymentEvent({
      deps,
      db: trx,
      paymentId,
      change: { type: 'transfers_changed' },
      actor,
      now,
    });
    return { ...applied, transfer: row, created, replaced };
  });
}

/**
 * Removes the unconfirmed transfers of other transactions that spend one of `spends` (the transaction `txid`
 * replaced or double-spent them: at most one of them can be mined) and re-applies their payments other than
 * `paymentId`, which the caller holds locked and re-applies itself. Call inside the caller's transaction.
 * The other payments are locked in id order; only a network's watcher (one leader) takes several at once.
 */
async function removeConflictingTransfers({
  db,
  deps,
  network,
  txid,
  spends,
  paymentId,
  now,
}: {
  db: Db;
  network: string;
  txid: string;
  spends: readonly string[];
  paymentId: string;
  now: Date;
  deps: PaymentDeps;
}): Promise<ConflictingTransfer[]> {
  if (spends.length === 0) return [];
  const conflicts = await listConflictingTransfers({ db, network, txid, spends });
  if (conflicts.length === 0) return [];
  const others = [...new Set(conflicts.map((c) => c.payment_id))].filter((id) => id !== paymentId).sort();
  for (const id of others) {
    await db.selectFrom('payments').select('id').where('id', '=', id).forUpdate().execute();
  }
  for (const c of conflicts) {
    await markTransferRemoved({ db, paymentId: c.payment_id, transferId: c.id, now });
  }
  for (const id of others) {
    await applyPaymentEvent({
      deps,
      db,
      paymentId: id,
      change: { type: 'transfers_changed' },
      actor: SYSTEM_ACTOR,
      now,
    });
  }
  return conflicts;
}

/**
 * New confirmation counts for some of a payment's transfers (a watcher's new block, the test network's
 * clock), applied in one transaction with the payment's new totals.
 */
export async function updatePaymentConfirmations({
  deps,
  db,
  paymentId,
  updates,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  paymentId: string;
  updates: readonly ConfirmationUpdate[];
  now?: Date;
}): Promise<AppliedPaymentEvent> {
  const [applied] = await confirmPaymentsTogether({ deps, db, payments: [{ paymentId, updates }], now });
  return applied as AppliedPaymentEvent;
}

/** The payments a block's confirmations are applied to in one transaction, at most (updateManyPaymentConfirmations). */
export const CONFIRMATION_BATCH = 25;

/**
 * New confirmation counts for the transfers of many payments (a block that confirms many): in transactions of up to
 * CONFIRMATION_BATCH payments each, a few statements for the whole batch (lock, transfers and totals, rows, audit
 * rows with events and live updates) and each payment's lifecycle handlers. A batch that fails (one payment's
 * handler, a lock cycle with another transaction) is rolled back and its payments are applied one by one, each in
 * its own transaction, so one payment's trouble holds up no other; the first error is thrown once all were tried.
 * The batches run one after another; `lanes` of them at once on a pool (each its own connection).
 */
export async function updateManyPaymentConfirmations({
  deps,
  db,
  payments,
  now = new Date(),
  lanes = 1,
}: {
  deps: PaymentDeps;
  db: Db;
  payments: readonly { paymentId: string; updates: readonly ConfirmationUpdate[] }[];
  now?: Date;
  lanes?: number;
}): Promise<void> {
  if (new Set(payments.map((p) => p.paymentId)).size !== payments.length) {
    throw new Error('updateManyPaymentConfirmations: a payment is listed twice (give each its updates once)');
  }
  const batches: (typeof payments)[] = [];
  for (let i = 0; i < payments.length; i += CONFIRMATION_BATCH) {
    batches.push(payments.slice(i, i + CONFIRMATION_BATCH));
  }
  const errors: unknown[] = [];
  const runBatch = async (batch: typeof payments) => {
    try {
      await confirmPaymentsTogether({ deps, db, payments: batch, now });
      return;
    } catch (err) {
      if (batch.length === 1) {
        errors.push(err);
        return;
      }
    }
    for (const one of batch) {
      try {
        await confirmPaymentsTogether({ deps, db, payments: [one], now });
      } catch (err) {
        errors.push(err);
      }
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(lanes, batches.length)) }, async () => {
    for (let next = batches.shift(); next; next = batches.shift()) await runBatch(next);
  });
  await Promise.all(workers);
  if (errors.length > 0) throw errors[0];
}

/** One transaction: the payments locked, their transfers' new counts and totals, and the payments re-applied. */
async function confirmPaymentsTogether({
  deps,
  db,
  payments,
  now,
}: {
  deps: PaymentDeps;
  db: Db;
  payments: readonly { paymentId: string; updates: readonly ConfirmationUpdate[] }[];
  now: Date;
}): Promise<AppliedPaymentEvent[]> {
  return db.transaction().execute(async (trx) => {
    // The whole rows, locked: the transfers' updates below leave them as they are, so they are taken as read.
    const locked = new Map(
      (
        await lockPaymentRows(
          trx,
          payments.map((p) => p.paymentId),
        )
      ).map((r) => [r.id, r]),
    );
    const rows = payments.map((p) => {
      const row = locked.get(p.paymentId);
      if (!row) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
      return row;
    });
    // The transfers' new counts and every payment's totals after them, in one statement.
    const totals = await setConfirmationsAndSumTransfers({
      db: trx,
      payments: payments.map((p, i) => ({
        paymentId: p.paymentId,
        updates: p.updates,
        requiredConfirmations: (rows[i] as PaymentRow).required_confirmations,
      })),
      now,
    });
    return applyTransferTotals({
      deps,
      db: trx,
      payments: rows.map((row) => ({ locked: row, totals: totals.get(row.id) as TransferTotals })),
      actor: SYSTEM_ACTOR,
      now,
    });
  });
}

/**
 * A transfer is gone from the chain (its block was orphaned in a reorganisation, or it left the mempool or
 * was replaced): it stops counting, and the payment's totals are re-applied (partial or pending again).
 */
export async function removePaymentTransfer({
  deps,
  db,
  paymentId,
  transferId,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  paymentId: string;
  transferId: string;
  now?: Date;
}): Promise<AppliedPaymentEvent> {
  return changeTransferAndReapply({
    deps,
    db,
    paymentId,
    now,
    change: (trx) => markTransferRemoved({ db: trx, paymentId, transferId, now }),
  });
}

/**
 * A removed transfer counts again: the unconfirmed transfers of the transactions its own conflicts with (the
 * replacement that had replaced it) are removed in the same transaction. Call as `changeTransferAndReapply`'s
 * change, with the payment locked.
 */
export async function restoreWithoutConflicts({
  deps,
  db,
  paymentId,
  transferId,
  now,
  restore,
}: {
  deps: PaymentDeps;
  db: Db;
  paymentId: string;
  transferId: string;
  now: Date;
  restore: () => Promise<boolean>;
}): Promise<ConflictingTransfer[]> {
  if (!(await restore())) return [];
  const t = await db
    .selectFrom('transfers')
    .select(['network', 'txid'])
    .where('id', '=', transferId)
    .executeTakeFirstOrThrow();
  const spends = await listTransferSpends({ db, network: t.network, txid: t.txid });
  return removeConflictingTransfers({ deps, db, network: t.network, txid: t.txid, spends, paymentId, now });
}

/**
 * Changes one transfer of a payment and re-applies the payment's totals, in one transaction with the payment
 * row locked: the shared path of removing a transfer (reorg, mempool drop) and restoring it.
 */
export async function changeTransferAndReapply({
  deps,
  db,
  paymentId,
  now,
  change,
}: {
  deps: PaymentDeps;
  db: Db;
  paymentId: string;
  now: Date;
  change: (trx: Db) => Promise<unknown>;
}): Promise<AppliedPaymentEvent> {
  return db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .select('id')
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
    await change(trx);
    return applyPaymentEvent({
      deps,
      db: trx,
      paymentId,
      change: { type: 'transfers_changed' },
      actor: SYSTEM_ACTOR,
      now,
    });
  });
}
