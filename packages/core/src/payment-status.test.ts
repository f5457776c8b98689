import { describe, expect, it } from 'vitest';
import {
  amountRemaining,
  canAccept,
  canApprove,
  canCancel,
  canExpire,
  canStartAttempt,
  effectiveLinkStatus,
  isAcceptedLate,
  isAwaitingConfirmations,
  isClosed,
  isFinal,
  isOpen,
  isRetryable,
  lockLapseOutcome,
  priceLockEnd,
  type TPaymentEvent,
  type TPaymentLinkEvent,
  type TPaymentLinkState,
  type TPaymentState,
  type TTransferTotals,
  transitionPayment,
  transitionPaymentLink,
} from './payment-status.ts';

const DUE = 1000n;
const EXPIRES = new Date('2026-01-01T00:15:00Z');

const totals = (received: bigint, confirmed = 0n, late = 0n, confirmations = 0): TTransferTotals => ({
  received,
  confirmed,
  late,
  confirmations,
});
const state = (
  status: TPaymentState['status'],
  t: TTransferTotals = totals(0n),
  exception: TPaymentState['exception'] = 'none',
): TPaymentState => ({ status, exception, amountDue: DUE, expiresAt: EXPIRES, ...t });
const seen = (t: TTransferTotals): TPaymentEvent => ({ type: 'transfers_changed', totals: t });
/** Totals seen once the clock has passed the expiry. */
const seenPastExpiry = (t: TTransferTotals): TPaymentEvent => ({
  type: 'transfers_changed',
  totals: t,
  pastExpiry: true,
});

