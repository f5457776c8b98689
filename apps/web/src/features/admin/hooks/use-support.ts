import type { TSupportTicket, TSupportTicketDetails, TSupportTicketList } from '@coinlane/core/api/support';
import type { TTicketStatus } from '@coinlane/core/ticket-status';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchSupportSummary,
  fetchSupportTicket,
  fetchSupportTickets,
  replyToTicket,
  setTicketStatus,
  supportKey,
  supportSummaryKey,
  supportTicketKey,
  supportTicketsKey,
} from '../api/support-api.ts';

/** How often the sidebar's badge and an open list look for new tickets. */
export const SUPPORT_REFRESH_MS = 60_000;

/** Support Tickets: the newest tickets and the unresolved count. */
export function useSupportTickets() {
  return useQuery({
    queryKey: supportTicketsKey,
    queryFn: ({ signal }) => fetchSupportTickets(signal),
    refetchInterval: SUPPORT_REFRESH_MS,
  });
}

/** The sidebar's Support badge (open and in-progress tickets); off without support.read. */
export function useSupportSummary(enabled: boolean) {
  return useQuery({
    queryKey: supportSummaryKey,
    queryFn: ({ signal }) => fetchSupportSummary(signal),
    enabled,
    refetchInterval: SUPPORT_REFRESH_MS,
  });
}

/** One ticket's thread, while its dialog is open. */
export function useSupportTicket(id: string | null) {
  return useQuery({
    queryKey: supportTicketKey(id ?? ''),
    queryFn: ({ signal }) => fetchSupportTicket(id!, signal),
    enabled: id !== null,
  });
}

/** Puts a changed ticket into the list and its thread; the counts are read again. */
function useTicketUpdates() {
  const qc = useQueryClient();
  return (ticket: TSupportTicket, details?: TSupportTicketDetails) => {
    qc.setQueryData<TSupportTicketList>(supportTicketsKey, (list) =>
      list ? { ...list, tickets: list.tickets.map((t) => (t.id === ticket.id ? ticket : t)) } : list,
    );
    if (details) qc.setQueryData(supportTicketKey(ticket.id), details);
    else
      qc.setQueryData<TSupportTicketDetails>(supportTicketKey(ticket.id), (d) => (d ? { ...d, ticket } : d));
    void qc.invalidateQueries({ queryKey: supportKey });
  };
}

/** The status dropdown (support.write). */
export function useSetTicketStatus() {
  const update = useTicketUpdates();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TTicketStatus }) => setTicketStatus(id, status),
    onSuccess: (ticket) => update(ticket),
  });
}

/** A staff reply (support.write). */
export function useReplyToTicket() {
  const update = useTicketUpdates();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) => replyToTicket(id, body),
    onSuccess: (details) => update(details.ticket, details),
  });
}
