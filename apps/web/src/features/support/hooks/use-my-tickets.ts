import type { TCreateTicketRequest, TMerchantTicketDetails } from '@coinlane/core/api/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchMyTicket,
  fetchMyTickets,
  myTicketKey,
  myTicketsKey,
  openTicket,
  sendTicketMessage,
} from '../api/support-api.ts';

/** How often an open Support page looks for answers. */
export const ANSWERS_REFRESH_MS = 30_000;

export function useMyTickets() {
  return useQuery({
    queryKey: myTicketsKey,
    queryFn: ({ signal }) => fetchMyTickets(signal),
    refetchInterval: ANSWERS_REFRESH_MS,
  });
}

export function useMyTicket(id: string | null) {
  return useQuery({
    queryKey: myTicketKey(id ?? ''),
    queryFn: ({ signal }) => fetchMyTicket(id!, signal),
    enabled: id !== null,
    refetchInterval: ANSWERS_REFRESH_MS,
  });
}

function useStore() {
  const qc = useQueryClient();
  return (details: TMerchantTicketDetails) => {
    qc.setQueryData(myTicketKey(details.ticket.id), details);
    void qc.invalidateQueries({ queryKey: myTicketsKey });
  };
}

export function useOpenTicket() {
  const store = useStore();
  return useMutation({
    mutationFn: (body: TCreateTicketRequest) => openTicket(body),
    onSuccess: store,
  });
}

export function useSendTicketMessage() {
  const store = useStore();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) => sendTicketMessage(id, body),
    onSuccess: store,
  });
}
