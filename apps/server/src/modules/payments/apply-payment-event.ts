import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import { formatUnits } from '@coinlane/core/money';
import {
  isClosed,
  type TPaymentEvent,
  type TPaymentEventType,
  type TPaymentState,
  type TPaymentTransition,
  transitionPayment,
} from '@coinlane/core/payment-status';
import { T } from '@coinlane/core/texts';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { type AuditEntry, recordAudit } from '#app/modules/audit/record-audit.ts';
import {
  type AlsoNotify,
  type NewOutboxEvent,
  writeOutboxEvent,
  writeOutboxEvents,
} from '#app/modules/outbox/write-outbox-event.ts';
import { getTransferTotals, type TransferTotals } from '#app/modules/transfers/get-transfer-totals.ts';
import type { PaymentActor } from './actor.ts';
import {
  notifyPaymentChanged,
  PAYMENT_CHANNEL,
  paymentNotificationPayload,
} from './notify-payment-changed.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { runPaymentLifecycle, runPaymentLifecycles } from './payment-lifecycle.ts';
import { paymentState, presentPayment } from './present-payment.ts';
import { hasAnyTransfer, lockPaymentRow, type PaymentRow, paymentFlushFields } from './queries.ts';

/**
 * What happened to a payment. `transfers_changed`'s totals are summed here, from the transfers table, inside the
 * same transaction, unless the caller gives them: read in this transaction, with the payment locked, after its last
 * write of the transfers (setConfirmationsAndSumTransfers).
 */
export type PaymentChange =
  | { type: 'transfers_changed'; totals?: TransferTotals }
  | { type: 'expiry_reached' }
  | { type: 'cancel' }
  | { type: 'accept' }
  /**
   * An administrator approves a payment whose money arrived but that the rules do not confirm (canApprove):
   * `actor.id` is the administrator, `reason` why (stored on the payment and in the audit row).
   */
  | { type: 'approve'; reason: string }
  /**
   * The price lock lapsed with nothing seen: the new price (settle-lapsed-payment.ts). Whether any transfer was
   * ever seen is read here, under the payment's lock: a transfer recorded first leaves the price as it was.
   */
  | { type: 'reprice'; price: NewPrice };

/** A payment's new price after its lock lapsed: amount due, lock end, and the rate and USD value behind them. */
export type NewPrice = {
  amountDue: bigint;
  expiresAt: Date;
  usdAmount: string | null;
  /** The rates of a fiat-priced amount; null for an amount set in crypto. */
  rate: { cryptoRate: string; fiatRate: string; source: string } | null;
};

export type AppliedPaymentEvent = { payment: PaymentRow; changed: boolean; emitted: TPaymentEventType[] };

/** The figures of a payment's state an audit row keeps (before and after a change; after, at its creation). */
export const paymentSnapshot = (s: TPaymentState) => ({
  status: s.status,
  exception: s.exception,
  amount_received: s.received.toString(),
  amount_confirmed: s.confirmed.toString(),
  amount_late: s.late.toString(),
  ...(s.approved ? { approved: true } : {}),
});

/** Why an accept was refused, in the catalogue's words (each a 409 INVALID_STATE). */
function acceptRefusal(row: PaymentRow, s: TPaymentState, refused: TPaymentTransition['refused']): string {
  if (refused === 'already_confirmed') {
    return s.exception === 'paid_late' ? T.paymentAlreadyAccepted : T.paymentConfirmedNothingToAccept;
  }
  if (!isClosed(s) || s.exception !== 'paid_late') return T.paymentNotPaidLate;
  if (s.received >= s.amountDue) return T.paymentLateUnconfirmed;
  const coins = (v: bigint) => formatUnits(v, row.decimals);
  return T.paymentLateShort(coins(s.confirmed), coins(s.amountDue), row.currency);
}

/**
 * The state columns a change writes to the payment row (every change): the status machine's new state, the latest
 * transaction, the confirmation time (kept from the first confirmation; none when un-confirmed by a
 * reorganisation), and whether the expiry height and the approval go (see applyPaymentEvent).
 */