describe('transitionPayment: one step', () => {
  it.each<
    [string, TPaymentState, TPaymentEvent, TPaymentState['status'], TPaymentState['exception'], string[]]
  >([
    [
      'created emits payment.created',
      state('pending'),
      { type: 'created' },
      'pending',
      'none',
      ['payment.created'],
    ],
    ['part seen', state('pending'), seen(totals(400n)), 'partial', 'paid_partial', ['payment.partial']],
    ['full seen, unconfirmed', state('pending'), seen(totals(DUE)), 'pending', 'none', ['payment.updated']],
    [
      'full seen and confirmed at once',
      state('pending'),
      seen(totals(DUE, DUE, 0n, 1)),
      'confirmed',
      'none',
      ['payment.confirmed'],
    ],
    [
      'over seen and confirmed',
      state('pending'),
      seen(totals(1500n, 1500n, 0n, 1)),
      'confirmed',
      'paid_over',
      ['payment.confirmed'],
    ],
    [
      'over seen, unconfirmed',
      state('pending'),
      seen(totals(1500n)),
      'pending',
      'paid_over',
      ['payment.updated'],
    ],
    [
      'rest of a partial payment seen',
      state('partial', totals(400n), 'paid_partial'),
      seen(totals(DUE)),
      'pending',
      'none',
      ['payment.updated'],
    ],
    [
      'more of a partial payment, still short',
      state('partial', totals(400n), 'paid_partial'),
      seen(totals(700n)),
      'partial',
      'paid_partial',
      ['payment.updated'],
    ],
    [
      'confirmations advance',
      state('pending', totals(DUE, 0n, 0n, 1)),
      seen(totals(DUE, 0n, 0n, 2)),
      'pending',
      'none',
      ['payment.updated'],
    ],
    [
      'same totals again: nothing',
      state('partial', totals(400n), 'paid_partial'),
      seen(totals(400n)),
      'partial',
      'paid_partial',
      [],
    ],
    ['expiry, unpaid', state('pending'), { type: 'expiry_reached' }, 'expired', 'none', ['payment.expired']],
    [
      'expiry of a partial payment keeps the part flagged',
      state('partial', totals(400n), 'paid_partial'),
      { type: 'expiry_reached' },
      'expired',
      'paid_partial',
      ['payment.expired'],
    ],
    [
      'expiry while the full amount awaits confirmations: waits',
      state('pending', totals(DUE)),
      { type: 'expiry_reached' },
      'pending',
      'none',
      [],
    ],
    [
      'expiry of a confirmed payment: nothing',
      state('confirmed', totals(DUE, DUE)),
      { type: 'expiry_reached' },
      'confirmed',
      'none',
      [],
    ],
    ['cancel, unpaid', state('pending'), { type: 'cancel' }, 'failed', 'none', ['payment.failed']],
    [
      'late payment after expiry is kept and flagged',
      state('expired'),
      seen(totals(DUE, 0n, DUE)),
      'expired',
      'paid_late',
      ['payment.updated'],
    ],
    [
      'late payment after cancel is kept and flagged',
      state('failed'),
      seen(totals(300n, 0n, 300n)),
      'failed',
      'paid_late',
      ['payment.updated'],
    ],
    [
      'overpayment after confirmation',
      state('confirmed', totals(DUE, DUE, 0n, 3)),
      seen(totals(1200n, DUE, 0n, 0)),
      'confirmed',
      'paid_over',
      ['payment.updated'],
    ],
    [
      'reorg removes the only transfer of a partial payment: back to pending',
      state('partial', totals(400n), 'paid_partial'),
      seen(totals(0n)),
      'pending',
      'none',
      ['payment.updated'],
    ],
    [
      'reorg removes one of two transfers: partial again',
      state('pending', totals(DUE)),
      seen(totals(600n)),
      'partial',
      'paid_partial',
      ['payment.partial'],
    ],
    [
      'reorg removes a late transfer: the earlier part stays flagged',
      state('expired', totals(700n, 0n, 300n), 'paid_late'),
      seen(totals(400n)),
      'expired',
      'paid_partial',
      ['payment.updated'],
    ],
    [
      'reorg removes the only late transfer',
      state('expired', totals(DUE, 0n, DUE), 'paid_late'),
      seen(totals(0n)),
      'expired',
      'none',
      ['payment.updated'],
    ],
    [
      'reorg orphans the confirming block: back to awaiting confirmations, reversed',
      state('confirmed', totals(DUE, DUE, 0n, 6)),
      seen(totals(DUE, 0n, 0n, 0)),
      'pending',
      'none',
      ['payment.reversed'],
    ],
    [
      're-mined deep enough after a reorg: confirmed again',
      state('pending', totals(DUE, 0n, 0n, 0)),
      seen(totals(DUE, DUE, 0n, 6)),
      'confirmed',
      'none',
      ['payment.confirmed'],
    ],
    [
      'reorg removes the money of a confirmed payment: pending with nothing, reversed',
      state('confirmed', totals(DUE, DUE, 0n, 5)),
      seen(totals(0n)),
      'pending',
      'none',
      ['payment.reversed'],
    ],
    [
      'reorg takes one of two confirmed transfers: partial, reversed',
      state('confirmed', totals(DUE, DUE, 0n, 6)),
      seen(totals(600n, 600n, 0n, 6)),
      'partial',
      'paid_partial',
      ['payment.reversed'],
    ],
    [
      'reorg removes the money of a confirmed payment after its expiry: expired, reversed',
      state('confirmed', totals(DUE, DUE, 0n, 5)),
      seenPastExpiry(totals(0n)),
      'expired',
      'none',
      ['payment.reversed'],
    ],
    [
      'reorg orphans the confirming block after the expiry, the money still seen in time: awaiting, reversed',
      state('confirmed', totals(DUE, DUE, 0n, 5)),
      seenPastExpiry(totals(DUE)),
      'pending',
      'none',
      ['payment.reversed'],
    ],
    [
      'past expiry, the money seen in time replaced by a fee bump seen late (or flagged late unmined): expired, paid late',
      state('pending', totals(DUE)),
      seenPastExpiry(totals(DUE, 0n, DUE)),
      'expired',
      'paid_late',
      ['payment.expired'],
    ],
    [
      'past expiry, the money seen in time gains a confirmation: still awaiting',
      state('pending', totals(DUE)),
      seenPastExpiry(totals(DUE, 0n, 0n, 1)),
      'pending',
      'none',
      ['payment.updated'],
    ],
    [
      'past expiry, the money seen in time confirmed: confirmed',
      state('pending', totals(DUE, 0n, 0n, 1)),
      seenPastExpiry(totals(DUE, DUE, 0n, 2)),
      'confirmed',
      'none',
      ['payment.confirmed'],
    ],
    [
      'past expiry, more money seen late while the amount seen in time awaits: still awaiting, paid over',
      state('pending', totals(DUE)),
      seenPastExpiry(totals(1500n, 0n, 500n)),
      'pending',
      'paid_over',
      ['payment.updated'],
    ],
    [
      'past expiry before the sweep, a partial payment gains a confirmation: expired, the part flagged',
      state('partial', totals(400n), 'paid_partial'),
      seenPastExpiry(totals(400n, 0n, 0n, 1)),
      'expired',
      'paid_partial',
      ['payment.expired'],
    ],
    [
      'expiry while the full amount awaits, but it counts as late: expires, paid late',
      state('pending', totals(DUE, 0n, DUE)),
      { type: 'expiry_reached' },
      'expired',
      'paid_late',
      ['payment.expired'],
    ],
    [
      'reorg of an overpaid confirmed payment that still covers the amount: stays confirmed',
      state('confirmed', totals(1500n, 1500n, 0n, 6), 'paid_over'),
      seen(totals(1500n, DUE, 0n, 6)),
      'confirmed',
      'paid_over',
      ['payment.updated'],
    ],
    [
      'an RBF replacement confirmed before its original was dropped: the overpayment goes with the original',
      state('confirmed', totals(2n * DUE, DUE, 0n, 1), 'paid_over'),
      seen(totals(DUE, DUE, 0n, 1)),
      'confirmed',
      'none',
      ['payment.updated'],
    ],
    [
      'expired with nothing, then a dropped transaction mined after all: flagged paid late',
      state('expired', totals(0n)),
      seen(totals(DUE, 0n, 0n, 1)),
      'expired',
      'paid_late',
      ['payment.updated'],
    ],
    [
      'expired partly paid, then more seen not marked late: still partial',
      state('expired', totals(400n), 'paid_partial'),
      seen(totals(DUE, 0n, 0n, 1)),
      'expired',
      'paid_partial',
      ['payment.updated'],
    ],
  ])('%s', (_name, from, event, status, exception, emit) => {
    const r = transitionPayment(from, event);
    expect(r.state.status).toBe(status);
    expect(r.state.exception).toBe(exception);
    expect(r.emit).toEqual(emit);
    expect(r.refused).toBeUndefined();
  });

  it.each<[string, TPaymentState]>([
    ['partial', state('partial', totals(400n), 'paid_partial')],
    ['paid in full, unconfirmed', state('pending', totals(DUE))],
    ['confirmed', state('confirmed', totals(DUE, DUE))],
    ['expired', state('expired')],
    ['failed', state('failed')],
  ])('cancel is refused when %s, and changes nothing', (_name, from) => {
    const r = transitionPayment(from, { type: 'cancel' });
    expect(r).toEqual({ state: from, changed: false, emit: [], refused: 'not_cancellable' });
  });

  it('never mutates its input', () => {
    const from = Object.freeze(state('pending'));
    transitionPayment(from, seen(totals(400n)));
    expect(from.status).toBe('pending');
  });
});

