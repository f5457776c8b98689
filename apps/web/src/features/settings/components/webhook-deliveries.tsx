import type { TWebhookAttempt, TWebhookEvent } from '@coinlane/core/api/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, RefreshCw, RotateCw, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Select } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  DELIVERY_STATES,
  fetchWebhookEvent,
  fetchWebhookEvents,
  resendWebhookEvent,
  type TDeliveryState,
  webhookEventKey,
  webhookEventsKey,
} from '../api/webhooks-api.ts';

const STATE_TONE: Record<TDeliveryState, BadgeTone> = {
  pending: 'grey',
  delivered: 'green',
  retrying: 'amber',
  failed: 'red',
};

function useDateTime() {
  const { i18n } = useTranslation();
  const f = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return (iso: string) => f.format(new Date(iso));
}

function AttemptList({ eventId }: { eventId: string }) {
  const { t } = useTranslation('webhooks');
  const when = useDateTime();
  const detail = useQuery({ queryKey: webhookEventKey(eventId), queryFn: () => fetchWebhookEvent(eventId) });
  if (detail.isPending) {
    return (
      <div className="space-y-2 pt-3" aria-busy="true">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <Banner tone="error" className="mt-3">
        {errorMessage(detail.error, t('deliveries.detailFailed'))}
      </Banner>
    );
  }
  const attempts = [...detail.data.attempts].sort((a, b) => b.attemptNumber - a.attemptNumber);
  if (attempts.length === 0) {
    return <p className="pt-3 text-sm text-slate-500 dark:text-slate-400">{t('deliveries.noAttempts')}</p>;
  }
  return (
    <ol className="mt-3 space-y-2" aria-label={t('deliveries.expand')}>
      {attempts.map((a: TWebhookAttempt) => {
        const good = a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300;
        return (
          <li
            key={a.id}
            data-testid="webhook-attempt"
            className="rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm dark:border-white/10 dark:bg-slate-900/60"
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-medium text-slate-900 dark:text-slate-100">
                {t('deliveries.attempt', { number: a.attemptNumber })}
              </span>
              <Badge tone={a.statusCode === null ? 'red' : good ? 'green' : 'red'}>
                {a.statusCode === null
                  ? t('deliveries.noResponse')
                  : t('deliveries.httpStatus', { status: a.statusCode })}
              </Badge>
              {a.durationMs !== null && (
                <span className="tabular-nums text-slate-500 dark:text-slate-400">
                  {t('deliveries.duration', { ms: a.durationMs })}
                </span>
              )}
              {a.isResend && <Badge tone="brand">{t('deliveries.resendMarker')}</Badge>}
              <span className="ml-auto text-xs text-slate-500 dark:text-slate-400">{when(a.createdAt)}</span>
            </div>
            {/* 'HTTP 500' says no more than the status badge. */}
            {a.error && a.error !== `HTTP ${a.statusCode}` && (
              <p className="mt-1.5 break-words text-xs text-red-700 dark:text-red-300">
                <span className="font-medium">{t('deliveries.error')}:</span> {a.error}
              </p>
            )}
            {a.responseExcerpt && (
              <div className="mt-1.5">
                <p className="text-xs font-medium text-slate-500 dark:text-slate-400">
                  {t('deliveries.response')}
                </p>
                <pre className="mt-1 max-h-32 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 px-2 py-1.5 font-mono text-xs text-slate-700 dark:bg-black/30 dark:text-slate-300">
                  {a.responseExcerpt}
                </pre>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function DeliveryRow({ event, onResent }: { event: TWebhookEvent; onResent: () => void }) {
  const { t } = useTranslation('webhooks');
  const when = useDateTime();
  const qc = useQueryClient();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const resend = useMutation({
    mutationFn: () => resendWebhookEvent(event.id),
    onMutate: () => setMessage(null),
    onSuccess: (attempt) => {
      setMessage({
        tone: attempt.statusCode !== null && attempt.statusCode < 300 ? 'success' : 'error',
        text: t('deliveries.resent', {
          result:
            attempt.statusCode === null
              ? (attempt.error ?? t('deliveries.noResponse'))
              : t('deliveries.httpStatus', { status: attempt.statusCode }),
        }),
      });
      void qc.invalidateQueries({ queryKey: webhookEventKey(event.id) });
      onResent();
    },
    onError: (err) => setMessage({ tone: 'error', text: errorMessage(err, t('deliveries.resendFailed')) }),
  });

  return (
    <li data-testid="webhook-delivery" data-event-type={event.type} className="px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-lg text-left max-sm:basis-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <ChevronDown
            className={cn('size-4 shrink-0 text-slate-400 transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
          <span className="min-w-0">
            <span className="block truncate font-mono text-sm font-medium text-slate-900 dark:text-slate-100">
              {event.type}
            </span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">
              {when(event.createdAt)} · {t('deliveries.attempts', { count: event.attempts })}
              {event.lastStatusCode !== null &&
                ` · ${t('deliveries.httpStatus', { status: event.lastStatusCode })}`}
            </span>
            <span className="sr-only">{open ? t('deliveries.collapse') : t('deliveries.expand')}</span>
          </span>
        </button>
        <div className="flex items-center gap-2 max-sm:pl-7">
          <Badge tone={STATE_TONE[event.deliveryState]} dot>
            {t(`states.${event.deliveryState}`)}
          </Badge>
          <Button
            size="sm"
            variant="outline"
            loading={resend.isPending}
            onClick={() => resend.mutate()}
            aria-label={`${t('deliveries.resend')} ${event.type}`}
          >
            {!resend.isPending && <Send className="size-3.5" aria-hidden="true" />}
            {t('deliveries.resend')}
          </Button>
        </div>
      </div>
      {event.nextRetryAt && event.deliveryState === 'retrying' && (
        <p className="mt-1 pl-7 text-xs text-amber-700 dark:text-amber-300">
          {t('deliveries.nextRetry', { date: when(event.nextRetryAt) })}
        </p>
      )}
      {message && (
        <Banner tone={message.tone} className="mt-2">
          {message.text}
        </Banner>
      )}
      {open && (
        <div id={panelId} className="pl-7">
          <AttemptList eventId={event.id} />
        </div>
      )}
    </li>
  );
}

/** The latest 20 events sent to the endpoint (GET /webhooks/events), by delivery state, with their attempts. */
export function WebhookDeliveries() {
  const { t } = useTranslation('webhooks');
  const qc = useQueryClient();
  const filterId = useId();
  const [state, setState] = useState<TDeliveryState | ''>('');
  const events = useQuery({
    queryKey: webhookEventsKey(state),
    queryFn: () => fetchWebhookEvents(state),
    // While a delivery is under way its state moves on the server: follow it.
    refetchInterval: (q) =>
      q.state.data?.items.some((e) => e.deliveryState === 'pending' || e.deliveryState === 'retrying')
        ? 5000
        : false,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['webhooks', 'events'] });

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{t('deliveries.title')}</h3>
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('deliveries.description')}</p>
        </div>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor={filterId} className="sr-only">
              {t('deliveries.filter')}
            </label>
            <Select
              id={filterId}
              value={state}
              onChange={(e) => setState(e.target.value as TDeliveryState | '')}
              className="h-8 py-1"
            >
              <option value="">{t('deliveries.all')}</option>
              {DELIVERY_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`states.${s}`)}
                </option>
              ))}
            </Select>
          </div>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void refresh()}
            disabled={events.isFetching}
            aria-label={t('deliveries.refresh')}
          >
            <RefreshCw className={cn('size-4', events.isFetching && 'animate-spin')} aria-hidden="true" />
          </Button>
        </div>
      </div>
      {events.isError ? (
        <Banner tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>{errorMessage(events.error, t('deliveries.loadFailed'))}</span>
          <Button size="sm" variant="outline" onClick={() => void events.refetch()}>
            <RotateCw className="size-4" aria-hidden="true" />
            {t('retry')}
          </Button>
        </Banner>
      ) : events.isPending ? (
        <div className="space-y-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : events.data.items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center dark:border-white/15">
          <p className="text-sm font-medium text-slate-900 dark:text-white">
            {state ? t('deliveries.emptyFiltered') : t('deliveries.empty')}
          </p>
          {!state && (
            <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('deliveries.emptyHint')}</p>
          )}
        </div>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-slate-50/60 dark:divide-white/10 dark:border-white/10 dark:bg-white/[0.02]">
            {events.data.items.map((e) => (
              <DeliveryRow key={e.id} event={e} onResent={() => void refresh()} />
            ))}
          </ul>
          {events.data.total > events.data.items.length && (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {t('deliveries.showing', { shown: events.data.items.length, total: events.data.total })}
            </p>
          )}
        </>
      )}
    </div>
  );
}
