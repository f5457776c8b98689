/**
 * The refund status machine (issue 16, docs/decisions/022-refunds-without-custody.md). Coinlane holds no funds: a
 * refund is a request that the merchant pays from its own wallet to an address the customer gives.
 *
 *   awaiting_address --address_given--> awaiting_payment --paid_on_chain--> paid
 *          |                                   |   ^                          |
 *          | link_expired                      |   +------- reversed ---------+  (the paying block left the chain)
 *          v                                   v
 *       expired                             canceled  (cancel, also from awaiting_address)
 *
 * Open refunds (awaiting_address, awaiting_payment) and paid ones count against the payment's confirmed money:
 * their sum never exceeds it. One pure function decides; the server stores what it returns.
 */

export const REFUND_STATUSES = [
  'awaiting_address',
  'awaiting_payment',
  'paid',
  'canceled',
  'expired',
] as const;
export type TRefundStatus = (typeof REFUND_STATUSES)[number];

/** Statuses whose amount is committed: the sum of these stays at or below the payment's confirmed money. */
export const REFUND_COMMITTED_STATUSES: readonly TRefundStatus[] = [
  'awaiting_address',
  'awaiting_payment',
  'paid',
];
export const isRefundCommitted = (s: TRefundStatus) => REFUND_COMMITTED_STATUSES.includes(s);
/** Statuses a merchant or an admin may still cancel. */
export const isRefundOpen = (s: TRefundStatus) => s === 'awaiting_address' || s === 'awaiting_payment';

/** Webhook events of refunds (outbox; a merchant subscribes to them like payment events). */
export const REFUND_EVENT_TYPES = ['refund.created', 'refund.paid', 'refund.reversed'] as const;
export type TRefundEventType = (typeof REFUND_EVENT_TYPES)[number];

export type TRefundEvent =
  | { type: 'address_given' }
  | { type: 'link_expired' }
  | { type: 'cancel' }
  /** The watcher saw a transfer of at least the amount to the address, in a block after the request. */
  | { type: 'paid_on_chain' }
  /** The block of the paying transfer was rolled back by a reorganisation. */
  | { type: 'reversed' };

export type TRefundTransition =
  | { ok: true; status: TRefundStatus; emit: TRefundEventType[] }
  | { ok: false; reason: 'invalid_state' };

const TRANSITIONS: Record<
  TRefundEvent['type'],
  Partial<Record<TRefundStatus, [TRefundStatus, TRefundEventType[]]>>
> = {
  address_given: { awaiting_address: ['awaiting_payment', []] },
  link_expired: { awaiting_address: ['expired', []] },
  cancel: { awaiting_address: ['canceled', []], awaiting_payment: ['canceled', []] },
  paid_on_chain: { awaiting_payment: ['paid', ['refund.paid']] },
  reversed: { paid: ['awaiting_payment', ['refund.reversed']] },
};

/** The next status of a refund and the events to emit; invalid_state when the event does not apply. */
export function transitionRefund(status: TRefundStatus, event: TRefundEvent): TRefundTransition {
  const next = TRANSITIONS[event.type][status];
  return next ? { ok: true, status: next[0], emit: next[1] } : { ok: false, reason: 'invalid_state' };
}

/**
 * The payment statuses a refund may be issued on, once confirmed money exists: a confirmed payment (its
 * overpayment included), and a closed attempt (expired or failed: cancelled) that kept confirmed money, i.e.
 * underpaid then expired, or paid late. An open attempt (pending, partial) may still receive money: refused.
 */
export const REFUNDABLE_PAYMENT_STATUSES = ['confirmed', 'expired', 'failed'] as const;

/** How much may still be refunded: confirmed money less the committed refunds (never below 0). */
export function refundableAmount({ confirmed, committed }: { confirmed: bigint; committed: bigint }): bigint {
  const left = confirmed - committed;
  return left > 0n ? left : 0n;
}

/** Whether a refund of `amount` may be issued on a payment (its status, its confirmed money and committed refunds). */
export function canRefund(p: {
  status: string;
  confirmed: bigint;
  committed: bigint;
  amount?: bigint;
}): { ok: true } | { ok: false; reason: 'payment_state' | 'nothing_left' | 'too_much' } {
  if (!(REFUNDABLE_PAYMENT_STATUSES as readonly string[]).includes(p.status) || p.confirmed <= 0n) {
    return { ok: false, reason: 'payment_state' };
  }
  const left = refundableAmount(p);
  if (left === 0n) return { ok: false, reason: 'nothing_left' };
  if (p.amount !== undefined && p.amount > left) return { ok: false, reason: 'too_much' };
  return { ok: true };
}

/** A payment's refund state from its paid refunds: none, partial, or full (paid refunds cover its confirmed money). */
export const PAYMENT_REFUND_STATES = ['none', 'partial', 'full'] as const;
export type TPaymentRefundState = (typeof PAYMENT_REFUND_STATES)[number];
export function paymentRefundState({
  confirmed,
  refunded,
}: {
  confirmed: bigint;
  refunded: bigint;
}): TPaymentRefundState {
  if (refunded <= 0n) return 'none';
  return refunded >= confirmed ? 'full' : 'partial';
}

/**
 * Whether an on-chain transfer pays an awaiting refund: the refund's coin (and token contract), to its address, at
 * least its amount, in a block above the height the watcher had reached when it first watched the address.
 */
export function transferPaysRefund(
  refund: { amount: bigint; currency: string; contract: string | null; watchFromHeight: number | null },
  transfer: { amount: bigint; currency: string; contract: string | null; blockHeight: number },
): boolean {
  if (refund.currency !== transfer.currency || refund.contract !== transfer.contract) return false;
  if (transfer.amount < refund.amount) return false;
  // Not watched yet (no start height): nothing pays it, so a transfer from before the request never does.
  return refund.watchFromHeight !== null && transfer.blockHeight > refund.watchFromHeight;
}

/** How long the customer's address link stays valid (decision 022). */
export const REFUND_LINK_TTL_DAYS = 14;