function stateColumns(row: PaymentRow, s: TPaymentState, latestTxid: string | null, now: Date) {
  return {
    status: s.status,
    exception: s.exception,
    amount_received: s.received.toString(),
    amount_confirmed: s.confirmed.toString(),
    amount_late: s.late.toString(),
    confirmations: s.confirmations,
    tx_hash: latestTxid,
    confirmed_at: s.status === 'confirmed' ? (row.confirmed_at ?? now) : null,
    /** Un-confirmed: a new count of the blocks its money may stay unmined past the expiry (flag-unmined-payments). */
    clearExpiryHeight: row.status === 'confirmed' && s.status !== 'confirmed',
    /** The approval goes with its money (the audit keeps it). */
    clearApproval: !s.approved,
  };
}

/** The audit row of a change whose figures changed (status, exception or amounts), else null. */
function auditOf(
  row: PaymentRow,
  before: TPaymentState,
  after: TPaymentState,
  change: PaymentChange,
  actor: PaymentActor,
): AuditEntry | null {
  if (JSON.stringify(paymentSnapshot(before)) === JSON.stringify(paymentSnapshot(after))) return null;
  return {
    actorId: actor.id,
    actorType: actor.type,
    action: `payment.${change.type}`,
    entityType: 'payment',
    entityId: row.id,
    mode: row.mode,
    before: paymentSnapshot(before),
    after:
      change.type === 'approve'
        ? { ...paymentSnapshot(after), reason: change.reason }
        : paymentSnapshot(after),
    ip: actor.ip,
  };
}

/**
 * THE one function that changes a payment's state. Every change after its creation (a transfer seen, confirmed or
 * removed, expiry, cancellation, the merchant accepting late money) comes through here and, in one transaction
 * with the payment row locked (the creation itself is one statement, writeNewPayment, with the same audit row,
 * event and live update; the state machine's `created` transition names its event):
 * 1. asks the core state machine (transitionPayment) for the new state;
 * 2. writes it to the payment row;
 * 3. writes an audit row when the status, exception or amounts change (not for a mere confirmation count);
 * 4. writes the outbox events the machine emitted, in order, with the payment as it now is;
 * 5. runs the lifecycle handlers of each emitted event (deps.lifecycle, registered by the composition root:
 *    on confirmation the link is completed and the platform fee recorded; on reversal the fee is voided and the
 *    link reopened), in this transaction;
 * 6. on a re-price: the new amount due, lock end and rate, an audit row (payment.repriced) and a price history
 *    row (payment_price_changes); refused, changing nothing, once any transfer of the payment exists.
 * Runs in the caller's transaction when given one (db.isTransaction), else in its own. A caller that locked the
 * row itself in that transaction (lockPaymentRow) and wrote nothing to it since may pass it as `locked`: it is not
 * read again (a confirmation of a block costs one statement fewer).
 */
