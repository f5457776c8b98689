import type {
  TCreateTicketRequest,
  TMerchantTicket,
  TMerchantTicketDetails,
} from '@coinlane/core/api/support';
import { api } from '../../../lib/api-client.ts';

/** The merchant's own support tickets (decision 017): /support/tickets, session only. */
export const myTicketsKey = ['support', 'tickets'] as const;
export const myTicketKey = (id: string) => ['support', 'ticket', id] as const;

export const fetchMyTickets = (signal?: AbortSignal) =>
  api<TMerchantTicket[]>('/support/tickets', { signal });

export const fetchMyTicket = (id: string, signal?: AbortSignal) =>
  api<TMerchantTicketDetails>(`/support/tickets/${encodeURIComponent(id)}`, { signal });

export const openTicket = (body: TCreateTicketRequest) =>
  api<TMerchantTicketDetails>('/support/tickets', { method: 'POST', body });

export const sendTicketMessage = (id: string, body: string) =>
  api<TMerchantTicketDetails>(`/support/tickets/${encodeURIComponent(id)}/messages`, {
    method: 'POST',
    body: { body },
  });
