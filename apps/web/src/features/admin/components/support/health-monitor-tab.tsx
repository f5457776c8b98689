import type { THealthResult, TSystemAlert, TSystemHealth } from '@coinlane/core/api/admin-operations';
import { hasPermission } from '@coinlane/core/permissions';
import { Activity, BellRing, CheckCircle2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../../components/ui/badge.tsx';
import { Banner } from '../../../../components/ui/banner.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../../components/ui/card.tsx';
import { cn } from '../../../../components/ui/cn.ts';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { useSession } from '../../../../lib/auth.ts';
import { useResolveAlert, useSystemAlerts, useSystemHealth } from '../../hooks/use-operations.ts';
import { formatListDate } from '../../utils/format.ts';
import { healthErrorText, serviceLabel } from '../../utils/health-text.ts';

export const healthTone: Record<string, BadgeTone> = {
  healthy: 'green',
  degraded: 'yellow',
  unhealthy: 'red',
  unknown: 'grey',
};
const alertTone: Record<TSystemAlert['level'], BadgeTone> = {
  critical: 'red',
  error: 'red',
  warning: 'amber',
  info: 'brand',
};

/**
 * Health Monitor (admin spec 2, 3, 9): the overall status and score, the database and authentication, every
 * service with its response time, error and details ('No service data available' when there is none), and the
 * active system alerts (10 newest), each resolvable with support.write.
 */
export default function HealthMonitorTab() {
  const { t, i18n } = useTranslation('adminOperations');
  const health = useSystemHealth();
  const h = health.data;
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          title={t('health.overall')}
          description={
            h &&
            t('health.checkedAt', {
              time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(
                new Date(h.timestamp),
              ),
            })
          }
          action={
            <Button
              variant="outline"
              size="sm"
              onClick={() => void health.refetch()}
              disabled={health.isFetching}
            >
              <RefreshCw className={cn('size-4', health.isFetching && 'animate-spin')} aria-hidden="true" />
              {t('refresh')}
            </Button>
          }
        />
        {health.isPending ? (
          <div className="grid gap-3 p-5 sm:grid-cols-3">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : health.isError || !h ? (
          <div className="flex flex-col items-center gap-3 px-5 py-8 text-center">
            <Banner className="w-full max-w-lg text-left">{t('health.loadFailed')}</Banner>
            <Button onClick={() => void health.refetch()} loading={health.isFetching}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <Overview health={h} />
        )}
      </Card>
      <Card>
        <CardHeader title={t('health.services')} />
        {health.isPending ? (
          <div className="space-y-3 p-5">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : !h || h.services.length === 0 ? (
          <p className="flex items-center justify-center gap-2 px-5 py-10 text-sm text-slate-500 dark:text-slate-400">
            <Activity className="size-4" aria-hidden="true" />
            {t('health.noServiceData')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-white/5">
            {h.services.map((s) => (
              <ServiceLine key={s.name} service={s} />
            ))}
          </ul>
        )}
      </Card>
      <AlertsPanel />
    </div>
  );
}

function Overview({ health: h }: { health: TSystemHealth }) {
  const { t } = useTranslation('adminOperations');
  const core = [
    { key: 'database', label: t('health.database'), check: h.database },
    { key: 'authentication', label: t('health.authentication'), check: h.authentication },
  ];
  return (
    <div className="grid gap-3 p-5 sm:grid-cols-3">
      <div className="rounded-xl border border-slate-200 p-4 dark:border-white/10">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
          {t('health.score')}
        </p>
        <p className="mt-1 flex items-center gap-3">
          <span className="text-2xl font-semibold tabular-nums text-slate-900 dark:text-white">
            {t('health.scoreOf', { score: h.overallScore })}
          </span>
          <Badge tone={healthTone[h.overallStatus]} dot>
            {t(`health.status.${h.overallStatus}`)}
          </Badge>
        </p>
        <div
          aria-hidden="true"
          className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-white/10"
        >
          <div
            className={cn(
              'h-full rounded-full',
              h.overallStatus === 'healthy'
                ? 'bg-green-500'
                : h.overallStatus === 'degraded'
                  ? 'bg-yellow-500'
                  : 'bg-red-500',
            )}
            style={{ width: `${h.overallScore}%` }}
          />
        </div>
      </div>
      {core.map((c) => (
        <div key={c.key} className="rounded-xl border border-slate-200 p-4 dark:border-white/10">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
            {c.label}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone={healthTone[c.check.status]} dot>
              {t(`health.status.${c.check.status}`)}
            </Badge>
            {c.check.responseTime !== null && (
              <span className="text-xs tabular-nums text-slate-500 dark:text-slate-400">
                {t('health.responseTime', { ms: c.check.responseTime })}
              </span>
            )}
          </p>
          {c.check.error && (
            <p className="mt-1 text-xs text-red-700 dark:text-red-300">{healthErrorText(t, c.check.error)}</p>
          )}
        </div>
      ))}
    </div>
  );
}

function detailValue(value: string | number | boolean | null, lang: string, yesNo: [string, string]): string {
  if (value === null) return '—';
  if (typeof value === 'number') return new Intl.NumberFormat(lang).format(value);
  if (typeof value === 'boolean') return value ? yesNo[0] : yesNo[1];
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return formatListDate(value, lang);
  return value;
}

export function ServiceLine({ service: s }: { service: THealthResult }) {
  const { t, i18n } = useTranslation('adminOperations');
  const details = Object.entries(s.details).filter(([k]) => k !== 'network');
  return (
    <li className="px-5 py-3.5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 flex-1 text-sm font-medium text-slate-900 dark:text-slate-100">
          {serviceLabel(t, s)}
        </span>
        {s.responseTime !== null && (
          <span className="text-xs tabular-nums text-slate-500 dark:text-slate-400">
            {t('health.responseTime', { ms: s.responseTime })}
          </span>
        )}
        <Badge tone={healthTone[s.status]} dot>
          {t(`health.status.${s.status}`)}
        </Badge>
      </div>
      {s.error && (
        <p className="mt-1 text-xs text-red-700 dark:text-red-300">{healthErrorText(t, s.error)}</p>
      )}
      {details.length > 0 && (
        <dl className="mt-1.5 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-500 dark:text-slate-400">
          {details.map(([k, v]) => (
            <div key={k} className="flex gap-1">
              <dt>{t(`health.detail.${k}`, { defaultValue: k })}:</dt>
              <dd className="tabular-nums text-slate-700 dark:text-slate-300">
                {detailValue(v, i18n.language, [t('health.yes'), t('health.no')])}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

function AlertsPanel() {
  const { t, i18n } = useTranslation('adminOperations');
  const { user } = useSession();
  const canAct = hasPermission(user, 'support.write');
  const alerts = useSystemAlerts();
  const resolve = useResolveAlert();
  const [error, setError] = useState<string | null>(null);
  const items = alerts.data?.items ?? [];
  const more = (alerts.data?.activeCount ?? 0) - items.length;
  return (
    <Card>
      <CardHeader title={t('health.alerts.title')} description={t('health.alerts.hint')} />
      {error && <Banner className="mx-5 mt-4">{t('health.alerts.resolveFailed', { message: error })}</Banner>}
      {alerts.isPending ? (
        <div className="space-y-3 p-5">
          <Skeleton className="h-14 w-full" />
        </div>
      ) : alerts.isError ? (
        <div className="flex flex-col items-center gap-3 px-5 py-8 text-center">
          <Banner className="w-full max-w-lg text-left">{t('health.alerts.loadFailed')}</Banner>
          <Button onClick={() => void alerts.refetch()} loading={alerts.isFetching}>
            {t('retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="flex items-center justify-center gap-2 px-5 py-10 text-sm text-slate-500 dark:text-slate-400">
          <CheckCircle2 className="size-4 text-green-600" aria-hidden="true" />
          {t('health.alerts.empty')}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100 dark:divide-white/5">
            {items.map((a) => (
              <li key={a.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start">
                <BellRing className="hidden size-5 shrink-0 text-slate-400 sm:block" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <Badge tone={alertTone[a.level]}>{t(`health.alerts.levels.${a.level}`)}</Badge>
                    <span className="text-sm font-medium text-slate-900 dark:text-slate-100">{a.title}</span>
                  </p>
                  <p className="mt-1 break-words text-sm text-slate-600 dark:text-slate-300">
                    {a.description}
                  </p>
                  <time
                    dateTime={a.createdAt}
                    className="mt-1 block text-xs text-slate-500 dark:text-slate-400"
                  >
                    {formatListDate(a.createdAt, i18n.language)}
                  </time>
                </div>
                {canAct && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="self-start"
                    loading={resolve.isPending && resolve.variables === a.id}
                    aria-label={t('health.alerts.resolveLabel', { title: a.title })}
                    onClick={() => {
                      setError(null);
                      resolve.mutate(a.id, {
                        onError: (err) => setError(err instanceof Error ? err.message : ''),
                      });
                    }}
                  >
                    {t('health.alerts.resolve')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {more > 0 && (
            <p className="border-t border-slate-200 px-5 py-3 text-xs text-slate-500 dark:border-white/10 dark:text-slate-400">
              {t('health.alerts.more', { count: more })}
            </p>
          )}
        </>
      )}
    </Card>
  );
}
