import { describe, expect, it } from 'vitest';
import {
  nextSubscriptionAction,
  periodEnd,
  SUBSCRIPTION_STATUSES,
  type TScheduleInput,
  type TSubscriptionEvent,
  type TSubscriptionState,
  type TSubscriptionStatus,
  testClockTarget,
  transitionSubscription,
} from './subscription-status.ts';

const EVENTS: TSubscriptionEvent['type'][] = [
  'first_invoice_paid',
  'incomplete_lapsed',
  'renewal_paid',
  'period_ended',
  'grace_ended',
  'cancel_now',
  'cancel_at_period_end',
  'resume',
];

type Row = Record<TSubscriptionEvent['type'], [TSubscriptionStatus, boolean, string[]] | null>;
const none: Row = {
  first_invoice_paid: null,
  incomplete_lapsed: null,
  renewal_paid: null,
  period_ended: null,
  grace_ended: null,
  cancel_now: null,
  cancel_at_period_end: null,
  resume: null,
};

/** Every (status, flag, event): the next status, flag and events, or refused (null). */
const TABLE: Record<TSubscriptionStatus, Record<'plain' | 'cancelling', Row>> = {
  incomplete: {
    plain: {
      ...none,
      first_invoice_paid: ['active', false, ['subscription.activated']],
      incomplete_lapsed: ['expired', false, ['subscription.expired']],
      cancel_now: ['cancelled', false, ['subscription.cancelled']],
    },
    cancelling: {
      ...none,
      first_invoice_paid: ['active', false, ['subscription.activated']],
      incomplete_lapsed: ['expired', false, ['subscription.expired']],
      cancel_now: ['cancelled', false, ['subscription.cancelled']],
    },
  },
  active: {
    plain: {
      ...none,
      renewal_paid: ['active', false, ['subscription.renewed']],
      period_ended: ['past_due', false, ['subscription.past_due']],
      cancel_now: ['cancelled', false, ['subscription.cancelled']],
      cancel_at_period_end: ['active', true, []],
    },
    cancelling: {
      ...none,
      renewal_paid: ['active', true, ['subscription.renewed']],
      period_ended: ['cancelled', false, ['subscription.cancelled']],
      cancel_now: ['cancelled', false, ['subscription.cancelled']],
      resume: ['active', false, []],
    },
  },
  past_due: {
    plain: {
      ...none,
      renewal_paid: ['active', false, ['subscription.renewed']],
      grace_ended: ['expired', false, ['subscription.expired']],
      cancel_now: ['cancelled', false, ['subscription.cancelled']],
      cancel_at_period_end: ['cancelled', false, ['subscription.cancelled']],
    },
    cancelling: {
      ...none,
      renewal_paid: ['active', true, ['subscription.renewed']],
      grace_ended: ['expired', false, ['subscription.expired']],
      cancel_now: ['cancelled', false, ['subscription.cancelled']],
      cancel_at_period_end: ['cancelled', false, ['subscription.cancelled']],
    },
  },
  cancelled: { plain: none, cancelling: none },
  expired: {
    plain: { ...none, renewal_paid: ['active', false, ['subscription.activated']] },
    cancelling: { ...none, renewal_paid: ['active', false, ['subscription.activated']] },
  },
};

describe('transitionSubscription: every status, flag and event', () => {
  const cases = SUBSCRIPTION_STATUSES.flatMap((s) =>
    (['plain', 'cancelling'] as const).flatMap((f) => EVENTS.map((e) => [s, f, e, TABLE[s][f][e]] as const)),
  );
  it.each(cases)('%s (%s) + %s', (status, flag, event, expected) => {
    const r = transitionSubscription({ status, cancelAtPeriodEnd: flag === 'cancelling' }, {
      type: event,
    } as TSubscriptionEvent);
    if (expected === null) expect(r).toEqual({ ok: false, reason: 'invalid_state' });
    else {
      expect(r).toEqual({
        ok: true,
        state: { status: expected[0], cancelAtPeriodEnd: expected[1] },
        emit: expected[2],
      });
    }
  });

  it('a year of a subscriber who pays late once: active, past due, renewed, then expired when grace runs out', () => {
    const steps: TSubscriptionEvent['type'][] = [
      'first_invoice_paid',
      'renewal_paid',
      'period_ended',
      'renewal_paid',
      'period_ended',
      'grace_ended',
      'renewal_paid',
    ];
    let state: TSubscriptionState = { status: 'incomplete', cancelAtPeriodEnd: false };
    const emitted: string[] = [];
    for (const type of steps) {
      const r = transitionSubscription(state, { type } as TSubscriptionEvent);
      if (!r.ok) throw new Error(`refused ${type} in ${state.status}`);
      state = r.state;
      emitted.push(...r.emit);
    }
    expect(state).toEqual({ status: 'active', cancelAtPeriodEnd: false });
    expect(emitted).toEqual([
      'subscription.activated',
      'subscription.renewed',
      'subscription.past_due',
      'subscription.renewed',
      'subscription.past_due',
      'subscription.expired',
      'subscription.activated',
    ]);
  });
});

