import {
  SUPPORT_LIMITS,
  type TMerchantTicket,
  type TMerchantTicketDetails,
  ticketReference,
  ZTicketMessageRequest,
} from '@coinlane/core/api/support';
import { canTakeMessage, isTicketUnresolved, type TTicketStatus } from '@coinlane/core/ticket-status';
import { ArrowLeft, ChevronRight, LifeBuoy, Plus, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Textarea } from '../../../components/ui/field.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMyTicket, useMyTickets, useSendTicketMessage } from '../hooks/use-my-tickets.ts';
import { NewTicketDialog } from './new-ticket-dialog.tsx';
import { useSupportErrorText } from './use-error-text.ts';

const STATUS_TONE: Record<TTicketStatus, BadgeTone> = {
  open: 'amber',
  in_progress: 'brand',
  resolved: 'green',
  closed: 'grey',
};

const formatDate = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * The merchant's Support page (/support, /support/:ticketId; decision 017): its own tickets, newest first, with
 * the answers the support team wrote; New Ticket opens one. A ticket's page shows the thread and a reply form
 * (a closed ticket takes no more messages). Answers are also announced by e-mail, with a link here.
 */
export default function SupportPage() {
  const { t } = useTranslation('support');
  const { ticketId } = useParams();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  return (
    <div>
      <div className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {t('title')}
          </h1>
          <p className="mt-1 text-sm text-slate-600 sm:text-base dark:text-slate-400">{t('subtitle')}</p>
        </div>
        <Button onClick={() => setCreating(true)} className="shrink-0 self-start sm:self-auto">
          <Plus className="size-4" aria-hidden="true" />
          {t('newTicket')}
        </Button>
      </div>
      {ticketId ? <Thread id={ticketId} /> : <TicketList onNew={() => setCreating(true)} />}
      <NewTicketDialog
        open={creating}
        onClose={() => setCreating(false)}
        onOpened={(details) => {
          setCreating(false);
          void navigate(paths.supportTicket(details.ticket.id));
        }}
      />
    </div>
  );
}

function TicketList({ onNew }: { onNew: () => void }) {
  const { t } = useTranslation('support');
  const tickets = useMyTickets();
  if (tickets.isPending) return <PageSpinner />;
  if (tickets.isError)
    return (
      <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <Banner className="w-full max-w-xl text-left">{t('loadFailed')}</Banner>
        <Button onClick={() => void tickets.refetch()} loading={tickets.isFetching}>
          {t('retry')}
        </Button>
      </Card>
    );
  if (tickets.data.length === 0)
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
        <LifeBuoy className="size-8 text-slate-400" aria-hidden="true" />
        <p className="font-medium text-slate-900 dark:text-white">{t('empty')}</p>
        <p className="max-w-md text-sm text-slate-500 dark:text-slate-400">{t('emptyHint')}</p>
        <Button variant="outline" onClick={onNew}>
          <Plus className="size-4" aria-hidden="true" />
          {t('newTicket')}
        </Button>
      </Card>
    );
  return (
    <Card className="overflow-hidden">
      <ul aria-label={t('listLabel')} className="divide-y divide-slate-100 dark:divide-white/5">
        {tickets.data.map((ticket) => (
          <TicketItem key={ticket.id} ticket={ticket} />
        ))}
      </ul>
    </Card>
  );
}

function TicketItem({ ticket }: { ticket: TMerchantTicket }) {
  const { t, i18n } = useTranslation('support');
  const waiting = ticket.answered && isTicketUnresolved(ticket.status);
  return (
    <li>
      <Link
        to={paths.supportTicket(ticket.id)}
        className="flex items-center gap-3 px-4 py-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 sm:px-5 dark:hover:bg-white/[0.03]"
      >
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs text-slate-500 dark:text-slate-400">
              #{ticketReference(ticket.id)}
            </span>
            <Badge tone={STATUS_TONE[ticket.status]} dot>
              {t(`status.${ticket.status}`)}
            </Badge>
            {waiting && <Badge tone="red">{t('answered')}</Badge>}
          </div>
          <p className="mt-1 truncate font-medium text-slate-900 dark:text-white">{ticket.title}</p>
          <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
            {t(`category.${ticket.category}`)} · {t('messages', { count: ticket.messageCount })} ·{' '}
            {t('updated', { date: formatDate(ticket.updatedAt, i18n.language) })}
          </p>
        </div>
        <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
      </Link>
    </li>
  );
}