describe('transitionPayment: sequences', () => {
  const run = (from: TPaymentState, events: TPaymentEvent[]) => {
    const emitted: string[] = [];
    let s = from;
    for (const e of events) {
      const r = transitionPayment(s, e);
      s = r.state;
      emitted.push(...r.emit);
    }
    return { s, emitted };
  };

  it('partial then full, confirmed as the confirmations arrive', () => {
    const { s, emitted } = run(state('pending'), [
      { type: 'created' },
      seen(totals(400n)),
      seen(totals(400n, 400n, 0n, 1)),
      seen(totals(DUE, 400n, 0n, 0)),
      seen(totals(DUE, DUE, 0n, 1)),
    ]);
    expect(s).toMatchObject({ status: 'confirmed', exception: 'none', received: DUE, confirmed: DUE });
    expect(emitted).toEqual([
      'payment.created',
      'payment.partial',
      'payment.updated',
      'payment.updated',
      'payment.confirmed',
    ]);
  });

  it('expired unpaid, then paid late: expired with paid_late', () => {
    const { s, emitted } = run(state('pending'), [{ type: 'expiry_reached' }, seen(totals(DUE, 0n, DUE))]);
    expect(s).toMatchObject({ status: 'expired', exception: 'paid_late' });
    expect(emitted).toEqual(['payment.expired', 'payment.updated']);
  });

  it('a second expiry is a no-op', () => {
    const { emitted } = run(state('pending'), [{ type: 'expiry_reached' }, { type: 'expiry_reached' }]);
    expect(emitted).toEqual(['payment.expired']);
  });
});

