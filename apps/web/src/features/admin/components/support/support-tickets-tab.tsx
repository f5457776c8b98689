import { type TSupportTicket, ticketReference } from '@coinlane/core/api/support';
import { hasPermission } from '@coinlane/core/permissions';
import type { TTicketStatus } from '@coinlane/core/ticket-status';
import { Eye, LifeBuoy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Banner } from '../../../../components/ui/banner.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { PageSpinner } from '../../../../components/ui/spinner.tsx';
import { useSession } from '../../../../lib/auth.ts';
import { useSetTicketStatus, useSupportTickets } from '../../hooks/use-support.ts';
import { formatCount, formatListDate } from '../../utils/format.ts';
import { LoadFailed } from '../admin-parts.tsx';
import { priorityTone, TicketRef, TicketStatusSelect } from './ticket-parts.tsx';
import { TicketThreadDialog } from './ticket-thread-dialog.tsx';

/**
 * The Support Tickets tab (admin spec 2, 4, 8; decision 017): the newest tickets first, each with its reference
 * (the first 8 characters of its id), customer ('Unknown User' when the account is gone), message count and a status
 * dropdown (disabled without support.write); View opens the thread, where staff with support.write reply.
 * `openId` / `onOpen`: the ticket whose thread is open (the page keeps it in the address, ?ticket=).
 */
export function SupportTicketsTab({
  openId,
  onOpen,
}: {
  openId: string | null;
  onOpen: (id: string | null) => void;
}) {
  const { t, i18n } = useTranslation('adminSupport');
  const lang = i18n.language;
  const { user } = useSession();
  const canWrite = hasPermission(user, 'support.write');
  const tickets = useSupportTickets();
  const setStatus = useSetTicketStatus();
  const [statusFailed, setStatusFailed] = useState(false);

  const changeStatus = (id: string, status: TTicketStatus) => {
    setStatusFailed(false);
    setStatus.mutate({ id, status }, { onError: () => setStatusFailed(true) });
  };
  const busyId = setStatus.isPending ? setStatus.variables?.id : null;

  if (tickets.isPending) return <PageSpinner />;
  if (tickets.isError)
    return (
      <LoadFailed
        text={t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void tickets.refetch()}
        retrying={tickets.isFetching}
      />
    );

  const { tickets: rows, total, limit } = tickets.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('unresolved', { count: tickets.data.unresolved })}
          {total > rows.length && <span className="ml-2">{t('limitNote', { limit, total })}</span>}
        </p>
        <Button variant="outline" onClick={() => void tickets.refetch()} disabled={tickets.isFetching}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {t('refresh')}
        </Button>
      </div>
      {statusFailed && <Banner>{t('statusFailed')}</Banner>}
      {rows.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center">
          <LifeBuoy className="size-8 text-slate-400" aria-hidden="true" />
          <p className="font-medium text-slate-900 dark:text-white">{t('empty')}</p>
          <p className="max-w-md text-sm text-slate-500 dark:text-slate-400">{t('emptyHint')}</p>
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500 dark:bg-white/5 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium md:w-[40%]">
                    {t('col.ticket')}
                  </th>
                  <th scope="col" className="hidden px-3 py-3 font-medium md:table-cell">
                    {t('col.customer')}
                  </th>
                  <th scope="col" className="hidden px-3 py-3 text-right font-medium lg:table-cell">
                    {t('col.messages')}
                  </th>
                  <th scope="col" className="hidden px-3 py-3 font-medium sm:table-cell">
                    {t('col.status')}
                  </th>
                  <th scope="col" className="hidden px-3 py-3 font-medium xl:table-cell">
                    {t('col.updated')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    <span className="sr-only">{t('col.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-white/5">
                {rows.map((ticket) => (
                  <TicketRow
                    key={ticket.id}
                    ticket={ticket}
                    lang={lang}
                    canWrite={canWrite}
                    busy={busyId === ticket.id}
                    onStatus={(s) => changeStatus(ticket.id, s)}
                    onView={() => onOpen(ticket.id)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
      <TicketThreadDialog
        id={openId}
        canWrite={canWrite}
        onClose={() => onOpen(null)}
        onStatus={changeStatus}
        statusBusy={busyId === openId && openId !== null}
        statusFailed={statusFailed}
      />
    </div>
  );
}

/**
 * One ticket. On a phone the customer, message count and status fold into the first cell (their columns are
 * hidden), so the row stays one screen wide.
 */
function TicketRow({
  ticket,
  lang,
  canWrite,
  busy,
  onStatus,
  onView,
}: {
  ticket: TSupportTicket;
  lang: string;
  canWrite: boolean;
  busy: boolean;
  onStatus: (s: TTicketStatus) => void;
  onView: () => void;
}) {
  const { t } = useTranslation('adminSupport');
  const messages = t('messages', { count: ticket.messageCount });
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <TicketRef id={ticket.id} />
          <Badge tone="grey">{t(`category.${ticket.category}`)}</Badge>
          {ticket.priority !== 'normal' && (
            <Badge tone={priorityTone(ticket.priority)}>{t(`priority.${ticket.priority}`)}</Badge>
          )}
        </div>
        <p className="mt-1 line-clamp-2 font-medium text-slate-900 [overflow-wrap:anywhere] dark:text-white">
          {ticket.title}
        </p>
        <p className="mt-0.5 text-xs text-slate-500 [overflow-wrap:anywhere] md:hidden dark:text-slate-400">
          {ticket.customerName} · {messages}
        </p>
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
          {formatListDate(ticket.createdAt, lang)}
        </p>
        <div className="mt-2 sm:hidden">
          <TicketStatusSelect
            id={ticket.id}
            status={ticket.status}
            canWrite={canWrite}
            busy={busy}
            onChange={onStatus}
          />
        </div>
      </td>
      <td className="hidden max-w-[16rem] px-3 py-3 md:table-cell">
        <span className="block truncate font-medium text-slate-900 dark:text-white">
          {ticket.customerName}
        </span>
        <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
          {ticket.customerEmail ?? (ticket.userId ? '' : t('visitor'))}
          {!ticket.userId && ticket.customerEmail && ` · ${t('visitor')}`}
        </span>
      </td>
      <td className="hidden px-3 py-3 text-right tabular-nums text-slate-700 lg:table-cell dark:text-slate-300">
        {formatCount(ticket.messageCount, lang)}
      </td>
      <td className="hidden px-3 py-3 sm:table-cell">
        <TicketStatusSelect
          id={ticket.id}
          status={ticket.status}
          canWrite={canWrite}
          busy={busy}
          onChange={onStatus}
        />
      </td>
      <td className="hidden whitespace-nowrap px-3 py-3 text-slate-600 xl:table-cell dark:text-slate-400">
        {formatListDate(ticket.updatedAt, lang)}
      </td>
      <td className="px-4 py-3 text-right">
        <Button
          variant="outline"
          size="sm"
          onClick={onView}
          aria-label={t('viewTicket', { ref: ticketReference(ticket.id) })}
        >
          <Eye className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">{t('view')}</span>
        </Button>
      </td>
    </tr>
  );
}
