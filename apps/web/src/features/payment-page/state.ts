import type { TCheckout, TCheckoutPayment } from '@coinlane/core/api/checkout';
import type { TPaymentStatus } from '@coinlane/core/payment-status';

/** A payment.updated message (WebSocket) or a public status reply (polling): the fields that move. */
export type TPaymentUpdate = Partial<
  Pick<
    TCheckoutPayment,
    | 'status'
    | 'exception'
    | 'amount'
    | 'amountReceived'
    | 'amountRemaining'
    | 'paymentUri'
    | 'confirmations'
    | 'requiredConfirmations'
    | 'transactionHash'
    | 'expiresAt'
    | 'updatedAt'
  >
> & { id?: string };

/** Keys of the page's error texts (locales.ts, `errors.*`). */
export type TPageError =
  | 'notFound'
  | 'linkExpired'
  | 'loadFailed'
  | 'createFailed'
  | 'rateLimited'
  | 'fundsOnExpired'
  | 'merchantUnavailable'
  | 'maintenance'
  | 'currencyUnavailable'
  | 'conversionUnavailable';

export type TPageState = {
  phase: 'loading' | 'error' | 'ready';
  /** The 'Payment Error' panel's message (phase error). */
  error: TPageError | null;
  checkout: TCheckout | null;
  payment: TCheckoutPayment | null;
  /** Payment page status (merchant spec 4): pending, partial, confirmed, failed, expired. */
  status: TPaymentStatus;
  /** Why the page is expired or cannot start a new attempt, when it is not the payment's own expiry. */
  notice: TPageError | null;
  /** A new attempt may be started ("Try Again" on the failed and expired screens). */
  canRetry: boolean;
  /** A live connection is open (else the page polls). */
  live: boolean;
  /**
   * The server's clock minus this device's, in ms (from the checkout's serverTime): timers count down on the
   * server's clock, which decides when a price lock ends, not on a device clock that may run ahead or behind.
   */
  clockOffset: number;
  /** The price lock ended with nothing received and the server set a new amount: what was due before. */
  priceUpdate: { previous: string } | null;
  /** The amounts changed by a live update that carries no payment URI: it must be read again (Copy, QR). */
  uriStale: boolean;
  busy: 'starting' | 'simulating' | null;
  /** A failed action (start or simulate) shown inline, the page stays. */
  actionError: TPageError | 'simulateFailed' | null;
};

export type TPageAction =
  /** A checkout reply; `receivedAt`: this device's clock when it arrived (for the clock offset). */
  | { type: 'loaded'; checkout: TCheckout; receivedAt?: number }
  /** The checkout read again (a price lock ended): the same attempt re-priced, or what replaced it. */
  | { type: 'refreshed'; checkout: TCheckout; receivedAt?: number }
  | { type: 'loadFailed'; error: TPageError }
  | { type: 'starting' }
  | { type: 'startFailed'; error: TPageError }
  | { type: 'simulating' }
  | { type: 'simulateFailed'; error: TPageError | 'simulateFailed' }
  | { type: 'update'; update: TPaymentUpdate; now?: number }
  | { type: 'countdownEnded' }
  | { type: 'live'; connected: boolean };

export const initialPageState: TPageState = {
  phase: 'loading',
  error: null,
  checkout: null,
  payment: null,
  status: 'pending',
  notice: null,
  canRetry: false,
  live: false,
  clockOffset: 0,
  priceUpdate: null,
  uriStale: false,
  busy: null,
  actionError: null,
};

export const isOpenStatus = (s: TPaymentStatus) => s === 'pending' || s === 'partial';
const hasReceived = (p: Pick<TCheckoutPayment, 'amountReceived'>) => /[1-9]/.test(p.amountReceived);

/**
 * The page's status from the checkout (merchant spec 4): a completed link shows confirmed with its confirmed
 * payment; any other non-active link shows expired; otherwise the payment's own status (pending before the
 * first attempt is started).
 */