describe('transitionPayment: late money and accepting it', () => {
  const lateDue = totals(DUE, 0n, DUE);
  const lateConfirmed = totals(DUE, DUE, DUE, 12);

  it.each<
    [string, TPaymentState, TPaymentEvent, TPaymentState['status'], TPaymentState['exception'], string[]]
  >([
    [
      'late money on an expired attempt reaches its confirmations: payment.paid_late, still expired',
      state('expired', lateDue, 'paid_late'),
      seen(lateConfirmed),
      'expired',
      'paid_late',
      ['payment.paid_late'],
    ],
    [
      'late money seen already confirmed on a cancelled attempt: flagged and payment.paid_late at once',
      state('failed'),
      seen(totals(DUE, DUE, DUE, 1)),
      'failed',
      'paid_late',
      ['payment.paid_late'],
    ],
    [
      'late money short of the amount confirmed: payment.paid_late too (the payload says it cannot be accepted)',
      state('expired', totals(300n, 0n, 300n), 'paid_late'),
      seen(totals(300n, 300n, 300n, 1)),
      'expired',
      'paid_late',
      ['payment.paid_late'],
    ],
    [
      'a second late transfer confirmed: payment.paid_late again (the confirmed money grew)',
      state('expired', totals(1300n, 300n, 1300n, 4), 'paid_late'),
      seen(totals(1300n, 1300n, 1300n, 1)),
      'expired',
      'paid_late',
      ['payment.paid_late'],
    ],
    [
      'more confirmations of late money already confirmed: an update only',
      state('expired', lateConfirmed, 'paid_late'),
      seen(totals(DUE, DUE, DUE, 13)),
      'expired',
      'paid_late',
      ['payment.updated'],
    ],
    [
      'the part paid in time confirmed after the expiry: an update, not late money',
      state('expired', totals(400n), 'paid_partial'),
      seen(totals(400n, 400n, 0n, 1)),
      'expired',
      'paid_partial',
      ['payment.updated'],
    ],
    [
      'past expiry, money flagged late while part of it gains confirmations: expired, then payment.paid_late',
      state('pending', totals(DUE)),
      seenPastExpiry(totals(DUE, 500n, DUE, 1)),
      'expired',
      'paid_late',
      ['payment.expired', 'payment.paid_late'],
    ],
    [
      'accept: late money covering the amount on an expired attempt becomes confirmed',
      state('expired', lateConfirmed, 'paid_late'),
      { type: 'accept' },
      'confirmed',
      'paid_late',
      ['payment.confirmed'],
    ],
    [
      'accept: more than due paid late on a cancelled attempt',
      state('failed', totals(1500n, 1500n, 1500n, 3), 'paid_late'),
      { type: 'accept' },
      'confirmed',
      'paid_late',
      ['payment.confirmed'],
    ],
    [
      'an accepted payment gains confirmations: stays confirmed, keeps paid_late',
      state('confirmed', lateConfirmed, 'paid_late'),
      seen(totals(DUE, DUE, DUE, 20)),
      'confirmed',
      'paid_late',
      ['payment.updated'],
    ],
    [
      'an accepted payment is paid more: stays confirmed, keeps paid_late (the excess shows in its amounts)',
      state('confirmed', lateConfirmed, 'paid_late'),
      seen(totals(1400n, DUE, 1400n, 0)),
      'confirmed',
      'paid_late',
      ['payment.updated'],
    ],
    [
      'a reorganisation takes the confirmation of an accepted payment: expired again, reversed',
      state('confirmed', lateConfirmed, 'paid_late'),
      seen(totals(DUE, 0n, DUE, 0)),
      'expired',
      'paid_late',
      ['payment.reversed'],
    ],
    [
      'a reorganisation takes the money of an accepted cancelled payment: failed again, reversed',
      { ...state('confirmed', lateConfirmed, 'paid_late'), cancelled: true },
      seen(totals(0n)),
      'failed',
      'none',
      ['payment.reversed'],
    ],
  ])('%s', (_name, from, event, status, exception, emit) => {
    const r = transitionPayment(from, event);
    expect(r.state.status).toBe(status);
    expect(r.state.exception).toBe(exception);
    expect(r.emit).toEqual(emit);
    expect(r.refused).toBeUndefined();
  });

  it.each<[string, TPaymentState, 'not_acceptable' | 'already_confirmed']>([
    ['accepted already', state('confirmed', lateConfirmed, 'paid_late'), 'already_confirmed'],
    ['confirmed in time', state('confirmed', totals(DUE, DUE, 0n, 1)), 'already_confirmed'],
    ['pending', state('pending'), 'not_acceptable'],
    ['paid in full in time, unconfirmed', state('pending', totals(DUE)), 'not_acceptable'],
    ['partial', state('partial', totals(400n), 'paid_partial'), 'not_acceptable'],
    ['expired unpaid', state('expired'), 'not_acceptable'],
    [
      'expired with a part paid in time',
      state('expired', totals(400n, 400n), 'paid_partial'),
      'not_acceptable',
    ],
    ['late money not confirmed yet', state('expired', lateDue, 'paid_late'), 'not_acceptable'],
    [
      'late money confirmed, short of the amount',
      state('expired', totals(DUE, 999n, DUE, 12), 'paid_late'),
      'not_acceptable',
    ],
    ['cancelled, nothing paid', state('failed'), 'not_acceptable'],
  ])('accept is refused when %s, and changes nothing', (_name, from, refused) => {
    const r = transitionPayment(from, { type: 'accept' });
    expect(r).toEqual({ state: from, changed: false, emit: [], refused });
  });

  it('expires, is paid late, confirmed, accepted once; re-mined after a reorganisation it waits to be accepted again', () => {
    const steps: [TPaymentEvent, string[]][] = [
      [{ type: 'expiry_reached' }, ['payment.expired']],
      [seen(lateDue), ['payment.updated']],
      [seen(totals(DUE, 0n, DUE, 6)), ['payment.updated']],
      [seen(lateConfirmed), ['payment.paid_late']],
      [{ type: 'accept' }, ['payment.confirmed']],
      [{ type: 'accept' }, []],
      [seen(totals(DUE, 0n, DUE, 0)), ['payment.reversed']],
      [seen(lateConfirmed), ['payment.paid_late']],
      [{ type: 'accept' }, ['payment.confirmed']],
    ];
    let s = state('pending');
    const seenEvents: string[][] = [];
    for (const [event] of steps) {
      const r = transitionPayment(s, event);
      s = r.state;
      seenEvents.push(r.emit);
    }
    expect(seenEvents).toEqual(steps.map(([, emit]) => emit));
    expect(s).toMatchObject({ status: 'confirmed', exception: 'paid_late', confirmed: DUE });
  });

  it('cancel marks the attempt cancelled, which an accepted payment remembers', () => {
    const cancelled = transitionPayment(state('pending'), { type: 'cancel' }).state;
    expect(cancelled).toMatchObject({ status: 'failed', cancelled: true });
    const paid = transitionPayment(cancelled, seen(lateConfirmed)).state;
    const accepted = transitionPayment(paid, { type: 'accept' }).state;
    expect(transitionPayment(accepted, seen(totals(DUE, 0n, DUE))).state.status).toBe('failed');
  });

  it.each<[string, TPaymentState, { closed: boolean; accept: boolean; accepted: boolean }]>([
    ['pending', state('pending'), { closed: false, accept: false, accepted: false }],
    [
      'expired, late money confirmed',
      state('expired', lateConfirmed, 'paid_late'),
      { closed: true, accept: true, accepted: false },
    ],
    [
      'failed, late money over and confirmed',
      state('failed', totals(2n * DUE, 2n * DUE, 2n * DUE), 'paid_late'),
      { closed: true, accept: true, accepted: false },
    ],
    [
      'expired, late money unconfirmed',
      state('expired', lateDue, 'paid_late'),
      { closed: true, accept: false, accepted: false },
    ],
    [
      'accepted',
      state('confirmed', lateConfirmed, 'paid_late'),
      { closed: false, accept: false, accepted: true },
    ],
    [
      'confirmed in time',
      state('confirmed', totals(DUE, DUE)),
      { closed: false, accept: false, accepted: false },
    ],
  ])('predicates of a payment %s', (_name, s, want) => {
    expect({ closed: isClosed(s), accept: canAccept(s), accepted: isAcceptedLate(s) }).toEqual(want);
  });
});