export async function applyPaymentEvent({
  db,
  paymentId,
  change,
  actor,
  now = new Date(),
  deps,
  locked,
}: {
  db: Db;
  paymentId: string;
  change: PaymentChange;
  actor: PaymentActor;
  now?: Date;
  deps: PaymentDeps;
  /** The payment row as this transaction locked it (lockPaymentRow), unchanged since. */
  locked?: PaymentRow;
}): Promise<AppliedPaymentEvent> {
  if (locked && (!db.isTransaction || locked.id !== paymentId)) {
    throw new Error(
      'applyPaymentEvent: a locked row comes with the transaction that locked it, for that payment',
    );
  }
  const run = async (trx: Db): Promise<AppliedPaymentEvent> => {
    const row = locked ?? (await lockPaymentRow(trx, paymentId));
    if (!row) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
    const before = paymentState(row);

    let event: TPaymentEvent;
    let latestTxid = row.tx_hash;
    if (change.type === 'transfers_changed') {
      const totals =
        change.totals ??
        (await getTransferTotals({ db: trx, paymentId, requiredConfirmations: row.required_confirmations }));
      latestTxid = totals.latestTxid;
      event = { type: 'transfers_changed', totals, pastExpiry: row.expires_at.getTime() <= now.getTime() };
    } else if (change.type === 'expiry_reached') {
      if (row.expires_at.getTime() > now.getTime()) return { payment: row, changed: false, emitted: [] };
      event = change;
    } else if (change.type === 'reprice') {
      // Every transfer is recorded with the payment locked (recordPaymentTransfer): none can slip in meanwhile.
      const transfersSeen = await hasAnyTransfer(trx, paymentId);
      event = {
        type: 'reprice',
        amountDue: change.price.amountDue,
        expiresAt: change.price.expiresAt,
        now,
        transfersSeen,
      };
    } else if (change.type === 'approve') {
      event = { type: 'approve' };
    } else {
      event = change;
    }

    const t = transitionPayment(before, event);
    if (t.refused === 'not_cancellable') {
      throw new AppError('INVALID_STATE', { message: T.paymentNotCancellable(row.status) });
    }
    if (t.refused === 'not_repriceable') return { payment: row, changed: false, emitted: [] };
    if (change.type === 'approve' && t.refused) {
      throw new AppError('INVALID_STATE', {
        message:
          t.refused === 'nothing_received' ? T.transactionNothingReceived : T.transactionAlreadyCompleted,
      });
    }
    if (t.refused) {
      throw new AppError('INVALID_STATE', { message: acceptRefusal(row, before, t.refused) });
    }
    const price = change.type === 'reprice' ? change.price : null;

    let payment = row;
    if (t.changed || latestTxid !== row.tx_hash) {
      const { clearExpiryHeight, clearApproval, ...columns } = stateColumns(row, t.state, latestTxid, now);
      payment = await trx
        .updateTable('payments')
        .set({
          ...columns,
          failure_reason: change.type === 'cancel' ? 'cancelled' : row.failure_reason,
          ...(clearExpiryHeight ? { expiry_height: null } : {}),
          // An administrator's approval: who and why; gone with it when its money is gone (the audit keeps it).
          ...(change.type === 'approve'
            ? { approved_at: now, approved_by: actor.id, approval_reason: change.reason }
            : clearApproval
              ? { approved_at: null, approved_by: null, approval_reason: null }
              : {}),
          ...(price
            ? {
                amount: t.state.amountDue.toString(),
                expires_at: t.state.expiresAt,
                usd_amount: price.usdAmount,
                locked_crypto_rate: price.rate?.cryptoRate ?? null,
                locked_fiat_rate: price.rate?.fiatRate ?? null,
                rate_source: price.rate?.source ?? null,
                rate_locked_at: price.rate ? now : null,
              }
            : {}),
          updated_at: now,
        })
        .where('id', '=', paymentId)
        .returningAll()
        .returning(paymentFlushFields)
        .executeTakeFirstOrThrow();
    }

    const audit = auditOf(row, before, t.state, change, actor);
    // The audit row rides in the first event's statement when nothing is written between them (a re-price writes
    // its price history in between); otherwise it is written here, first, as always.
    const repriced = price !== null && t.changed;
    const auditWithEvent = audit !== null && !repriced && t.emit.length > 0;
    if (audit && !auditWithEvent) await recordAudit({ db: trx, ...audit });

    if (repriced) await recordPriceChange({ db: trx, before: row, after: payment, actor, now });

    // Live updates: every committed change of the row (confirmations too) reaches the WebSocket sockets of
    // every server process through LISTEN/NOTIFY; delivered at commit, dropped on rollback. With events to write,
    // it rides in the last one's statement (one round trip fewer).
    const live = { paymentId, userId: row.user_id, mode: row.mode };
    if (t.emit.length) {
      const payload = presentPayment(payment);
      for (const [i, type] of t.emit.entries()) {
        await writeOutboxEvent({
          db: trx,
          userId: row.user_id,
          mode: row.mode,
          type,
          entityType: 'payment',
          entityId: paymentId,
          payload,
          ...(i === 0 && auditWithEvent && audit ? { audit } : {}),
          also:
            i === t.emit.length - 1
              ? [{ channel: PAYMENT_CHANNEL, payload: paymentNotificationPayload(live) }]
              : [],
        });
      }
    } else if (payment !== row) {
      await notifyPaymentChanged({ db: trx, ...live });
    }

    // What other modules do on a status change (the link, the platform fee), in this transaction.
    await runPaymentLifecycle(deps.lifecycle, t.emit, { db: trx, payment, actor, now });
    return { payment, changed: t.changed, emitted: t.emit };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** The price of a payment before and after a re-price: its audit row and its price history row. */
async function recordPriceChange({
  db,
  before,
  after,
  actor,
  now,
}: {
  db: Db;
  before: PaymentRow;
  after: PaymentRow;
  actor: PaymentActor;
  now: Date;
}): Promise<void> {
  const priceOf = (p: PaymentRow) => ({
    amount: p.amount,
    expires_at: p.expires_at.toISOString(),
    usd_amount: p.usd_amount,
    locked_crypto_rate: p.locked_crypto_rate,
    locked_fiat_rate: p.locked_fiat_rate,
    rate_source: p.rate_source,
  });
  await recordAudit({
    db,
    actorId: actor.id,
    actorType: actor.type,
    action: 'payment.repriced',
    entityType: 'payment',
    entityId: before.id,
    mode: before.mode,
    before: priceOf(before),
    after: priceOf(after),
    ip: actor.ip,
  });
  await db
    .insertInto('payment_price_changes')
    .values({
      id: randomId('ppc'),
      payment_id: before.id,
      user_id: before.user_id,
      mode: before.mode,
      amount_before: before.amount,
      amount_after: after.amount,
      lock_ended_at: before.expires_at,
      locked_until: after.expires_at,
      usd_amount: after.usd_amount,
      locked_crypto_rate: after.locked_crypto_rate,
      locked_fiat_rate: after.locked_fiat_rate,
      rate_source: after.rate_source,
      changed_at: now,
    })
    .execute();
}

/**
 * applyPaymentEvent's `transfers_changed` for several payments at once (a block that confirms many): the same state
 * machine, row, audit rows, events, live updates and lifecycle handlers, written in a few statements for them all
 * rather than a few for each. Runs in the caller's transaction, which holds every payment locked (lockPaymentRows)
 * with its new totals read under that lock (setConfirmationsAndSumTransfers). In one statement: the rows
 * that change; in one more: every audit row, every event (in the payments' order, each payment's in its machine's
 * order) and every live update. Then the lifecycle handlers (runPaymentLifecycles: a batch handler gets the
 * payments with the same event together; the others run payment after payment), as separate transactions would
 * have left things. The NOTIFYs go out at the commit, together. Returns each payment's result, in
 * the order given.
 */
export async function applyTransferTotals({
  deps,
  db,
  payments,
  actor,
  now,
}: {
  deps: PaymentDeps;
  db: Db;
  /** Each payment as this transaction locked it (unchanged since) and its transfers' totals read under the lock. */
  payments: readonly { locked: PaymentRow; totals: TransferTotals }[];
  actor: PaymentActor;
  now: Date;
}): Promise<AppliedPaymentEvent[]> {
  if (!db.isTransaction)
    throw new Error('applyTransferTotals: call it in the transaction that locked the payments');
  const change = { type: 'transfers_changed' } as const;
  const plans = payments.map(({ locked: row, totals }) => {
    const before = paymentState(row);
    const t = transitionPayment(before, {
      type: 'transfers_changed',
      totals,
      pastExpiry: row.expires_at.getTime() <= now.getTime(),
    });
    // The machine refuses none of the chain's changes; one would be a bug, and fails the whole batch.
    if (t.refused) throw new Error(`applyTransferTotals: ${row.id}: refused (${t.refused})`);
    return { row, before, t, latestTxid: totals.latestTxid };
  });

  // 1. The rows that change, in one UPDATE ... FROM (VALUES ...).
  const writes = plans.filter((p) => p.t.changed || p.latestTxid !== p.row.tx_hash);
  const written = new Map<string, PaymentRow>();
  if (writes.length > 0) {
    const values = sql.join(
      writes.map((p) => {
        const c = stateColumns(p.row, p.t.state, p.latestTxid, now);
        return sql`(${p.row.id}::text, ${c.status}::text, ${c.exception}::text, ${c.amount_received}::numeric, ${
          c.amount_confirmed
        }::numeric, ${c.amount_late}::numeric, ${c.confirmations}::integer, ${c.tx_hash}::text, ${
          c.confirmed_at
        }::timestamptz, ${c.clearExpiryHeight}::boolean, ${c.clearApproval}::boolean)`;
      }),
    );
    const rows = await db
      .updateTable('payments')
      .from(
        sql<{
          id: string;
          status: PaymentRow['status'];
          exception: PaymentRow['exception'];
          amount_received: string;
          amount_confirmed: string;
          amount_late: string;
          confirmations: number;
          tx_hash: string | null;
          confirmed_at: Date | null;
          clear_expiry_height: boolean;
          clear_approval: boolean;
        }>`(VALUES ${values})`.as<'v'>(
          sql`v(id, status, exception, amount_received, amount_confirmed, amount_late, confirmations, tx_hash, confirmed_at, clear_expiry_height, clear_approval)`,
        ),
      )
      .set((eb) => ({
        status: eb.ref('v.status'),
        exception: eb.ref('v.exception'),
        amount_received: eb.ref('v.amount_received'),
        amount_confirmed: eb.ref('v.amount_confirmed'),
        amount_late: eb.ref('v.amount_late'),
        confirmations: eb.ref('v.confirmations'),
        tx_hash: eb.ref('v.tx_hash'),
        confirmed_at: eb.ref('v.confirmed_at'),
        expiry_height: sql`CASE WHEN v.clear_expiry_height THEN NULL ELSE payments.expiry_height END`,
        approved_at: sql`CASE WHEN v.clear_approval THEN NULL ELSE payments.approved_at END`,
        approved_by: sql`CASE WHEN v.clear_approval THEN NULL ELSE payments.approved_by END`,
        approval_reason: sql`CASE WHEN v.clear_approval THEN NULL ELSE payments.approval_reason END`,
        updated_at: now,
      }))
      .whereRef('payments.id', '=', 'v.id')
      .returningAll('payments')
      .returning(paymentFlushFields)
      .execute();
    for (const r of rows) written.set(r.id, r);
  }

  // 2. Audit rows, events and live updates, in one statement.
  const audits: AuditEntry[] = [];
  const events: NewOutboxEvent[] = [];
  const live: AlsoNotify[] = [];
  const results = plans.map((p) => {
    const payment = written.get(p.row.id) ?? p.row;
    const audit = auditOf(p.row, p.before, p.t.state, change, actor);
    if (audit) audits.push(audit);
    if (p.t.emit.length > 0) {
      const payload = presentPayment(payment);
      for (const type of p.t.emit) {
        events.push({
          userId: p.row.user_id,
          mode: p.row.mode,
          type,
          entityType: 'payment',
          entityId: p.row.id,
          payload,
        });
      }
    }
    if (p.t.emit.length > 0 || payment !== p.row) {
      live.push({
        channel: PAYMENT_CHANNEL,
        payload: paymentNotificationPayload({ paymentId: p.row.id, userId: p.row.user_id, mode: p.row.mode }),
      });
    }
    return { payment, changed: p.t.changed, emitted: p.t.emit };
  });
  if (events.length > 0 || live.length > 0 || audits.length > 0) {
    await writeOutboxEvents({ db, events, also: live, audits });
  }

  // 3. What other modules do on a status change, payment after payment, in this transaction.
  await runPaymentLifecycles(
    deps.lifecycle,
    results.map((r) => ({ emitted: r.emitted, change: { db, payment: r.payment, actor, now } })),
  );
  return results;
}