function fromCheckout(state: TPageState, checkout: TCheckout, receivedAt?: number): TPageState {
  const { link, payment } = checkout;
  let status: TPaymentStatus = payment?.status ?? 'pending';
  let notice: TPageError | null = null;
  if (link.status === 'completed') status = 'confirmed';
  else if (link.status !== 'active') {
    status = 'expired';
    notice = 'linkExpired';
  }
  if (payment?.status === 'expired' && payment.exception === 'paid_partial') notice = 'fundsOnExpired';
  // A suspended merchant's page, any page while the platform is under maintenance, or a link whose coin an
  // administrator disabled starts nothing new; a payment under way is shown (and credited) as usual.
  if (
    !checkout.merchant.acceptingPayments &&
    status !== 'confirmed' &&
    !(payment && isOpenStatus(payment.status))
  ) {
    status = payment?.status === 'failed' ? 'failed' : 'expired';
    const reason = checkout.merchant.unavailableReason;
    notice =
      reason === 'maintenance'
        ? 'maintenance'
        : reason === 'currency_unavailable'
          ? 'currencyUnavailable'
          : 'merchantUnavailable';
  }
  return {
    ...state,
    phase: 'ready',
    error: null,
    checkout,
    payment,
    status,
    notice,
    canRetry: checkout.canStartPayment,
    clockOffset: receivedAt === undefined ? state.clockOffset : Date.parse(checkout.serverTime) - receivedAt,
    priceUpdate: payment && payment.id === state.payment?.id ? repriced(state, payment) : null,
    uriStale: false,
    busy: null,
    actionError: null,
  };
}

/**
 * The notice after a re-price: the shown attempt, still pending with nothing received, now asks another amount
 * (kept until the attempt changes again; cleared once money arrives).
 */
function repriced(state: TPageState, next: Pick<TCheckoutPayment, 'status' | 'amount' | 'amountReceived'>) {
  const shown = state.payment;
  if (!shown || next.status !== 'pending' || hasReceived(next)) return null;
  if (next.amount !== shown.amount && !hasReceived(shown)) return { previous: shown.amount };
  return state.priceUpdate;
}

/** Whether a reply names the attempt shown and would reopen it after the page closed it (a stale read). */
const reopens = (state: TPageState, checkout: TCheckout) =>
  !!checkout.payment &&
  checkout.payment.id === state.payment?.id &&
  !isOpenStatus(state.status) &&
  isOpenStatus(checkout.payment.status);

/** Whether an update is for the shown payment and not older than what is shown. */
function applies(payment: TCheckoutPayment, update: TPaymentUpdate) {
  if (update.id && update.id !== payment.id) return false;
  if (update.updatedAt && Date.parse(update.updatedAt) < Date.parse(payment.updatedAt)) return false;
  return true;
}

/**
 * The attempt's timer is a price lock, not a deadline: pending with nothing received, and its lock ends before its
 * link does (or the link never expires). When it ends the server re-prices the attempt in place (same address, the
 * amount at the current rate): the page asks again rather than saying it expired.
 */
export const isPriceLock = (checkout: TCheckout, payment: TCheckoutPayment) =>
  // An exchange's fixed quote (a converted payment, decision 024) is a deadline: it is never re-priced.
  !payment.conversion &&
  payment.status === 'pending' &&
  !hasReceived(payment) &&
  checkout.link.status === 'active' &&
  (!checkout.link.expiresAt || Date.parse(payment.expiresAt) < Date.parse(checkout.link.expiresAt));

/** The link's own expiry came with (or before) this attempt's: the link has run out, not just the attempt. */
const linkEnded = (checkout: TCheckout, payment: TCheckoutPayment) =>
  !!checkout.link.expiresAt && Date.parse(checkout.link.expiresAt) <= Date.parse(payment.expiresAt);

