import { describe, expect, it } from 'vitest';
import {
  canTakeMessage,
  isTicketUnresolved,
  nextTicketState,
  type TTicketEvent,
  type TTicketStatus,
} from './ticket-status.ts';

const now = new Date('2026-11-28T12:00:00Z');
const earlier = new Date('2026-11-20T08:00:00Z');
/** The state a ticket of this status has before the event: resolved_at set only when resolved or closed. */
const state = (status: TTicketStatus) => ({
  status,
  resolvedAt: status === 'resolved' || status === 'closed' ? earlier : null,
});
const set = (status: TTicketStatus): TTicketEvent => ({ type: 'set_status', status });
const staff: TTicketEvent = { type: 'staff_reply' };
const customer: TTicketEvent = { type: 'customer_message' };

describe('nextTicketState', () => {
  it.each([
    // from, event, status after, resolved_at after, changed, effects
    ['open', set('in_progress'), 'in_progress', null, true, ['status_changed']],
    ['open', set('resolved'), 'resolved', now, true, ['status_changed']],
    ['open', set('closed'), 'closed', now, true, ['status_changed']],
    ['open', set('open'), 'open', null, false, []],
    ['in_progress', set('open'), 'open', null, true, ['status_changed']],
    ['in_progress', set('resolved'), 'resolved', now, true, ['status_changed']],
    ['resolved', set('closed'), 'closed', now, true, ['status_changed']],
    ['resolved', set('resolved'), 'resolved', earlier, false, []],
    ['resolved', set('open'), 'open', null, true, ['status_changed', 'reopened']],
    ['closed', set('in_progress'), 'in_progress', null, true, ['status_changed', 'reopened']],
    ['closed', set('resolved'), 'resolved', now, true, ['status_changed']],
    ['closed', set('closed'), 'closed', earlier, false, []],
    ['open', staff, 'in_progress', null, true, ['status_changed']],
    ['in_progress', staff, 'in_progress', null, false, []],
    ['resolved', staff, 'resolved', earlier, false, []],
    ['open', customer, 'open', null, false, []],
    ['in_progress', customer, 'in_progress', null, false, []],
    ['resolved', customer, 'open', null, true, ['status_changed', 'reopened']],
  ] as const)('%s + %o -> %s', (from, event, status, resolvedAt, changed, effects) => {
    expect(nextTicketState(state(from), event, now)).toEqual({
      ok: true,
      state: { status, resolvedAt },
      changed,
      effects,
    });
  });

  it.each([
    ['staff reply', staff],
    ['customer message', customer],
  ] as const)('refuses a %s on a closed ticket', (_name, event) => {
    expect(nextTicketState(state('closed'), event, now)).toEqual({ ok: false, reason: 'closed' });
  });

  it('counts open and in-progress tickets as unresolved, and lets every status but closed take a message', () => {
    const all = ['open', 'in_progress', 'resolved', 'closed'] as const;
    expect(all.map(isTicketUnresolved)).toEqual([true, true, false, false]);
    expect(all.map(canTakeMessage)).toEqual([true, true, true, false]);
  });
});