describe('payment predicates', () => {
  it.each<[string, TPaymentState, Record<string, boolean | bigint>]>([
    [
      'pending, nothing received',
      state('pending'),
      { final: false, open: true, cancel: true, expire: true, awaiting: false, retry: false, remaining: DUE },
    ],
    [
      'partial',
      state('partial', totals(400n)),
      {
        final: false,
        open: true,
        cancel: false,
        expire: true,
        awaiting: false,
        retry: false,
        remaining: 600n,
      },
    ],
    [
      'paid, awaiting confirmations',
      state('pending', totals(DUE)),
      { final: false, open: true, cancel: false, expire: false, awaiting: true, retry: false, remaining: 0n },
    ],
    [
      'paid, but the money counts as late: not awaiting, expires',
      state('pending', totals(DUE, 0n, 400n)),
      { final: false, open: true, cancel: false, expire: true, awaiting: false, retry: false, remaining: 0n },
    ],
    [
      'confirmed over',
      state('confirmed', totals(1500n, 1500n)),
      {
        final: true,
        open: false,
        cancel: false,
        expire: false,
        awaiting: false,
        retry: false,
        remaining: 0n,
      },
    ],
    [
      'expired unpaid',
      state('expired'),
      {
        final: true,
        open: false,
        cancel: false,
        expire: false,
        awaiting: false,
        retry: true,
        remaining: DUE,
      },
    ],
    [
      'expired with a part paid',
      state('expired', totals(400n), 'paid_partial'),
      {
        final: true,
        open: false,
        cancel: false,
        expire: false,
        awaiting: false,
        retry: false,
        remaining: 600n,
      },
    ],
    [
      'cancelled',
      state('failed'),
      {
        final: true,
        open: false,
        cancel: false,
        expire: false,
        awaiting: false,
        retry: true,
        remaining: DUE,
      },
    ],
  ])('%s', (_name, s, want) => {
    expect({
      final: isFinal(s),
      open: isOpen(s),
      cancel: canCancel(s),
      expire: canExpire(s),
      awaiting: isAwaitingConfirmations(s),
      retry: isRetryable(s),
      remaining: amountRemaining(s),
    }).toEqual(want);
  });
});