/** May the link take a new attempt after this one ended? (The server decides for sure on POST.) */
function retryAllowed(checkout: TCheckout, payment: TCheckoutPayment, now: number) {
  const { link } = checkout;
  if (link.status !== 'active' || !checkout.merchant.acceptingPayments) return false;
  if (link.expiresAt && Date.parse(link.expiresAt) <= now) return false;
  return payment.exception !== 'paid_partial' && payment.exception !== 'paid_late';
}

export function pageReducer(state: TPageState, action: TPageAction): TPageState {
  switch (action.type) {
    case 'loaded':
      return fromCheckout(state, action.checkout, action.receivedAt);
    case 'refreshed':
      // A final status is never reopened by a late reply (merchant spec 4); a busy action keeps its own reply.
      if (state.phase !== 'ready' || state.busy || reopens(state, action.checkout)) return state;
      return { ...fromCheckout(state, action.checkout, action.receivedAt), live: state.live };
    case 'loadFailed':
      // Errors during loading set failed (merchant spec 4) and show the 'Payment Error' panel.
      return { ...state, phase: 'error', error: action.error, status: 'failed', busy: null };
    case 'starting':
      return { ...state, busy: 'starting', actionError: null };
    case 'startFailed':
      // Before any attempt exists the page cannot show a payment: the error panel. After one, stay and say why.
      if (!state.payment)
        return { ...state, phase: 'error', error: action.error, status: 'failed', busy: null };
      return {
        ...state,
        busy: null,
        actionError: action.error,
        canRetry:
          action.error === 'createFailed' ||
          action.error === 'rateLimited' ||
          action.error === 'conversionUnavailable',
        notice:
          action.error === 'linkExpired' ||
          action.error === 'fundsOnExpired' ||
          action.error === 'merchantUnavailable'
            ? action.error
            : state.notice,
      };
    case 'simulating':
      return { ...state, busy: 'simulating', actionError: null };
    case 'simulateFailed':
      return { ...state, busy: null, actionError: action.error };
    case 'update': {
      const { payment, checkout } = state;
      if (!payment || !checkout || !applies(payment, action.update)) return state;
      const { id: _id, ...fields } = action.update;
      const next: TCheckoutPayment = { ...payment, ...fields };
      const amountsMoved = next.amount !== payment.amount || next.amountRemaining !== payment.amountRemaining;
      // A final status never goes back to open (a stale poll reply after a live message).
      const status = !isOpenStatus(state.status) && isOpenStatus(next.status) ? state.status : next.status;
      const ended = isOpenStatus(state.status) && !isOpenStatus(status);
      return {
        ...state,
        payment: next,
        status,
        busy: state.busy === 'simulating' ? state.busy : null,
        notice:
          status === 'expired' && next.exception === 'paid_partial'
            ? 'fundsOnExpired'
            : ended && status === 'expired' && linkEnded(checkout, next)
              ? 'linkExpired'
              : state.notice,
        canRetry: ended
          ? (status === 'expired' || status === 'failed') &&
            retryAllowed(checkout, next, action.now ?? Date.now() + state.clockOffset)
          : state.canRetry && !isOpenStatus(status),
        priceUpdate: isOpenStatus(status) ? repriced(state, next) : null,
        uriStale: fields.paymentUri !== undefined ? false : state.uriStale || amountsMoved,
      };
    }
    case 'countdownEnded': {
      // A countdown reaching zero while pending sets expired (merchant spec 4). The end of a price lock does not:
      // the server gives the attempt a new price (the page reads it again).
      if (state.status !== 'pending' || !state.payment || !state.checkout) return state;
      if (hasReceived(state.payment) || isPriceLock(state.checkout, state.payment)) return state;
      const linkExpired = linkEnded(state.checkout, state.payment);
      return {
        ...state,
        status: 'expired',
        payment: { ...state.payment, status: 'expired' },
        notice: linkExpired ? 'linkExpired' : state.notice,
        canRetry:
          !linkExpired && retryAllowed(state.checkout, state.payment, Date.parse(state.payment.expiresAt)),
      };
    }
    case 'live':
      return state.live === action.connected ? state : { ...state, live: action.connected };
  }
}
