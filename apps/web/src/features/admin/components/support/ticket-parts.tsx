import { SUPPORT_LIMITS, ticketReference } from '@coinlane/core/api/support';
import { T } from '@coinlane/core/texts';
import { TICKET_STATUSES, type TTicketStatus } from '@coinlane/core/ticket-status';
import { useTranslation } from 'react-i18next';
import type { BadgeTone } from '../../../../components/ui/badge.tsx';
import { cn } from '../../../../components/ui/cn.ts';
import { Select } from '../../../../components/ui/field.tsx';

/** Status colours: open waits for someone (amber), in progress is being handled, done is green or grey. */
export const TICKET_STATUS_TONE: Record<TTicketStatus, BadgeTone> = {
  open: 'amber',
  in_progress: 'brand',
  resolved: 'green',
  closed: 'grey',
};

/** Priority colours: urgent and critical stand out. */
export const priorityTone = (p: string): BadgeTone =>
  p === 'critical' || p === 'urgent' ? 'red' : p === 'high' ? 'amber' : 'grey';

/** The ticket's reference as the list shows it: '#' and the first 8 characters of its id (admin spec 2). */
export function TicketRef({ id, className }: { id: string; className?: string }) {
  return (
    <span title={id} className={cn('font-mono text-xs text-slate-500 dark:text-slate-400', className)}>
      #{ticketReference(id)}
    </span>
  );
}

/** The status dropdown: any of the four with support.write, disabled without it (admin spec 2, 4). */
export function TicketStatusSelect({
  id,
  status,
  canWrite,
  busy,
  onChange,
  className,
}: {
  id: string;
  status: TTicketStatus;
  canWrite: boolean;
  busy: boolean;
  onChange: (status: TTicketStatus) => void;
  className?: string;
}) {
  const { t } = useTranslation('adminSupport');
  return (
    <Select
      aria-label={t('statusOf', { ref: ticketReference(id) })}
      value={status}
      disabled={!canWrite || busy}
      onChange={(e) => onChange(e.target.value as TTicketStatus)}
      className={cn('h-9 w-auto min-w-[11rem] py-1', className)}
    >
      {TICKET_STATUSES.map((s) => (
        <option key={s} value={s}>
          {t(`status.${s}`)}
        </option>
      ))}
    </Select>
  );
}

/** The server's English texts (shared schema and catalogue) in the reader's language. */
export function useSupportErrorText() {
  const { t } = useTranslation('adminSupport');
  return (message: string) => {
    const known: Record<string, string> = {
      [T.ticketMessageRequired]: t('errors.messageRequired'),
      [T.ticketMessageTooLong(SUPPORT_LIMITS.message)]: t('errors.messageTooLong'),
      [T.ticketClosedStaff]: t('errors.closed'),
      [T.ticketNotFound]: t('errors.notFound'),
    };
    return known[message] ?? message;
  };
}
