import type { TAccountStatus } from './options.ts';

/** Account status machine (admin spec section 4): approve only a pending account, suspend only an active one. */
export const ACCOUNT_EVENTS = ['approve', 'suspend'] as const;
export type TAccountEvent = (typeof ACCOUNT_EVENTS)[number];

const TRANSITIONS: Record<TAccountEvent, { from: TAccountStatus; to: TAccountStatus }> = {
  approve: { from: 'pending', to: 'active' },
  suspend: { from: 'active', to: 'suspended' },
};

export type TAccountTransition =
  | { ok: true; status: TAccountStatus }
  | { ok: false; status: TAccountStatus; expected: TAccountStatus };

/** The status after `event`, or why the event does not apply (the status it needs). */
export function nextAccountStatus(status: TAccountStatus, event: TAccountEvent): TAccountTransition {
  const t = TRANSITIONS[event];
  return status === t.from ? { ok: true, status: t.to } : { ok: false, status, expected: t.from };
}

export const canApprove = (status: TAccountStatus) => nextAccountStatus(status, 'approve').ok;
export const canSuspend = (status: TAccountStatus) => nextAccountStatus(status, 'suspend').ok;
