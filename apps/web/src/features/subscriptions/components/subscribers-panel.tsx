import type { TPlan, TSubscriber } from '@coinlane/core/api/subscriptions';
import {
  SUBSCRIPTION_STATUSES,
  type TSubscriptionStatus,
  type TTestClockStep,
} from '@coinlane/core/subscription-status';
import { Clock, UserPlus, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Field, Select } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatUsd } from '../../../lib/amounts.ts';
import { SUBSCRIBERS_PAGE_SIZE, type SubscriberFilters } from '../api/subscriptions-api.ts';
import { useSubscriberMutations, useSubscribers } from '../hooks/use-subscriptions.ts';
import { formatDate, formatDateTime } from '../utils/format.ts';
import { failureText, statusLabel } from '../utils/messages.ts';
import { AddSubscriberDialog } from './add-subscriber-dialog.tsx';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog.tsx';

export const SUBSCRIPTION_TONE: Record<TSubscriptionStatus, BadgeTone> = {
  incomplete: 'yellow',
  active: 'green',
  past_due: 'amber',
  cancelled: 'grey',
  expired: 'red',
};

const CLOCK_STEPS: ReadonlyArray<[TTestClockStep, string]> = [
  ['day', 'subscribers.clockDay'],
  ['period', 'subscribers.clockPeriod'],
  ['past_grace', 'subscribers.clockPastGrace'],
];

/** Whether a subscription can still be cancelled (it has not ended). */
const cancellable = (s: TSubscriber) =>
  s.status === 'incomplete' || s.status === 'active' || s.status === 'past_due';

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * The Subscribers tab (merchant spec 2): filters by plan and status, the count, the table (Subscriber, Plan,
 * Status, Next Payment, Total Paid, Joined) with each row's Cancel or Resume and, for a test-mode subscriber, its
 * clock and the test-clock steps. Below the md breakpoint each row is a card with labelled values.
 */
