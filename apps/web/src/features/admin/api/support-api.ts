import type {
  TSupportSummary,
  TSupportTicket,
  TSupportTicketDetails,
  TSupportTicketList,
} from '@coinlane/core/api/support';
import type { TTicketStatus } from '@coinlane/core/ticket-status';
import { api } from '../../../lib/api-client.ts';

/** Support tickets of the back-office (decision 017): GET and change under /admin/support. */
export const supportKey = ['admin', 'support'] as const;
export const supportTicketsKey = [...supportKey, 'tickets'] as const;
export const supportSummaryKey = [...supportKey, 'summary'] as const;
export const supportTicketKey = (id: string) => [...supportKey, 'ticket', id] as const;

export const fetchSupportTickets = (signal?: AbortSignal) =>
  api<TSupportTicketList>('/admin/support/tickets', { signal });

export const fetchSupportSummary = (signal?: AbortSignal) =>
  api<TSupportSummary>('/admin/support/summary', { signal });

export const fetchSupportTicket = (id: string, signal?: AbortSignal) =>
  api<TSupportTicketDetails>(`/admin/support/tickets/${encodeURIComponent(id)}`, { signal });

export const setTicketStatus = (id: string, status: TTicketStatus) =>
  api<TSupportTicket>(`/admin/support/tickets/${encodeURIComponent(id)}/status`, {
    method: 'PUT',
    body: { status },
  });

export const replyToTicket = (id: string, body: string) =>
  api<TSupportTicketDetails>(`/admin/support/tickets/${encodeURIComponent(id)}/messages`, {
    method: 'POST',
    body: { body },
  });
