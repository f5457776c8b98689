import type { TAdminWebhookDelivery } from '@coinlane/core/api/admin-operations';
import { ADMIN_WEBHOOKS_LIMIT, WEBHOOK_DISABLE_REASON_MAX } from '@coinlane/core/api/admin-operations';
import { hasPermission } from '@coinlane/core/permissions';
import { RefreshCw, RotateCw, Unplug, Webhook } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../../components/ui/badge.tsx';
import { Banner } from '../../../../components/ui/banner.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../../components/ui/card.tsx';
import { cn } from '../../../../components/ui/cn.ts';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { Field, Textarea } from '../../../../components/ui/field.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useSession } from '../../../../lib/auth.ts';
import { useAdminWebhooks, useDisableWebhook, useRetryWebhook } from '../../hooks/use-operations.ts';
import { formatListDate } from '../../utils/format.ts';

const statusTone: Record<string, BadgeTone> = { success: 'green', failed: 'red', pending: 'yellow' };

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * Webhook Monitoring (admin spec 2, 3, 4, 7): the latest 50 deliveries across merchants, newest first, with the
 * merchant, event, URL, status (retrying when a next retry is planned), response code, attempts and the mode of
 * each; Retry (a manual redelivery) and Disable (turns the merchant's endpoint off, asked first) with support.write.
 */
export default function WebhookMonitoringTab() {
  const { t } = useTranslation('adminOperations');
  const { user } = useSession();
  const canAct = hasPermission(user, 'support.write');
  const list = useAdminWebhooks();
  const retry = useRetryWebhook();
  const disable = useDisableWebhook();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [toDisable, setToDisable] = useState<TAdminWebhookDelivery | null>(null);
  const [reason, setReason] = useState('');
  const [disableError, setDisableError] = useState<string | null>(null);

  const failure = (err: unknown) =>
    t('webhooks.actionFailed', { message: err instanceof Error ? err.message : '' });

  const onRetry = (d: TAdminWebhookDelivery) => {
    setNotice(null);
    retry.mutate(d.id, {
      onSuccess: ({ attempt }) =>
        setNotice(
          attempt.ok
            ? {
                tone: 'success',
                text: t('webhooks.retriedOk', { merchant: d.merchantLabel, code: attempt.statusCode }),
              }
            : {
                tone: 'error',
                text: t('webhooks.retriedFailed', {
                  merchant: d.merchantLabel,
                  error:
                    attempt.error ??
                    (attempt.statusCode ? `HTTP ${attempt.statusCode}` : t('webhooks.noResponse')),
                }),
              },
        ),
      onError: (err) => setNotice({ tone: 'error', text: failure(err) }),
    });
  };

  const onDisable = () => {
    if (!toDisable) return;
    setDisableError(null);
    disable.mutate(
      { id: toDisable.id, reason },
      {
        onSuccess: () => {
          setNotice({ tone: 'success', text: t('webhooks.disabled', { merchant: toDisable.merchantLabel }) });
          setToDisable(null);
          setReason('');
        },
        onError: (err) => setDisableError(err instanceof ApiError ? err.message : failure(err)),
      },
    );
  };

  const items = list.data?.items;
  return (
    <Card>
      <CardHeader
        title={t('webhooks.title')}
        description={t('webhooks.hint', { count: ADMIN_WEBHOOKS_LIMIT })}
        action={
          <Button variant="outline" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RefreshCw className={cn('size-4', list.isFetching && 'animate-spin')} aria-hidden="true" />
            {t('refresh')}
          </Button>
        }
      />
      <div aria-live="polite">
        {notice && (
          <Banner tone={notice.tone === 'success' ? 'success' : 'error'} className="mx-5 mt-4">
            {notice.text}
          </Banner>
        )}
      </div>
      {!canAct && items && items.length > 0 && (
        <p className="px-5 pt-4 text-xs text-slate-500">{t('readOnly')}</p>
      )}
      {list.isPending ? (
        <div className="space-y-3 p-5">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <div className="flex flex-col items-center gap-3 px-5 py-10 text-center">
          <Banner className="w-full max-w-lg text-left">{t('webhooks.loadFailed')}</Banner>
          <Button onClick={() => void list.refetch()} loading={list.isFetching}>
            {t('retry')}
          </Button>
        </div>
      ) : !items || items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-5 py-12 text-center">
          <Webhook className="size-8 text-slate-400" aria-hidden="true" />
          <p className="font-medium text-slate-900 dark:text-slate-100">{t('webhooks.empty')}</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('webhooks.emptyHint')}</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-white/5">
          {items.map((d) => (
            <DeliveryRow
              key={d.id}
              d={d}
              canAct={canAct}
              retrying={retry.isPending && retry.variables === d.id}
              onRetry={() => onRetry(d)}
              onDisable={() => {
                setDisableError(null);
                setReason('');
                setToDisable(d);
              }}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDisable !== null}
        title={t('webhooks.disableTitle')}
        confirmLabel={t('webhooks.disableConfirm')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        busy={disable.isPending}
        error={disableError}
        onConfirm={onDisable}
        onClose={() => setToDisable(null)}
      >
        {toDisable && (
          <div className="space-y-4">
            <p className="break-words text-sm text-slate-600 dark:text-slate-300">
              {t('webhooks.disableBody', {
                url: toDisable.url,
                merchant: toDisable.merchantLabel,
                mode: t(`webhooks.mode.${toDisable.mode}`),
              })}
            </p>
            <Field label={t('webhooks.reason')} hint={t('webhooks.reasonHint')}>
              {(id, describedBy) => (
                <Textarea
                  id={id}
                  aria-describedby={describedBy}
                  rows={3}
                  maxLength={WEBHOOK_DISABLE_REASON_MAX}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              )}
            </Field>
          </div>
        )}
      </ConfirmDialog>
    </Card>
  );
}

function DeliveryRow({
  d,
  canAct,
  retrying,
  onRetry,
  onDisable,
}: {
  d: TAdminWebhookDelivery;
  canAct: boolean;
  retrying: boolean;
  onRetry: () => void;
  onDisable: () => void;
}) {
  const { t, i18n } = useTranslation('adminOperations');
  const lang = i18n.language;
  const off = d.endpointDisabledAt !== null;
  return (
    <li className="grid grid-cols-1 gap-3 px-5 py-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)_13rem_auto] lg:items-center lg:gap-5">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">
            {d.merchantLabel}
          </span>
          <Badge tone={d.mode === 'live' ? 'brand' : 'grey'}>{t(`webhooks.mode.${d.mode}`)}</Badge>
          {off && <Badge tone="red">{t('webhooks.endpointOff')}</Badge>}
        </p>
        <p className="mt-0.5 font-mono text-xs text-slate-600 dark:text-slate-300">{d.eventType}</p>
      </div>
      <div className="min-w-0">
        <p className="break-all font-mono text-xs text-slate-600 dark:text-slate-400">
          <span className="sr-only">{t('webhooks.col.url')}: </span>
          {d.url}
        </p>
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
          {t('webhooks.col.lastAttempt')}:{' '}
          {d.lastAttemptAt ? formatListDate(d.lastAttemptAt, lang) : t('webhooks.never')}
        </p>
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 lg:flex-col lg:items-end lg:gap-1 lg:text-right">
        <span className="flex flex-wrap items-center gap-1.5 lg:justify-end">
          <Badge tone={statusTone[d.status] ?? 'grey'} dot>
            {t(`webhooks.status.${d.status}`)}
          </Badge>
          {d.retrying && <Badge tone="amber">{t('webhooks.status.retrying')}</Badge>}
        </span>
        <span className="text-xs tabular-nums text-slate-600 dark:text-slate-300">
          <span className="sr-only">{t('webhooks.col.response')}: </span>
          {d.responseCode !== null ? `HTTP ${d.responseCode}` : t('webhooks.noResponse')} ·{' '}
          {t('webhooks.attempts', { count: d.attempts })}
        </span>
        {d.nextRetryAt && (
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {t('webhooks.nextRetry', { time: formatListDate(d.nextRetryAt, lang) })}
          </span>
        )}
      </div>
      {canAct && (
        <div className="flex gap-2 lg:justify-end">
          <Button
            variant="outline"
            size="sm"
            onClick={onRetry}
            loading={retrying}
            disabled={off}
            aria-label={t('webhooks.retryLabel', { event: d.eventType, merchant: d.merchantLabel })}
          >
            <RotateCw className="size-4" aria-hidden="true" />
            {t('webhooks.retryAction')}
          </Button>
          <Button
            variant="dangerOutline"
            size="sm"
            onClick={onDisable}
            disabled={off}
            aria-label={t('webhooks.disableLabel', { merchant: d.merchantLabel })}
          >
            <Unplug className="size-4" aria-hidden="true" />
            {t('webhooks.disableAction')}
          </Button>
        </div>
      )}
    </li>
  );
}