describe('transitionPaymentLink', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const later = new Date('2026-01-02T12:00:00Z');
  const earlier = new Date('2026-01-01T11:00:00Z');
  const link = (status: TPaymentLinkState['status'], expiresAt: Date | null = later): TPaymentLinkState => ({
    status,
    expiresAt,
  });

  it.each<
    [string, TPaymentLinkState, TPaymentLinkEvent, TPaymentLinkState['status'], boolean, string | undefined]
  >([
    [
      'confirmed payment completes an active link',
      link('active'),
      { type: 'payment_confirmed' },
      'completed',
      true,
      undefined,
    ],
    [
      'a payment seen in time completes a link that expired meanwhile',
      link('expired', earlier),
      { type: 'payment_confirmed' },
      'completed',
      true,
      undefined,
    ],
    [
      'completed stays completed',
      link('completed'),
      { type: 'payment_confirmed' },
      'completed',
      false,
      undefined,
    ],
    [
      'the completing payment reversed: active again',
      link('completed'),
      { type: 'payment_reversed', now },
      'active',
      true,
      undefined,
    ],
    [
      'the completing payment reversed after the link expired: expired',
      link('completed', earlier),
      { type: 'payment_reversed', now },
      'expired',
      true,
      undefined,
    ],
    [
      'a reversal reaches an active link: nothing',
      link('active'),
      { type: 'payment_reversed', now },
      'active',
      false,
      undefined,
    ],
    ['expiry', link('active', earlier), { type: 'expiry_reached' }, 'expired', true, undefined],
    [
      'expiry of a completed link: nothing',
      link('completed', earlier),
      { type: 'expiry_reached' },
      'completed',
      false,
      undefined,
    ],
    ['deactivate', link('active'), { type: 'deactivate' }, 'expired', true, undefined],
    [
      'reactivate with a new expiry',
      link('expired', earlier),
      { type: 'reactivate', expiresAt: later, now },
      'active',
      true,
      undefined,
    ],
    [
      'reactivate, never expiring',
      link('expired', earlier),
      { type: 'reactivate', expiresAt: null, now },
      'active',
      true,
      undefined,
    ],
    [
      'reactivate with the old expiry passed: refused',
      link('expired', earlier),
      { type: 'reactivate', now },
      'expired',
      false,
      'expiry_passed',
    ],
    [
      'reactivate a completed link: refused',
      link('completed'),
      { type: 'reactivate', now },
      'completed',
      false,
      'completed',
    ],
  ])('%s', (_name, from, event, status, changed, refused) => {
    const r = transitionPaymentLink(from, event);
    expect(r.state.status).toBe(status);
    expect(r.changed).toBe(changed);
    expect(r.refused).toBe(refused);
  });

  it('reads an active link past its expiry as expired', () => {
    expect(effectiveLinkStatus(link('active', earlier), now)).toBe('expired');
    expect(effectiveLinkStatus(link('active', null), now)).toBe('active');
    expect(canStartAttempt(link('active', later), now)).toBe(true);
    expect(canStartAttempt(link('active', earlier), now)).toBe(false);
    expect(canStartAttempt(link('completed', later), now)).toBe(false);
  });
});

