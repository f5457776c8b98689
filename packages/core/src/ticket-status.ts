/**
 * Support ticket status machine (admin spec section 4, decision 017). Statuses: open, in_progress, resolved,
 * closed. An administrator with support.write may set any of the four; setting resolved or closed stamps
 * resolved_at (again each time), setting open or in_progress clears it. A staff reply takes an open ticket into
 * in_progress; a customer's message reopens a resolved ticket. A closed ticket takes no message from anyone: staff
 * reopen it first, a customer opens a new ticket.
 */
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TTicketStatus = (typeof TICKET_STATUSES)[number];

export type TTicketState = { status: TTicketStatus; resolvedAt: Date | null };

export type TTicketEvent =
  | { type: 'set_status'; status: TTicketStatus }
  | { type: 'staff_reply' }
  | { type: 'customer_message' };

/** What the change means for the outside: a status change is audited and shown in the thread. */
export type TTicketEffect = 'status_changed' | 'reopened';

export type TTicketTransition =
  | { ok: true; state: TTicketState; changed: boolean; effects: TTicketEffect[] }
  | { ok: false; reason: 'closed' };

/** Resolved and closed are done; the badges count the others. */
export const isTicketDone = (status: TTicketStatus) => status === 'resolved' || status === 'closed';
export const isTicketUnresolved = (status: TTicketStatus) => !isTicketDone(status);
/** A closed ticket takes no message (staff reopen it first; a customer opens a new one). */
export const canTakeMessage = (status: TTicketStatus) => status !== 'closed';

function to(
  state: TTicketState,
  status: TTicketStatus,
  now: Date,
  effects: TTicketEffect[],
): TTicketTransition {
  return {
    ok: true,
    state: { status, resolvedAt: isTicketDone(status) ? now : null },
    changed: status !== state.status,
    effects,
  };
}

function unchanged(state: TTicketState): TTicketTransition {
  return { ok: true, state, changed: false, effects: [] };
}

/** The ticket's state after `event` at `now`, or why the event does not apply. Pure. */
export function nextTicketState(state: TTicketState, event: TTicketEvent, now: Date): TTicketTransition {
  switch (event.type) {
    case 'set_status':
      // The same status again changes nothing (no new resolved_at, no audit row).
      if (event.status === state.status) return unchanged(state);
      return to(
        state,
        event.status,
        now,
        isTicketDone(state.status) && !isTicketDone(event.status)
          ? ['status_changed', 'reopened']
          : ['status_changed'],
      );
    case 'staff_reply':
      if (!canTakeMessage(state.status)) return { ok: false, reason: 'closed' };
      return state.status === 'open' ? to(state, 'in_progress', now, ['status_changed']) : unchanged(state);
    case 'customer_message':
      if (!canTakeMessage(state.status)) return { ok: false, reason: 'closed' };
      return state.status === 'resolved'
        ? to(state, 'open', now, ['status_changed', 'reopened'])
        : unchanged(state);
  }
}
