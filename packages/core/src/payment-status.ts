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
 * Late money never confirms an attempt by itself: the closed attempt stays expired or failed, flagged paid_late,
 * and `payment.paid_late` tells the merchant once the late money has its confirmations. The merchant may then
 * accept it (`accept`, when its confirmed money covers the amount due): the attempt becomes confirmed, keeps
 * paid_late as a record, and emits `payment.confirmed` like any confirmed payment (docs/decisions/013).
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
  /**
   * Money that arrived after the attempt had expired or been cancelled has reached its required confirmations:
   * emitted each time the confirmed money of a closed (expired or failed) attempt flagged paid_late grows. The
   * attempt is NOT confirmed (its price was for a window that has passed): the merchant decides, and accepting it
   * (POST /payments/{id}/accept, allowed when `canAccept`) emits `payment.confirmed`.
   */
  'payment.paid_late',
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
  /**
   * The merchant cancelled the attempt (it was failed before any late money). Only read when an accepted late
   * payment loses its confirmed money to a reorganisation: it closes again as failed rather than expired.
   */
  cancelled?: boolean;
  /**
   * An administrator approved it (`approve`): confirmed by a person, not by the chain's confirmations. It stays
   * confirmed while any of its money remains on chain (see transitionPayment).
   */
  approved?: boolean;
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
  | { type: 'cancel' }
  /**
   * The merchant accepts the late money of a closed attempt (canAccept): the attempt becomes confirmed, once.
   */
  | { type: 'accept' }
  /**
   * An administrator approves a payment whose money arrived but that the rules do not confirm (too few
   * confirmations, a part paid, paid late): it becomes confirmed, once (canApprove). Moves no money.
   */
  | { type: 'approve' }
  /**
   * The price lock lapsed (`now >= expiresAt`) on a payment link's attempt that has seen nothing: a new amount due
   * at the current rate and a new lock end, in place (same address). `transfersSeen` is whether the payment has any
   * transfer row at all (even one removed since): once money was seen, the price stays. See lockLapseOutcome.
   */
  | { type: 'reprice'; amountDue: bigint; expiresAt: Date; now: Date; transfersSeen: boolean };