describe('the price lock of a link attempt', () => {
  const LAPSED = new Date(EXPIRES.getTime() + 1000);
  const NEXT = new Date(LAPSED.getTime() + 15 * 60_000);
  const activeLink = (expiresAt: Date | null = null): TPaymentLinkState => ({ status: 'active', expiresAt });
  const reprice = (over: Partial<Extract<TPaymentEvent, { type: 'reprice' }>> = {}): TPaymentEvent => ({
    type: 'reprice',
    amountDue: 1250n,
    expiresAt: NEXT,
    now: LAPSED,
    transfersSeen: false,
    ...over,
  });

  it.each<
    [string, TPaymentState, { link: TPaymentLinkState | null; transfersSeen?: boolean; now?: Date }, string]
  >([
    ['a never-expiring link, nothing seen: re-priced', state('pending'), { link: activeLink() }, 'reprice'],
    [
      'a link that expires later, nothing seen: re-priced',
      state('pending'),
      { link: activeLink(new Date(LAPSED.getTime() + 3600_000)) },
      'reprice',
    ],
    ['the link itself has run out: expired', state('pending'), { link: activeLink(LAPSED) }, 'expire'],
    [
      'the merchant switched the link off: expired',
      state('pending'),
      { link: { status: 'expired', expiresAt: null } },
      'expire',
    ],
    ['a payment made through the API (no link): expired', state('pending'), { link: null }, 'expire'],
    [
      'a transfer was seen once (since removed): the price stays, expired',
      state('pending'),
      { link: activeLink(), transfersSeen: true },
      'expire',
    ],
    [
      'part of the amount seen: the price stays, expired',
      state('partial', totals(400n)),
      { link: activeLink(), transfersSeen: true },
      'expire',
    ],
    [
      'full amount seen in time: waits for confirmations',
      state('pending', totals(DUE)),
      { link: activeLink(), transfersSeen: true },
      'none',
    ],
    [
      'lock not over yet',
      state('pending'),
      { link: activeLink(), now: new Date(EXPIRES.getTime() - 1) },
      'none',
    ],
    ['already expired', state('expired'), { link: activeLink() }, 'none'],
  ])('%s', (_name, s, { link, transfersSeen = false, now = LAPSED }, outcome) => {
    expect(lockLapseOutcome(s, { now, link, transfersSeen })).toBe(outcome);
  });

  it('the lock ends at its length, or at the link expiry when sooner', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(priceLockEnd({ now, lockSeconds: 900, linkExpiresAt: null })).toEqual(
      new Date('2026-01-01T00:15:00Z'),
    );
    const soon = new Date('2026-01-01T00:05:00Z');
    expect(priceLockEnd({ now, lockSeconds: 900, linkExpiresAt: soon })).toEqual(soon);
    expect(priceLockEnd({ now, lockSeconds: 900, linkExpiresAt: new Date('2026-01-02T00:00:00Z') })).toEqual(
      new Date('2026-01-01T00:15:00Z'),
    );
  });

  it('re-pricing gives a new amount due and lock end, same status, and says payment.updated', () => {
    const r = transitionPayment(state('pending'), reprice());
    expect(r.refused).toBeUndefined();
    expect(r.changed).toBe(true);
    expect(r.emit).toEqual(['payment.updated']);
    expect(r.state).toEqual({ ...state('pending'), amountDue: 1250n, expiresAt: NEXT });
  });

  it.each<[string, TPaymentState, TPaymentEvent]>([
    ['once any transfer was seen', state('pending'), reprice({ transfersSeen: true })],
    ['with money received', state('partial', totals(400n)), reprice()],
    ['with late money only', state('pending', totals(300n, 0n, 300n)), reprice()],
    ['before the lock lapsed', state('pending'), reprice({ now: new Date(EXPIRES.getTime() - 1) })],
    ['an expired attempt', state('expired'), reprice()],
    ['a failed attempt', state('failed'), reprice()],
    ['a confirmed attempt', state('confirmed', totals(DUE, DUE, 0n, 1)), reprice()],
    ['to an amount of zero', state('pending'), reprice({ amountDue: 0n })],
    ['to a lock that has already ended', state('pending'), reprice({ expiresAt: LAPSED })],
  ])('is refused %s; nothing changes', (_name, s, event) => {
    const r = transitionPayment(s, event);
    expect(r).toEqual({ state: s, changed: false, emit: [], refused: 'not_repriceable' });
  });
});

