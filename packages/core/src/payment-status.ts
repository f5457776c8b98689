/**
 * The payment and payment-link status machines: one pure function each, (state, event) -> new state and the
 * events to emit. The server's one state-changing service function calls them and stores the result; no
 * other code decides a status.
 *
 * A payment has a status and, beside it, an exception (after BTCPay's InvoiceWatcher): the status says where
 * the attempt is, the exception flags money that does not fit it, so that no coin is ever lost from view.
 *
 *   status     pending -> partial -> confirmed, or expired / failed
 *   exception  none | paid_partial (less than due) | paid_over (more than due) | paid_late (money arrived
 *              after the attempt had expired or been cancelled)
 *
 * Amounts come from the payment's transfers, summed by the caller: `received` counts every transfer that is
 * not removed, `confirmed` those with the network's required confirmations, `late` those first seen after the
 * payment had closed (expired or failed) or after its expiry time, and those a watcher flagged late because they
 * stayed unmined too long after the expiry. Only money seen in time (`received - late`) holds an attempt open
 * past its expiry.
 */

export const PAYMENT_STATUSES = ['pending', 'partial', 'confirmed', 'failed', 'expired'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_EXCEPTIONS = ['none', 'paid_partial', 'paid_over', 'paid_late'] as const;
export type TPaymentException = (typeof PAYMENT_EXCEPTIONS)[number];

/** Events written to the outbox (webhooks and live updates deliver them). */
export const PAYMENT_EVENT_TYPES = [
  'payment.created',
  'payment.partial',
  'payment.confirmed',
  'payment.failed',
  'payment.expired',
  /**
   * A confirmed payment is confirmed no more: a reorganisation took away the block that confirmed it. The payload
   * is the payment as it now is (pending awaiting confirmations, partial, or expired when its money is gone).
   */
  'payment.reversed',
  /** Anything else a watcher of the payment wants to see: confirmations, late or over payments, reorgs. */
  'payment.updated',
] as const;
export type TPaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

export type TTransferTotals = {
  /** Sum of all transfers not removed, base units. */
  received: bigint;
  /** Sum of the transfers with the required confirmations. */
  confirmed: bigint;
  /**
   * Sum of the transfers first seen after the payment had expired or failed, or after its expiry time, or left
   * unmined too long after it (counted in `received` too).
   */
  late: bigint;
  /** Fewest confirmations among the counted transfers (0 without transfers). */
  confirmations: number;
};

export type TPaymentState = TTransferTotals & {
  status: TPaymentStatus;
  exception: TPaymentException;
  /** Amount due, base units (> 0). */
  amountDue: bigint;
  expiresAt: Date;
};

export type TPaymentEvent =
  /** The payment row was just created. */
  | { type: 'created' }
  /**
   * A transfer was seen, gained confirmations, or was removed (reorganisation, dropped from the mempool,
   * replaced): the new totals over all the payment's transfers.
   */
  | {
      type: 'transfers_changed';
      totals: TTransferTotals;
      /**
       * The clock has passed expiresAt (the caller checks `now >= expiresAt`): an open attempt whose money seen
       * in time no longer covers the amount (a fee bump first seen after the expiry replaced it, or it was
       * flagged late) expires now, its money kept and flagged.
       */
      pastExpiry?: boolean;
    }
  /** The clock passed expiresAt (the caller checks `now >= expiresAt`). */
  | { type: 'expiry_reached' }
  /** The merchant cancels the attempt. */
  | { type: 'cancel' };

export type TPaymentTransition = {
  state: TPaymentState;
  /** True when anything stored changed (status, exception, totals). */
  changed: boolean;
  /** Events to write to the outbox, in order. */
  emit: TPaymentEventType[];
  /** Set when the event is not allowed in this state; nothing changes then. */
  refused?: 'not_cancellable';
};

/**
 * Failed and expired attempts take no new status (money arriving later is flagged, not lost). A confirmed one
 * leaves its status only when a reorganisation takes away the confirmed money (see transitionPayment).
 */
export const isFinal = (s: Pick<TPaymentState, 'status'>) =>
  s.status === 'confirmed' || s.status === 'failed' || s.status === 'expired';
/** Still waiting for money or confirmations. */
export const isOpen = (s: Pick<TPaymentState, 'status'>) => s.status === 'pending' || s.status === 'partial';
/** A merchant may cancel an attempt that is pending and has received nothing. */
export const canCancel = (s: Pick<TPaymentState, 'status' | 'received'>) =>
  s.status === 'pending' && s.received === 0n;
/** Money seen in time: what was received less what counts as late. */
const inTime = (s: Pick<TPaymentState, 'received' | 'late'>) => s.received - s.late;
/**
 * The full amount has been seen in time but not yet confirmed: the attempt does not expire while it waits, but
 * only for a bounded number of blocks (a watcher flags money left unmined longer as late, which ends the wait).
 */
export const isAwaitingConfirmations = (
  s: Pick<TPaymentState, 'status' | 'received' | 'late' | 'amountDue'>,
) => isOpen(s) && inTime(s) >= s.amountDue;
/** Expiry applies to an open attempt that has not seen its full amount in time. */
export const canExpire = (s: Pick<TPaymentState, 'status' | 'received' | 'late' | 'amountDue'>) =>
  isOpen(s) && inTime(s) < s.amountDue;
/** The amount still to pay (0 when paid in full or over). */
export const amountRemaining = (s: Pick<TPaymentState, 'received' | 'amountDue'>) =>
  s.received >= s.amountDue ? 0n : s.amountDue - s.received;
/** An attempt that ended without any money: a new attempt may replace it ("Try Again"). */
export const isRetryable = (s: Pick<TPaymentState, 'status' | 'received'>) =>
  (s.status === 'expired' || s.status === 'failed') && s.received === 0n;

/** Status and exception of an open attempt for its totals. */
function openOutcome(
  due: bigint,
  t: TTransferTotals,
): { status: TPaymentStatus; exception: TPaymentException } {
  const exception: TPaymentException =
    t.received > due ? 'paid_over' : t.received > 0n && t.received < due ? 'paid_partial' : 'none';
  if (t.confirmed >= due) return { status: 'confirmed', exception };
  if (t.received >= due) return { status: 'pending', exception }; // paid in full, awaiting confirmations
  if (t.received > 0n) return { status: 'partial', exception };
  return { status: 'pending', exception };
}

/** Exception of an attempt that expires now: late money first, then a part paid. */
const expiredException = (s: TTransferTotals): TPaymentException =>
  s.late > 0n ? 'paid_late' : s.received > 0n ? 'paid_partial' : 'none';

/** Exception of a closed (expired or failed) attempt for its totals. */
function closedException(t: TTransferTotals, previous: TPaymentException): TPaymentException {
  if (t.late > 0n) return 'paid_late';
  if (t.received > 0n) {
    if (previous === 'paid_late') return 'paid_partial';
    // Money on a closed attempt that closed with none: it arrived after the close, even when its transfer was
    // first seen before (a transaction dropped from the mempool, then mined after the expiry).
    return previous === 'none' ? 'paid_late' : previous;
  }
  return 'none';
}

const EVENT_OF_STATUS: Partial<Record<TPaymentStatus, TPaymentEventType>> = {
  partial: 'payment.partial',
  confirmed: 'payment.confirmed',
  failed: 'payment.failed',
  expired: 'payment.expired',
};

const sameTotals = (a: TTransferTotals, b: TTransferTotals) =>
  a.received === b.received &&
  a.confirmed === b.confirmed &&
  a.late === b.late &&
  a.confirmations === b.confirmations;

/** The payment status machine. Pure: same input, same output. */
export function transitionPayment(state: TPaymentState, event: TPaymentEvent): TPaymentTransition {
  const unchanged: TPaymentTransition = { state, changed: false, emit: [] };
  switch (event.type) {
    case 'created':
      return { state, changed: false, emit: ['payment.created'] };

    case 'cancel': {
      if (!canCancel(state)) return { ...unchanged, refused: 'not_cancellable' };
      return { state: { ...state, status: 'failed' }, changed: true, emit: ['payment.failed'] };
    }

    case 'expiry_reached': {
      if (!canExpire(state)) return unchanged;
      // An attempt that saw part of its amount expires with the part flagged, never dropped.
      return {
        state: { ...state, status: 'expired', exception: expiredException(state) },
        changed: true,
        emit: ['payment.expired'],
      };
    }

    case 'transfers_changed': {
      const t = event.totals;
      let next: TPaymentState;
      if (state.status === 'confirmed' && t.confirmed >= state.amountDue) {
        // Confirmed stays confirmed while its confirmed money covers the amount due: more money is an overpayment.
        // The flag follows the totals: an overpayment that a dropped replacement (RBF) had shown goes away again.
        const exception =
          t.received > state.amountDue
            ? 'paid_over'
            : state.exception === 'paid_over'
              ? 'none'
              : state.exception;
        next = { ...state, ...t, exception };
      } else if (state.status === 'expired' || state.status === 'failed') {
        next = { ...state, ...t, exception: closedException(t, state.exception) };
      } else {
        // Open, or confirmed until a reorganisation orphaned the block that confirmed it: the chain no longer
        // backs the confirmation, so the attempt is open again with what the chain now shows (awaiting
        // confirmations, partial or nothing), and confirms again when the money is re-mined deep enough.
        next = { ...state, ...t, ...openOutcome(state.amountDue, t) };
        // Past the expiry, only money seen in time holds the attempt open (isAwaitingConfirmations): money first
        // seen later (a fee bump that replaced the original), or left unmined too long, does not.
        if (event.pastExpiry && next.status !== 'confirmed' && canExpire(next)) {
          next = { ...next, status: 'expired', exception: expiredException(next) };
        }
      }
      const statusChanged = next.status !== state.status;
      const changed = statusChanged || next.exception !== state.exception || !sameTotals(state, t);
      if (!changed) return unchanged;
      // A confirmed payment that is confirmed no more says so in one event, whatever it is now.
      const statusEvent = !statusChanged
        ? undefined
        : state.status === 'confirmed'
          ? 'payment.reversed'
          : EVENT_OF_STATUS[next.status];
      return { state: next, changed: true, emit: [statusEvent ?? 'payment.updated'] };
    }
  }
}

// -------------------------------------------------------------------------------------------------------
// Payment links

export const PAYMENT_LINK_STATUSES = ['active', 'completed', 'expired'] as const;
export type TPaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

export type TPaymentLinkState = { status: TPaymentLinkStatus; expiresAt: Date | null };

export type TPaymentLinkEvent =
  /** One of its payments was confirmed (even after the link's expiry: that payment was seen in time). */
  | { type: 'payment_confirmed' }
  /**
   * The payment that completed it was reversed by a reorganisation: the link is open again (active, or expired
   * when its own expiry has passed) so the customer can pay again.
   */
  | { type: 'payment_reversed'; now: Date }
  /** The clock passed expiresAt. */
  | { type: 'expiry_reached' }
  /** The merchant switches the link off. */
  | { type: 'deactivate' }
  /** The merchant switches it back on, optionally with a new expiry (null: never expires). */
  | { type: 'reactivate'; expiresAt?: Date | null; now: Date };

export type TPaymentLinkTransition = {
  state: TPaymentLinkState;
  changed: boolean;
  refused?: 'completed' | 'expiry_passed';
};

export const isLinkExpiredAt = (s: TPaymentLinkState, now: Date) =>
  s.expiresAt !== null && s.expiresAt.getTime() <= now.getTime();
/** The status a reader sees: an active link past its expiry reads as expired even before the sweep. */
export const effectiveLinkStatus = (s: TPaymentLinkState, now: Date): TPaymentLinkStatus =>
  s.status === 'active' && isLinkExpiredAt(s, now) ? 'expired' : s.status;
/** Customers can start a payment only on an active link that has not expired. */
export const canStartAttempt = (s: TPaymentLinkState, now: Date) => effectiveLinkStatus(s, now) === 'active';

export function transitionPaymentLink(
  state: TPaymentLinkState,
  event: TPaymentLinkEvent,
): TPaymentLinkTransition {
  const unchanged = { state, changed: false };
  switch (event.type) {
    case 'payment_confirmed':
      if (state.status === 'completed') return unchanged;
      return { state: { ...state, status: 'completed' }, changed: true };
    case 'payment_reversed':
      if (state.status !== 'completed') return unchanged;
      return {
        state: { ...state, status: isLinkExpiredAt(state, event.now) ? 'expired' : 'active' },
        changed: true,
      };
    case 'expiry_reached':
    case 'deactivate':
      if (state.status !== 'active') return unchanged;
      return { state: { ...state, status: 'expired' }, changed: true };
    case 'reactivate': {
      if (state.status === 'completed') return { ...unchanged, refused: 'completed' };
      const expiresAt = event.expiresAt === undefined ? state.expiresAt : event.expiresAt;
      const next: TPaymentLinkState = { status: 'active', expiresAt };
      if (isLinkExpiredAt(next, event.now)) return { ...unchanged, refused: 'expiry_passed' };
      const changed = state.status !== 'active' || state.expiresAt?.getTime() !== expiresAt?.getTime();
      return { state: changed ? next : state, changed };
    }
  }
}