describe('periodEnd: calendar months from the anchor, clamped, never drifting', () => {
  const at = (s: string) => new Date(s);
  it.each([
    ['2026-01-31T10:00:00.000Z', 'monthly', 0, '2026-02-28T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', 'monthly', 1, '2026-03-31T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', 'monthly', 2, '2026-04-30T10:00:00.000Z'],
    ['2027-12-31T23:59:59.000Z', 'monthly', 1, '2028-02-29T23:59:59.000Z'],
    ['2026-11-15T08:30:00.000Z', 'monthly', 0, '2026-12-15T08:30:00.000Z'],
    ['2026-11-15T08:30:00.000Z', 'monthly', 1, '2027-01-15T08:30:00.000Z'],
    ['2026-11-15T08:30:00.000Z', 'monthly', 13, '2028-01-15T08:30:00.000Z'],
    ['2028-02-29T00:00:00.000Z', 'yearly', 0, '2029-02-28T00:00:00.000Z'],
    ['2028-02-29T00:00:00.000Z', 'yearly', 3, '2032-02-29T00:00:00.000Z'],
  ] as const)('%s %s period %i ends %s', (anchor, interval, index, expected) => {
    expect(periodEnd(at(anchor), interval, index).toISOString()).toBe(expected);
  });
});

describe('nextSubscriptionAction', () => {
  const base: TScheduleInput = {
    status: 'active',
    cancelAtPeriodEnd: false,
    createdAt: new Date('2026-11-01T00:00:00.000Z'),
    periodEnd: new Date('2026-12-01T00:00:00.000Z'),
    renewalIssued: false,
    graceReminded: false,
    renewalLeadDays: 3,
    graceDays: 7,
  };
  const iso = (r: ReturnType<typeof nextSubscriptionAction>) =>
    r && { action: r.action, at: r.at.toISOString() };
  it.each([
    [
      'incomplete: expires a day after creation',
      { status: 'incomplete', periodEnd: null },
      'expire_incomplete',
      '2026-11-02T00:00:00.000Z',
    ],
    [
      'active: the renewal is issued lead days before the end',
      {},
      'issue_renewal',
      '2026-11-28T00:00:00.000Z',
    ],
    [
      'active with no lead time: issued at the end',
      { renewalLeadDays: 0 },
      'issue_renewal',
      '2026-12-01T00:00:00.000Z',
    ],
    [
      'active, renewal issued: the period ends at its end',
      { renewalIssued: true },
      'end_period',
      '2026-12-01T00:00:00.000Z',
    ],
    [
      'active, cancelling at period end: no renewal, the period ends',
      { cancelAtPeriodEnd: true },
      'end_period',
      '2026-12-01T00:00:00.000Z',
    ],
    [
      'past due: reminded a day before grace ends',
      { status: 'past_due', renewalIssued: true },
      'remind_grace',
      '2026-12-07T00:00:00.000Z',
    ],
    [
      'past due, reminded: grace ends',
      { status: 'past_due', renewalIssued: true, graceReminded: true },
      'end_grace',
      '2026-12-08T00:00:00.000Z',
    ],
    [
      'past due with one day of grace: no reminder, grace ends',
      { status: 'past_due', graceDays: 1 },
      'end_grace',
      '2026-12-02T00:00:00.000Z',
    ],
    [
      'past due with no grace: expires at the period end',
      { status: 'past_due', graceDays: 0 },
      'end_grace',
      '2026-12-01T00:00:00.000Z',
    ],
  ] as const)('%s', (_name, change, action, at) => {
    expect(iso(nextSubscriptionAction({ ...base, ...(change as Partial<TScheduleInput>) }))).toEqual({
      action,
      at,
    });
  });
  it.each(['cancelled', 'expired'] as const)('%s: nothing left to do', (status) => {
    expect(nextSubscriptionAction({ ...base, status })).toBeNull();
  });
});

describe('testClockTarget', () => {
  const now = new Date('2026-11-10T00:00:00.000Z');
  const periodEndAt = new Date('2026-12-01T00:00:00.000Z');
  it('a day', () => {
    expect(testClockTarget('day', now, { periodEnd: periodEndAt, graceDays: 7 }).toISOString()).toBe(
      '2026-11-11T00:00:00.000Z',
    );
  });
  it('a period: to the current period end', () => {
    expect(testClockTarget('period', now, { periodEnd: periodEndAt, graceDays: 7 }).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
  });
  it('past grace: a minute after grace ends', () => {
    expect(testClockTarget('past_grace', now, { periodEnd: periodEndAt, graceDays: 7 }).toISOString()).toBe(
      '2026-12-08T00:01:00.000Z',
    );
  });
  it('never backwards: a period end already passed moves a day', () => {
    const late = new Date('2026-12-20T00:00:00.000Z');
    expect(testClockTarget('period', late, { periodEnd: periodEndAt, graceDays: 7 }).toISOString()).toBe(
      '2026-12-21T00:00:00.000Z',
    );
    expect(testClockTarget('past_grace', late, { periodEnd: periodEndAt, graceDays: 7 }).toISOString()).toBe(
      '2026-12-21T00:00:00.000Z',
    );
  });
});
