import {
  SUPPORT_LIMITS,
  type TSupportMessage,
  type TSupportTicket,
  ZTicketMessageRequest,
} from '@coinlane/core/api/support';
import { canTakeMessage, type TTicketStatus } from '@coinlane/core/ticket-status';
import { Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Banner } from '../../../../components/ui/banner.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../components/ui/cn.ts';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { Textarea } from '../../../../components/ui/field.tsx';
import { PageSpinner } from '../../../../components/ui/spinner.tsx';
import { useReplyToTicket, useSupportTicket } from '../../hooks/use-support.ts';
import { formatListDate } from '../../utils/format.ts';
import { LoadFailed } from '../admin-parts.tsx';
import { priorityTone, TicketRef, TicketStatusSelect, useSupportErrorText } from './ticket-parts.tsx';

/**
 * A ticket's thread (the list's View): who wrote what and when, oldest first, the ticket's facts with its status
 * dropdown, and with support.write a reply form (not on a closed ticket: reopen it first). A reply is mailed to the
 * customer by the server.
 */
export function TicketThreadDialog({
  id,
  canWrite,
  onClose,
  onStatus,
  statusBusy,
  statusFailed,
}: {
  id: string | null;
  canWrite: boolean;
  onClose: () => void;
  onStatus: (id: string, status: TTicketStatus) => void;
  statusBusy: boolean;
  statusFailed: boolean;
}) {
  const { t } = useTranslation('adminSupport');
  const thread = useSupportTicket(id);
  const ticket = thread.data?.ticket;
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      closeLabel={t('close')}
      className="max-w-3xl"
      title={ticket?.title ?? t('tabs.tickets')}
      description={ticket && <TicketRef id={ticket.id} />}
    >
      {thread.isPending ? (
        <PageSpinner />
      ) : thread.isError ? (
        <LoadFailed
          text={t('thread.loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void thread.refetch()}
          retrying={thread.isFetching}
        />
      ) : (
        <div className="space-y-5">
          <Facts
            ticket={thread.data.ticket}
            canWrite={canWrite}
            onStatus={(s) => onStatus(thread.data.ticket.id, s)}
            statusBusy={statusBusy}
          />
          {statusFailed && <Banner>{t('statusFailed')}</Banner>}
          <ol className="space-y-3" aria-label={t('col.messages')}>
            {thread.data.messages.map((m) => (
              <Message key={m.id} message={m} />
            ))}
          </ol>
          <ReplyForm ticket={thread.data.ticket} canWrite={canWrite} />
        </div>
      )}
    </Dialog>
  );
}

function Facts({
  ticket,
  canWrite,
  onStatus,
  statusBusy,
}: {
  ticket: TSupportTicket;
  canWrite: boolean;
  onStatus: (s: TTicketStatus) => void;
  statusBusy: boolean;
}) {
  const { t, i18n } = useTranslation('adminSupport');
  const row = (label: string, value: React.ReactNode) => (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-1 text-sm text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100">{value}</dd>
    </div>
  );
  return (
    <dl className="grid gap-4 rounded-xl bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-3 dark:bg-white/[0.03]">
      {row(
        t('thread.customerLabel'),
        <>
          <span className="block font-medium">{ticket.customerName}</span>
          {ticket.customerEmail && (
            <span className="block text-xs text-slate-500 dark:text-slate-400">{ticket.customerEmail}</span>
          )}
          {!ticket.userId && (
            <span className="block text-xs text-slate-500 dark:text-slate-400">
              {t('thread.fromVisitor')}
            </span>
          )}
        </>,
      )}
      {row(
        t('thread.status'),
        <TicketStatusSelect
          id={ticket.id}
          status={ticket.status}
          canWrite={canWrite}
          busy={statusBusy}
          onChange={onStatus}
        />,
      )}
      {row(
        t('thread.priority'),
        <Badge tone={priorityTone(ticket.priority)}>{t(`priority.${ticket.priority}`)}</Badge>,
      )}
      {row(t('thread.category'), t(`category.${ticket.category}`))}
      {row(t('thread.opened'), formatListDate(ticket.createdAt, i18n.language))}
      {row(t('thread.assignedTo'), ticket.assignedTo?.name ?? t('thread.unassigned'))}
    </dl>
  );
}

function Message({ message }: { message: TSupportMessage }) {
  const { t, i18n } = useTranslation('adminSupport');
  return (
    <li className={cn('flex', message.fromStaff ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-3 text-sm',
          message.fromStaff
            ? 'rounded-br-md bg-brand-600 text-white'
            : 'rounded-bl-md bg-slate-100 text-slate-900 dark:bg-white/10 dark:text-slate-100',
        )}
      >
        <p
          className={cn(
            'mb-1 text-xs font-medium',
            message.fromStaff ? 'text-brand-100' : 'text-slate-500 dark:text-slate-400',
          )}
        >
          {message.fromStaff ? `${message.authorName} · ${t('thread.staffSuffix')}` : message.authorName}
          <span className="ml-2 font-normal">{formatListDate(message.createdAt, i18n.language)}</span>
        </p>
        <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{message.body}</p>
      </div>
    </li>
  );
}

function ReplyForm({ ticket, canWrite }: { ticket: TSupportTicket; canWrite: boolean }) {
  const { t } = useTranslation('adminSupport');
  const errorText = useSupportErrorText();
  const reply = useReplyToTicket();
  const fieldId = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Another ticket: a fresh form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the ticket changes
  useEffect(() => {
    setBody('');
    setError(null);
    setFailure(null);
  }, [ticket.id]);

  if (!canWrite) return <p className="text-sm text-slate-500 dark:text-slate-400">{t('thread.readOnly')}</p>;
  if (!canTakeMessage(ticket.status)) return <Banner tone="info">{t('thread.closedNote')}</Banner>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = ZTicketMessageRequest.safeParse({ body });
    if (!parsed.success) {
      setError(errorText(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    reply.mutate(
      { id: ticket.id, body: parsed.data.body },
      {
        onSuccess: () => setBody(''),
        onError: (err) => setFailure(t('thread.replyFailed', { reason: errorText(err.message) })),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-2 border-t border-slate-200 pt-4 dark:border-white/10"
      noValidate
    >
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
      <div id={`${fieldId}-hint`} className="flex flex-wrap justify-between gap-2 text-xs">
        {error ? (
          <span className="text-red-600 dark:text-red-400">{error}</span>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">
            {ticket.userId
              ? t('thread.merchantHint')
              : t('thread.visitorHint', { email: ticket.customerEmail ?? '' })}
          </span>
        )}
        <span className="tabular-nums text-slate-400">
          {t('thread.counter', { used: body.length, max: SUPPORT_LIMITS.message })}
        </span>
      </div>
      {failure && <Banner>{failure}</Banner>}
      <div className="flex justify-end">
        <Button type="submit" loading={reply.isPending}>
          <Send className="size-4" aria-hidden="true" />
          {t('thread.send')}
        </Button>
      </div>
    </form>
  );
}