describe('transitionPayment: an administrator approves', () => {
  const approved = (t: TTransferTotals, exception: TPaymentState['exception'] = 'none'): TPaymentState => ({
    ...state('confirmed', t, exception),
    approved: true,
  });

  it.each<[string, TPaymentState, TPaymentState['exception']]>([
    ['paid in full, too few confirmations', state('pending', totals(DUE, 0n, 0n, 1)), 'none'],
    ['paid in full, in the mempool only', state('pending', totals(DUE)), 'none'],
    ['a part paid', state('partial', totals(400n, 400n, 0n, 6), 'paid_partial'), 'paid_partial'],
    ['expired with a part paid', state('expired', totals(400n, 400n, 0n, 6), 'paid_partial'), 'paid_partial'],
    ['paid late, unconfirmed', state('expired', totals(DUE, 0n, DUE, 0), 'paid_late'), 'paid_late'],
    ['paid late and confirmed', state('expired', totals(DUE, DUE, DUE, 6), 'paid_late'), 'paid_late'],
    ['cancelled, then paid late', state('failed', totals(DUE, 0n, DUE, 0), 'paid_late'), 'paid_late'],
    ['overpaid, unconfirmed', state('pending', totals(1500n), 'paid_over'), 'paid_over'],
  ])('approve: %s becomes confirmed, once, emitting payment.confirmed', (_name, from, exception) => {
    expect(canApprove(from)).toBe(true);
    const r = transitionPayment(from, { type: 'approve' });
    expect(r.refused).toBeUndefined();
    expect(r.state).toEqual({ ...from, status: 'confirmed', exception, approved: true });
    expect(r.emit).toEqual(['payment.confirmed']);
    expect(transitionPayment(r.state, { type: 'approve' }).refused).toBe('already_confirmed');
  });

  it.each<[string, TPaymentState, 'nothing_received' | 'already_confirmed']>([
    ['pending with nothing received', state('pending'), 'nothing_received'],
    ['expired unpaid', state('expired'), 'nothing_received'],
    ['cancelled, nothing paid', state('failed'), 'nothing_received'],
    ['money gone after a reorganisation', state('pending', totals(0n)), 'nothing_received'],
    ['confirmed by the chain', state('confirmed', totals(DUE, DUE, 0n, 6)), 'already_confirmed'],
    ['approved before', approved(totals(400n), 'paid_partial'), 'already_confirmed'],
  ])('approve is refused when %s, and changes nothing', (_name, from, refused) => {
    const r = transitionPayment(from, { type: 'approve' });
    expect(r).toEqual({ state: from, changed: false, emit: [], refused });
  });

  it.each<
    [
      string,
      TPaymentState,
      TPaymentEvent,
      TPaymentState['status'],
      TPaymentState['exception'],
      string[],
      boolean,
    ]
  >([
    [
      'an approved partial payment gains confirmations: stays confirmed and approved',
      approved(totals(400n, 0n, 0n, 1), 'paid_partial'),
      seen(totals(400n, 400n, 0n, 6)),
      'confirmed',
      'paid_partial',
      ['payment.updated'],
      true,
    ],
    [
      'an approved partial payment is paid the rest: stays confirmed, the flag follows the chain',
      approved(totals(400n, 400n, 0n, 6), 'paid_partial'),
      seen(totals(DUE, 400n, 0n, 0)),
      'confirmed',
      'none',
      ['payment.updated'],
      true,
    ],
    [
      'an approved unconfirmed payment loses its money to a reorganisation: reversed, pending, approval gone',
      approved(totals(DUE, 0n, 0n, 1)),
      seen(totals(0n)),
      'pending',
      'none',
      ['payment.reversed'],
      false,
    ],
    [
      'an approved late payment loses its money past its expiry: reversed and expired',
      approved(totals(DUE, 0n, DUE, 1), 'paid_late'),
      seenPastExpiry(totals(0n)),
      'expired',
      'none',
      ['payment.reversed'],
      false,
    ],
  ])('%s', (_name, from, event, status, exception, emit, stillApproved) => {
    const r = transitionPayment(from, event);
    expect(r.state.status).toBe(status);
    expect(r.state.exception).toBe(exception);
    expect(r.emit).toEqual(emit);
    expect(r.state.approved ?? false).toBe(stillApproved);
  });
});