export type TPaymentTransition = {
  state: TPaymentState;
  /** True when anything stored changed (status, exception, totals). */
  changed: boolean;
  /** Events to write to the outbox, in order. */
  emit: TPaymentEventType[];
  /**
   * Set when the event is not allowed in this state; nothing changes then. `already_confirmed`: an accept of a
   * payment that is confirmed (accepted before, or paid in time); `not_acceptable`: any other refused accept;
   * `not_repriceable`: a reprice of an attempt whose price must stay (money seen, not lapsed, not a link's);
   * `nothing_received`: an approve of a payment that has received nothing (never approvable).
   */
  refused?:
    | 'not_cancellable'
    | 'not_acceptable'
    | 'already_confirmed'
    | 'not_repriceable'
    | 'nothing_received';
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
/** Expired or failed: the attempt's window is over (money arriving now is late). */
export const isClosed = (s: Pick<TPaymentState, 'status'>) => s.status === 'expired' || s.status === 'failed';
/**
 * The merchant may accept this payment: a closed attempt flagged paid_late whose money with its required
 * confirmations covers the amount due. Unconfirmed late money (it may still vanish) and late money short of
 * the amount cannot be accepted.
 */
export const canAccept = (s: Pick<TPaymentState, 'status' | 'exception' | 'confirmed' | 'amountDue'>) =>
  isClosed(s) && s.exception === 'paid_late' && s.confirmed >= s.amountDue;
/**
 * An administrator may approve this payment: money arrived (received, confirmed or not, in time or late) but the
 * rules have not confirmed it (too few confirmations, a part paid, paid late). A payment with nothing received can
 * never be approved; a confirmed one needs no approval.
 */
export const canApprove = (s: Pick<TPaymentState, 'status' | 'received'>) =>
  s.status !== 'confirmed' && s.received > 0n;
/** A late payment the merchant accepted: confirmed, with the paid_late flag kept as its record. */
export const isAcceptedLate = (s: Pick<TPaymentState, 'status' | 'exception'>) =>
  s.status === 'confirmed' && s.exception === 'paid_late';
/** What was received beyond the amount due (0 when not more). */
export const amountExcess = (s: Pick<TPaymentState, 'received' | 'amountDue'>) =>
  s.received > s.amountDue ? s.received - s.amountDue : 0n;
/** An attempt that ended without any money: a new attempt may replace it ("Try Again"). */
export const isRetryable = (s: Pick<TPaymentState, 'status' | 'received'>) =>
  (s.status === 'expired' || s.status === 'failed') && s.received === 0n;
/**
 * May this attempt take a new price in place? Only a pending attempt past its price lock that has never seen a
 * transfer (not even one removed since, nor one in the mempool): the payer cannot have sent the old amount yet.
 */
export const canReprice = (
  s: Pick<TPaymentState, 'status' | 'received' | 'late' | 'expiresAt'>,
  { now, transfersSeen }: { now: Date; transfersSeen: boolean },
) =>
  s.status === 'pending' &&
  s.received === 0n &&
  s.late === 0n &&
  !transfersSeen &&
  s.expiresAt.getTime() <= now.getTime();

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
      return {
        state: { ...state, status: 'failed', cancelled: true },
        changed: true,
        emit: ['payment.failed'],
      };
    }

    case 'accept': {
      if (state.status === 'confirmed') return { ...unchanged, refused: 'already_confirmed' };
      if (!canAccept(state)) return { ...unchanged, refused: 'not_acceptable' };
      // Confirmed like a payment confirmed in time (its link completes, its fee counts); paid_late stays as the
      // record that the merchant, not the clock, confirmed it.
      return { state: { ...state, status: 'confirmed' }, changed: true, emit: ['payment.confirmed'] };
    }

    case 'approve': {
      if (state.status === 'confirmed') return { ...unchanged, refused: 'already_confirmed' };
      if (!canApprove(state)) return { ...unchanged, refused: 'nothing_received' };
      // Confirmed by a person: the exception (partial, over, late) stays as the record of what the chain shows.
      return {
        state: { ...state, status: 'confirmed', approved: true },
        changed: true,
        emit: ['payment.confirmed'],
      };
    }

    case 'reprice': {
      if (
        !canReprice(state, event) ||
        event.amountDue <= 0n ||
        event.expiresAt.getTime() <= event.now.getTime()
      ) {
        return { ...unchanged, refused: 'not_repriceable' };
      }
      return {
        state: { ...state, amountDue: event.amountDue, expiresAt: event.expiresAt },
        changed: true,
        emit: ['payment.updated'],
      };
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
      if (state.status === 'confirmed' && state.approved && t.received > 0n) {
        // Approved by an administrator: confirmed while any of its money remains on chain; the totals and the
        // flag of what arrived follow the chain.
        const exception =
          state.exception === 'paid_late'
            ? 'paid_late'
            : t.received > state.amountDue
              ? 'paid_over'
              : t.received < state.amountDue
                ? 'paid_partial'
                : 'none';
        next = { ...state, ...t, exception };
      } else if (state.status === 'confirmed' && state.approved) {
        // Its money is gone (a reorganisation, a dropped transaction): the approval was of money that is no longer
        // there. Reversed, open again (or closed past its expiry), and no longer approved.
        next = { ...state, ...t, ...openOutcome(state.amountDue, t), approved: false };
        if (event.pastExpiry && canExpire(next)) {
          next = { ...next, status: 'expired', exception: expiredException(next) };
        }
      } else if (state.status === 'confirmed' && t.confirmed >= state.amountDue) {
        // Confirmed stays confirmed while its confirmed money covers the amount due: more money is an overpayment.
        // The flag follows the totals: an overpayment that a dropped replacement (RBF) had shown goes away again.
        // An accepted late payment keeps paid_late (its excess, if any, shows in its amounts).
        const exception =
          state.exception === 'paid_late'
            ? 'paid_late'
            : t.received > state.amountDue
              ? 'paid_over'
              : state.exception === 'paid_over'
                ? 'none'
                : state.exception;
        next = { ...state, ...t, exception };
      } else if (isAcceptedLate(state)) {
        // An accepted late payment whose confirmed money no longer covers the amount (a reorganisation): it was
        // never open again, so it closes again, flagged, and waits to be accepted again once re-confirmed.
        next = {
          ...state,
          ...t,
          status: state.cancelled ? 'failed' : 'expired',
          exception: closedException(t, 'none'),
        };
      } else if (isClosed(state)) {
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
      // Late money on a closed attempt gained its confirmations: its own event, never payment.confirmed.
      const lateConfirmed = isClosed(next) && next.exception === 'paid_late' && t.confirmed > state.confirmed;
      const emit: TPaymentEventType[] = statusEvent
        ? [statusEvent, ...(lateConfirmed ? (['payment.paid_late'] as const) : [])]
        : [lateConfirmed ? 'payment.paid_late' : 'payment.updated'];
      return { state: next, changed: true, emit };
    }
  }
}

// -------------------------------------------------------------------------------------------------------
// The price lock of a payment link's attempt (docs/decisions/005-hosted-payment-page.md, "The price lock")

/** What becomes of an open attempt at the end of its price lock. */
export type TLockLapse =
  /** Not lapsed yet, or nothing to do (closed, or its full amount was seen in time: it waits for confirmations). */
  | 'none'
  /** A payment link's attempt that has seen nothing while its link still takes payments: re-priced in place. */
  | 'reprice'
  /** Anything else (money seen, no link, the link has ended): the attempt expires, its money kept and flagged. */
  | 'expire';

/**
 * The rule at the end of a price lock. An attempt of an active link whose lock lapses with nothing seen is given a
 * new price in place (same address, new amount due at the current rate, new lock) until its link ends: a link that
 * never expires never tells the customer it expired. Once any transfer was seen the price stays and the lock end is
 * a deadline, as for payments made through the API (`link` null). The caller tries the re-price and falls back to
 * expiry when the current rate cannot price it.
 */
export function lockLapseOutcome(
  s: TPaymentState,
  { now, link, transfersSeen }: { now: Date; link: TPaymentLinkState | null; transfersSeen: boolean },
): TLockLapse {
  if (s.expiresAt.getTime() > now.getTime() || !canExpire(s)) return 'none';
  if (link && canStartAttempt(link, now) && canReprice(s, { now, transfersSeen })) return 'reprice';
  return 'expire';
}

/**
 * When an attempt's price lock (started `now`, `lockSeconds` long) ends: at the link's expiry when that comes
 * sooner, since nothing can be paid through an expired link.
 */
export function priceLockEnd({
  now,
  lockSeconds,
  linkExpiresAt,
}: {
  now: Date;
  lockSeconds: number;
  linkExpiresAt: Date | null;
}): Date {
  const lock = new Date(now.getTime() + lockSeconds * 1000);
  return linkExpiresAt && linkExpiresAt.getTime() < lock.getTime() ? linkExpiresAt : lock;
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