export function SubscribersPanel({ plans }: { plans: TPlan[] }) {
  const { t, i18n } = useTranslation('subscriptions');
  const lang = i18n.language;
  const [filters, setFilters] = useState<SubscriberFilters>({ planId: '', status: '' });
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<TSubscriber | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [adding, setAdding] = useState(false);
  const q = useSubscribers(filters, page);
  const { act, clock } = useSubscriberMutations();
  const total = q.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SUBSCRIBERS_PAGE_SIZE));
  const filtered = Boolean(filters.planId || filters.status);

  const filter = (next: Partial<SubscriberFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
    setNotice(null);
  };

  const resume = (s: TSubscriber) => {
    setNotice(null);
    act.mutate(
      { id: s.id, action: 'resume' },
      {
        onSuccess: () => setNotice({ tone: 'success', text: t('subscribers.resumed', { email: s.email }) }),
        onError: (err) =>
          setNotice({ tone: 'error', text: failureText(err, 'subscriberAction', t, 'resume') }),
      },
    );
  };

  const advance = (s: TSubscriber, step: TTestClockStep) => {
    setNotice(null);
    clock.mutate(
      { id: s.id, advance: step },
      {
        onSuccess: (after) =>
          setNotice({
            tone: 'success',
            text: t('subscribers.clockMoved', {
              email: s.email,
              date: after.testClock ? formatDateTime(after.testClock, lang) : '',
            }),
          }),
        onError: (err) => setNotice({ tone: 'error', text: failureText(err, 'clock', t) }),
      },
    );
  };

  const statusText = (s: TSubscriptionStatus) => {
    const label = t(`status.${s}`);
    return label.charAt(0).toLocaleUpperCase(lang) + label.slice(1);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        {/* Phones: a filter a line, so that 'Todos los estados' or a plan's long name is not cut off. */}
        <div className="grid gap-3 sm:flex sm:flex-wrap">
          <Field label={t('subscribers.filterPlan')} className="min-w-0 sm:w-52">
            {(id) => (
              <Select id={id} value={filters.planId} onChange={(e) => filter({ planId: e.target.value })}>
                <option value="">{t('subscribers.allPlans')}</option>
                {plans.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('subscribers.filterStatus')} className="min-w-0 sm:w-44">
            {(id) => (
              <Select
                id={id}
                value={filters.status}
                onChange={(e) => filter({ status: e.target.value as TSubscriptionStatus | '' })}
              >
                <option value="">{t('subscribers.allStatuses')}</option>
                {SUBSCRIPTION_STATUSES.map((st) => (
                  <option key={st} value={st}>
                    {statusText(st)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Button
          variant="outline"
          onClick={() => {
            setNotice(null);
            setAdding(true);
          }}
        >
          <UserPlus className="size-4" aria-hidden="true" />
          {t('subscribers.add')}
        </Button>
      </div>

      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}

      {q.isError && !q.data ? (
        <Banner>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{t('errors.subscribersLoad')}</span>
            <Button size="sm" variant="outline" onClick={() => void q.refetch()}>
              {t('retry')}
            </Button>
          </div>
        </Banner>
      ) : (
        <Card>
          <div className="border-b border-slate-200 px-4 py-3 sm:px-5 dark:border-white/10">
            {q.isPending ? (
              <Skeleton className="h-5 w-32" />
            ) : (
              <p
                className="text-sm font-medium text-slate-700 dark:text-slate-300"
                data-testid="subscribers-count"
              >
                {t('subscribers.count', { count: total })}
              </p>
            )}
          </div>
          {q.isPending ? (
            <ul className="divide-y divide-slate-200 dark:divide-white/10" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <li key={i} className="grid gap-3 px-5 py-4 sm:grid-cols-3">
                  <Skeleton className="h-5 w-48" />
                  <Skeleton className="h-5 w-24" />
                  <Skeleton className="h-5 w-20 sm:justify-self-end" />
                </li>
              ))}
            </ul>
          ) : q.data && q.data.data.length > 0 ? (
            // A very long e-mail address widens its column; from md up the table then scrolls inside its card.
            <div className="md:overflow-x-auto">
              <table className="w-full text-left text-sm max-md:block" data-testid="subscribers">
                <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500 max-md:hidden dark:bg-white/5 dark:text-slate-400">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-medium sm:pl-5">
                      {t('subscribers.columns.subscriber')}
                    </th>
                    <th scope="col" className="px-3 py-3 font-medium">
                      {t('subscribers.columns.plan')}
                    </th>
                    <th scope="col" className="px-3 py-3 font-medium">
                      {t('subscribers.columns.status')}
                    </th>
                    <th scope="col" className="px-3 py-3 font-medium">
                      {t('subscribers.columns.nextPayment')}
                    </th>
                    <th scope="col" className="px-3 py-3 text-right font-medium">
                      {t('subscribers.columns.totalPaid')}
                    </th>
                    <th scope="col" className="px-3 py-3 font-medium">
                      {t('subscribers.columns.joined')}
                    </th>
                    <th scope="col" className="px-4 py-3 text-right font-medium sm:pr-5">
                      <span className="sr-only">{t('subscribers.columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                {/* One body per subscriber: its row, and a test-mode subscriber's clock below it. */}
                {q.data.data.map((s) => (
                  <SubscriberRow
                    key={s.id}
                    s={s}
                    busy={
                      (act.isPending && act.variables?.id === s.id) ||
                      (clock.isPending && clock.variables?.id === s.id)
                    }
                    onCancel={() => {
                      setNotice(null);
                      setCancelling(s);
                    }}
                    onResume={() => resume(s)}
                    onClock={(step) => advance(s, step)}
                  />
                ))}
              </table>
            </div>
          ) : (
            <div className="flex flex-col items-center px-6 py-14 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-400 dark:bg-white/5">
                <Users className="size-6" aria-hidden="true" />
              </span>
              <p className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">
                {filtered ? t('subscribers.emptyFiltered') : t('subscribers.emptyTitle')}
              </p>
              {!filtered && (
                <p className="mt-1 max-w-sm text-sm text-slate-500 dark:text-slate-400">
                  {t('subscribers.emptyText')}
                </p>
              )}
            </div>
          )}
          {pages > 1 && (
            <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:px-5 dark:border-white/10">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t('subscribers.previous')}
              </Button>
              <span className="text-sm text-slate-500">{t('subscribers.page', { page, pages })}</span>
              <Button
                size="sm"
                variant="outline"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('subscribers.next')}
              </Button>
            </div>
          )}
        </Card>
      )}

      {adding && (
        <AddSubscriberDialog
          open
          plans={plans}
          onClose={() => setAdding(false)}
          onDone={(s) => {
            setAdding(false);
            setNotice({ tone: 'success', text: t('enrol.sent', { email: s.email }) });
          }}
        />
      )}
      <CancelSubscriptionDialog
        key={cancelling?.id ?? 'none'}
        subscriber={cancelling}
        onClose={() => setCancelling(null)}
        onDone={() => setCancelling(null)}
      />
    </div>
  );
}

/** A cell: a table cell from md up; below, a labelled line of the row's card. */
function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={cn('px-3 py-3 align-top max-md:block max-md:p-0', className)}>
      <span className="block text-xs font-medium text-slate-500 md:hidden dark:text-slate-400">{label}</span>
      {children}
    </td>
  );
}

function SubscriberRow({
  s,
  busy,
  onCancel,
  onResume,
  onClock,
}: {
  s: TSubscriber;
  busy: boolean;
  onCancel: () => void;
  onResume: () => void;
  onClock: (step: TTestClockStep) => void;
}) {
  const { t, i18n } = useTranslation('subscriptions');
  const lang = i18n.language;
  const canResume = s.status === 'active' && s.cancelAtPeriodEnd;
  const columns = 7;
  return (
    <tbody
      className="border-t border-slate-200 max-md:block max-md:px-4 max-md:py-4 dark:border-white/10"
      data-testid="subscriber-row"
      data-id={s.id}
    >
      <tr className="max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-3">
        <td className="py-3 pl-4 pr-3 align-top max-md:col-span-2 max-md:block max-md:p-0 sm:pl-5">
          <span className="block text-xs font-medium text-slate-500 md:hidden dark:text-slate-400">
            {t('subscribers.columns.subscriber')}
          </span>
          <span className="block font-medium break-words text-slate-900 dark:text-white">{s.email}</span>
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            {t('subscribers.paysWith', { coin: s.currency, network: s.networkName })}
          </span>
        </td>
        <Cell label={t('subscribers.columns.plan')}>
          <span className="break-words">{s.planName}</span>
        </Cell>
        <Cell label={t('subscribers.columns.status')}>
          <Badge tone={SUBSCRIPTION_TONE[s.status]} dot>
            <span data-testid="subscriber-status">{statusLabel(s.status, t, lang)}</span>
          </Badge>
          {s.cancelAtPeriodEnd && s.currentPeriodEnd && (
            <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
              {t('subscribers.cancelsOn', { date: formatDate(s.currentPeriodEnd, lang) })}
            </span>
          )}
        </Cell>
        <Cell label={t('subscribers.columns.nextPayment')} className="whitespace-nowrap">
          <span data-testid="next-payment">
            {s.nextPaymentAt ? formatDate(s.nextPaymentAt, lang) : t('subscribers.notAvailable')}
          </span>
        </Cell>
        <Cell
          label={t('subscribers.columns.totalPaid')}
          className="whitespace-nowrap tabular-nums md:text-right"
        >
          <span data-testid="total-paid">{formatUsd(s.totalPaid, lang)}</span>
        </Cell>
        <Cell label={t('subscribers.columns.joined')} className="whitespace-nowrap">
          {formatDate(s.createdAt, lang)}
        </Cell>
        <td className="py-3 pl-3 pr-4 text-right align-top max-md:col-span-2 max-md:block max-md:p-0 max-md:text-left sm:pr-5">
          <div className="flex flex-wrap gap-2 md:justify-end">
            {canResume && (
              <Button size="sm" variant="outline" disabled={busy} onClick={onResume}>
                {t('subscribers.resume')}
              </Button>
            )}
            {cancellable(s) && (
              <Button size="sm" variant="dangerOutline" disabled={busy} onClick={onCancel}>
                {t('subscribers.cancel')}
              </Button>
            )}
          </div>
        </td>
      </tr>
      {/* A test-mode subscriber's clock; an ended subscription (cancelled, expired) has nothing left to fall due. */}
      {s.testClock !== null && s.status !== 'cancelled' && s.status !== 'expired' && (
        <tr className="max-md:mt-3 max-md:block max-md:border-t max-md:border-dashed max-md:border-slate-200 max-md:pt-3 dark:max-md:border-white/10">
          <td
            colSpan={columns}
            className="px-4 pb-3 max-md:block max-md:p-0 sm:px-5"
            data-testid="test-clock"
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-brand-50/60 px-3 py-2 dark:bg-brand-500/10">
              <p className="flex items-center gap-1.5 text-xs font-medium text-brand-700 dark:text-brand-300">
                <Clock className="size-3.5 shrink-0" aria-hidden="true" />
                {t('subscribers.clock', { date: formatDateTime(s.testClock, lang) })}
              </p>
              <fieldset
                aria-label={t('subscribers.clockLabel', { email: s.email })}
                className="flex flex-wrap gap-1.5"
              >
                {CLOCK_STEPS.map(([step, key]) => (
                  <Button
                    key={step}
                    size="sm"
                    variant="outline"
                    className="h-7 px-2 text-xs"
                    disabled={busy}
                    onClick={() => onClock(step)}
                  >
                    {t(key)}
                  </Button>
                ))}
              </fieldset>
            </div>
          </td>
        </tr>
      )}
    </tbody>
  );
}