function Thread({ id }: { id: string }) {
  const { t, i18n } = useTranslation('support');
  const thread = useMyTicket(id);
  const back = (
    <Link
      to={paths.support}
      className="mb-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('thread.back')}
    </Link>
  );
  if (thread.isPending) return <PageSpinner />;
  if (thread.isError) {
    const missing = thread.error instanceof ApiError && thread.error.status === 404;
    return (
      <div>
        {back}
        <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <Banner className="w-full max-w-xl text-left">
            {missing ? t('thread.notFound') : t('thread.loadFailed')}
          </Banner>
          {!missing && (
            <Button onClick={() => void thread.refetch()} loading={thread.isFetching}>
              {t('retry')}
            </Button>
          )}
        </Card>
      </div>
    );
  }
  const { ticket, messages } = thread.data;
  return (
    <div>
      {back}
      <Card className="p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-xs text-slate-500 dark:text-slate-400">
            #{ticketReference(ticket.id)}
          </span>
          <Badge tone={STATUS_TONE[ticket.status]} dot>
            {t(`status.${ticket.status}`)}
          </Badge>
          <Badge tone="grey">{t(`category.${ticket.category}`)}</Badge>
          <Badge tone={ticket.priority === 'normal' ? 'grey' : 'amber'}>
            {t(`priority.${ticket.priority}`)}
          </Badge>
        </div>
        <h2 className="mt-2 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere] dark:text-white">
          {ticket.title}
        </h2>
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
          {t('thread.opened', { date: formatDate(ticket.createdAt, i18n.language) })}
        </p>
        <ol aria-label={t('thread.messagesLabel')} className="mt-5 space-y-3">
          {messages.map((m) => (
            <li key={m.id} className={cn('flex', m.fromStaff ? 'justify-start' : 'justify-end')}>
              <div
                className={cn(
                  'max-w-[85%] rounded-2xl px-4 py-3 text-sm',
                  m.fromStaff
                    ? 'rounded-bl-md bg-slate-100 text-slate-900 dark:bg-white/10 dark:text-slate-100'
                    : 'rounded-br-md bg-brand-600 text-white',
                )}
              >
                <p
                  className={cn(
                    'mb-1 text-xs font-medium',
                    m.fromStaff ? 'text-slate-500 dark:text-slate-400' : 'text-brand-100',
                  )}
                >
                  {m.fromStaff ? t('thread.team') : t('thread.you')}
                  <span className="ml-2 font-normal">{formatDate(m.createdAt, i18n.language)}</span>
                </p>
                <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{m.body}</p>
              </div>
            </li>
          ))}
        </ol>
        <Reply details={thread.data} />
      </Card>
    </div>
  );
}

function Reply({ details }: { details: TMerchantTicketDetails }) {
  const { t } = useTranslation('support');
  const errorText = useSupportErrorText();
  const send = useSendTicketMessage();
  const fieldId = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { ticket } = details;

  if (!canTakeMessage(ticket.status))
    return (
      <Banner tone="info" className="mt-5">
        {t('thread.closedNote')}
      </Banner>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = ZTicketMessageRequest.safeParse({ body });
    if (!parsed.success) {
      setError(errorText(parsed.error.issues[0]?.message) ?? null);
      return;
    }
    send.mutate(
      { id: ticket.id, body: parsed.data.body },
      {
        onSuccess: () => setBody(''),
        onError: (err) => setFailure(t('thread.failed', { reason: errorText(err.message) })),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-5 space-y-2 border-t border-slate-200 pt-4 dark:border-white/10"
    >
      {ticket.status === 'resolved' && <Banner tone="info">{t('thread.resolvedNote')}</Banner>}
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {t('thread.replyLabel')}
      </label>
      <Textarea
        id={fieldId}
        rows={4}
        value={body}
        maxLength={SUPPORT_LIMITS.message}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${fieldId}-hint`}
        onChange={(e) => {
          setBody(e.target.value);
          setError(null);
        }}
      />
      <div id={`${fieldId}-hint`} className="flex justify-between gap-2 text-xs">
        <span className="text-red-600 dark:text-red-400">{error}</span>
        <span className="tabular-nums text-slate-400">
          {t('thread.counter', { used: body.length, max: SUPPORT_LIMITS.message })}
        </span>
      </div>
      {failure && <Banner>{failure}</Banner>}
      <div className="flex justify-end">
        <Button type="submit" loading={send.isPending}>
          <Send className="size-4" aria-hidden="true" />
          {t('thread.send')}
        </Button>
      </div>
    </form>
  );
}
