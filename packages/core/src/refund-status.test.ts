import { describe, expect, it } from 'vitest';
import {
  canRefund,
  isRefundCommitted,
  isRefundOpen,
  paymentRefundState,
  REFUND_STATUSES,
  refundableAmount,
  type TRefundEvent,
  type TRefundStatus,
  transferPaysRefund,
  transitionRefund,
} from './refund-status.ts';

const EVENTS: TRefundEvent['type'][] = [
  'address_given',
  'link_expired',
  'cancel',
  'paid_on_chain',
  'reversed',
];

/** Every (status, event) pair: the next status and events, or refused (null). */
const TABLE: Record<TRefundStatus, Record<TRefundEvent['type'], [TRefundStatus, string[]] | null>> = {
  awaiting_address: {
    address_given: ['awaiting_payment', []],
    link_expired: ['expired', []],
    cancel: ['canceled', []],
    paid_on_chain: null,
    reversed: null,
  },
  awaiting_payment: {
    address_given: null,
    link_expired: null,
    cancel: ['canceled', []],
    paid_on_chain: ['paid', ['refund.paid']],
    reversed: null,
  },
  paid: {
    address_given: null,
    link_expired: null,
    cancel: null,
    paid_on_chain: null,
    reversed: ['awaiting_payment', ['refund.reversed']],
  },
  canceled: { address_given: null, link_expired: null, cancel: null, paid_on_chain: null, reversed: null },
  expired: { address_given: null, link_expired: null, cancel: null, paid_on_chain: null, reversed: null },
};

describe('transitionRefund: every status and event', () => {
  const cases = REFUND_STATUSES.flatMap((s) => EVENTS.map((e) => [s, e, TABLE[s][e]] as const));
  it.each(cases)('%s + %s', (status, event, expected) => {
    const r = transitionRefund(status, { type: event } as TRefundEvent);
    if (expected === null) expect(r).toEqual({ ok: false, reason: 'invalid_state' });
    else expect(r).toEqual({ ok: true, status: expected[0], emit: expected[1] });
  });

  it('a refund paid, reversed by a reorganisation and paid again emits paid twice and reversed once', () => {
    const steps: TRefundEvent['type'][] = ['address_given', 'paid_on_chain', 'reversed', 'paid_on_chain'];
    let status: TRefundStatus = 'awaiting_address';
    const emitted: string[] = [];
    for (const type of steps) {
      const r = transitionRefund(status, { type });
      if (!r.ok) throw new Error(`refused ${type} in ${status}`);
      status = r.status;
      emitted.push(...r.emit);
    }
    expect(status).toBe('paid');
    expect(emitted).toEqual(['refund.paid', 'refund.reversed', 'refund.paid']);
  });
});

describe('committed and open refunds', () => {
  it.each<[TRefundStatus, boolean, boolean]>([
    ['awaiting_address', true, true],
    ['awaiting_payment', true, true],
    ['paid', true, false],
    ['canceled', false, false],
    ['expired', false, false],
  ])('%s: committed %s, open %s', (s, committed, open) => {
    expect(isRefundCommitted(s)).toBe(committed);
    expect(isRefundOpen(s)).toBe(open);
  });
});

describe('canRefund: payment status, confirmed money, committed refunds', () => {
  it.each<[string, Parameters<typeof canRefund>[0], ReturnType<typeof canRefund>]>([
    ['confirmed, nothing refunded', { status: 'confirmed', confirmed: 1000n, committed: 0n }, { ok: true }],
    [
      'confirmed, the whole amount',
      { status: 'confirmed', confirmed: 1000n, committed: 0n, amount: 1000n },
      { ok: true },
    ],
    [
      'one unit too much',
      { status: 'confirmed', confirmed: 1000n, committed: 0n, amount: 1001n },
      { ok: false, reason: 'too_much' },
    ],
    [
      'the rest after a partial refund',
      { status: 'confirmed', confirmed: 1000n, committed: 400n, amount: 600n },
      { ok: true },
    ],
    [
      'over the rest',
      { status: 'confirmed', confirmed: 1000n, committed: 400n, amount: 601n },
      { ok: false, reason: 'too_much' },
    ],
    [
      'all committed',
      { status: 'confirmed', confirmed: 1000n, committed: 1000n },
      { ok: false, reason: 'nothing_left' },
    ],
    [
      'expired with confirmed (late or short) money',
      { status: 'expired', confirmed: 300n, committed: 0n, amount: 300n },
      { ok: true },
    ],
    [
      'cancelled (failed) with confirmed late money',
      { status: 'failed', confirmed: 300n, committed: 0n },
      { ok: true },
    ],
    [
      'expired with nothing confirmed',
      { status: 'expired', confirmed: 0n, committed: 0n },
      { ok: false, reason: 'payment_state' },
    ],
    [
      'pending: money may still come',
      { status: 'pending', confirmed: 0n, committed: 0n },
      { ok: false, reason: 'payment_state' },
    ],
    [
      'partial: still open',
      { status: 'partial', confirmed: 500n, committed: 0n },
      { ok: false, reason: 'payment_state' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(canRefund(input)).toEqual(expected);
  });

  it('refundableAmount never goes below zero', () => {
    expect(refundableAmount({ confirmed: 100n, committed: 30n })).toBe(70n);
    expect(refundableAmount({ confirmed: 100n, committed: 130n })).toBe(0n);
  });
});

describe('paymentRefundState', () => {
  it.each<[bigint, bigint, string]>([
    [1000n, 0n, 'none'],
    [1000n, 1n, 'partial'],
    [1000n, 999n, 'partial'],
    [1000n, 1000n, 'full'],
  ])('confirmed %s, refunded %s: %s', (confirmed, refunded, state) => {
    expect(paymentRefundState({ confirmed, refunded })).toBe(state);
  });
});

describe('transferPaysRefund', () => {
  type R = { amount: bigint; currency: string; contract: string | null; watchFromHeight: number | null };
  type X = { amount: bigint; currency: string; contract: string | null; blockHeight: number };
  const refund: R = { amount: 1000n, currency: 'LTC', contract: null, watchFromHeight: 100 };
  const t: X = { amount: 1000n, currency: 'LTC', contract: null, blockHeight: 101 };
  it.each<[string, Partial<X>, Partial<R>, boolean]>([
    ['exactly the amount, after the request', {}, {}, true],
    ['more than the amount', { amount: 5000n }, {}, true],
    ['one unit less', { amount: 999n }, {}, false],
    ['in the block the watcher had reached when it started watching', { blockHeight: 100 }, {}, false],
    ['before the request', { blockHeight: 50 }, {}, false],
    ['another coin', { currency: 'USDT', contract: '0xabc' }, {}, false],
    ['same symbol, another token contract', { contract: '0xdef' }, { contract: '0xabc' }, false],
    ['not watched yet (no start height)', { blockHeight: 500 }, { watchFromHeight: null }, false],
  ])('%s', (_name, transfer, r, expected) => {
    expect(transferPaysRefund({ ...refund, ...r }, { ...t, ...transfer })).toBe(expected);
  });
});
