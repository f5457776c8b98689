import type { THealthResult, TSystemHealth } from '@coinlane/core/api/admin-operations';
import { ADMIN_NEW_USER_DAYS, ADMIN_RECENT_USERS } from '@coinlane/core/options';
import { hasPermission } from '@coinlane/core/permissions';
import type { TServiceStatus } from '@coinlane/core/system-health';
import {
  Activity,
  ArrowRight,
  Blocks,
  Database,
  KeyRound,
  LineChart,
  ListChecks,
  type LucideIcon,
  Mail,
  RefreshCw,
  Server,
  ShieldCheck,
  UserPlus,
  UserRoundCheck,
  Users,
  Webhook,
} from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSession } from '../../../lib/auth.ts';
import type { TUserRow } from '../api/admin-api.ts';
import { useAdminUsers } from '../hooks/use-admin-users.ts';
import { useSystemHealth } from '../hooks/use-operations.ts';
import { formatCount, formatDay, formatListDate } from '../utils/format.ts';
import { healthErrorText, serviceLabel } from '../utils/health-text.ts';
import { newUsersCount, recentUsers, signupsPerDay } from '../utils/users.ts';
import { LoadFailed, PageHeader, StatusBadge } from './admin-parts.tsx';

/** User Growth: sign-ups of the last 7 days, by day (issue 16, the admin spec's dashboard). */
const GROWTH_DAYS = 7;

/** Admin Dashboard (admin spec 2): stat cards, Recent Users, User Growth, Core and Backend Services. */
export default function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const users = useAdminUsers();
  // Core and Backend Services: the Health Monitor (GET /admin/health, any administrator: decision 018).
  const health = useSystemHealth();

  const refresh = (
    <Button
      variant="outline"
      onClick={() => {
        void users.refetch();
        void health.refetch();
      }}
      disabled={users.isFetching}
    >
      <RefreshCw className={cn('size-4', users.isFetching && 'animate-spin')} aria-hidden="true" />
      {t('users.refresh')}
    </Button>
  );

  return (
    <div>
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} actions={refresh} />
      {users.isError ? (
        <LoadFailed
          text={t('dashboard.loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : (
        <UsersOverview users={users.data} />
      )}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <CoreServices
          health={health.data}
          loading={health.isPending}
          failed={health.isError}
          onRetry={() => void health.refetch()}
          retrying={health.isFetching}
        />
        <BackendServices
          health={health.data}
          loading={health.isPending}
          failed={health.isError}
          onRetry={() => void health.refetch()}
          retrying={health.isFetching}
        />
      </div>
    </div>
  );
}

function UsersOverview({ users }: { users: TUserRow[] | undefined }) {
  const { t, i18n } = useTranslation('admin');
  const { user: viewer } = useSession();
  const lang = i18n.language;
  const now = Date.now();
  const stats = useMemo(() => {
    if (!users) return null;
    return {
      total: users.length,
      active: users.filter((u) => u.status === 'active').length,
      admins: users.filter((u) => u.isAdmin).length,
      pending: users.filter((u) => (u.status || 'pending') === 'pending').length,
      fresh: newUsersCount(users, now),
      recent: recentUsers(users, ADMIN_RECENT_USERS),
      growth: signupsPerDay(users, now, GROWTH_DAYS),
    };
  }, [users, now]);
  const canList = hasPermission(viewer, 'users.read');

  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          icon={Users}
          label={t('dashboard.totalUsers')}
          value={stats && formatCount(stats.total, lang)}
          hint={stats && t('dashboard.totalUsersHint', { count: stats.active })}
          tone="brand"
        />
        <StatCard
          icon={ShieldCheck}
          label={t('dashboard.admins')}
          value={stats && formatCount(stats.admins, lang)}
          hint={t('dashboard.adminsHint')}
          tone="violet"
        />
        <StatCard
          icon={UserRoundCheck}
          label={t('dashboard.pending')}
          value={stats && formatCount(stats.pending, lang)}
          hint={t('dashboard.pendingHint')}
          tone="amber"
        />
        <StatCard
          icon={UserPlus}
          label={t('dashboard.newUsers')}
          value={stats && formatCount(stats.fresh, lang)}
          hint={t('dashboard.newUsersHint', { days: ADMIN_NEW_USER_DAYS })}
          tone="green"
        />
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-5">
        <Card className="flex flex-col lg:col-span-3">
          <CardHeader
            title={t('dashboard.userGrowth')}
            description={t('dashboard.userGrowthHint', { days: GROWTH_DAYS })}
            action={
              stats && (
                <span className="whitespace-nowrap text-sm font-medium text-slate-700 dark:text-slate-300">
                  {t('dashboard.growthTotal', {
                    count: stats.growth.reduce((a, d) => a + d.count, 0),
                  })}
                </span>
              )
            }
          />
          <div className="flex flex-1 flex-col px-5 py-5">
            {stats ? <GrowthChart series={stats.growth} /> : <Skeleton className="h-44 w-full" />}
          </div>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader
            title={t('dashboard.recentUsers')}
            description={t('dashboard.recentUsersHint')}
            action={
              canList && (
                <Link
                  to={paths.adminUsers}
                  className="inline-flex items-center gap-1 whitespace-nowrap rounded text-sm font-medium text-brand-600 hover:text-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-400"
                >
                  {t('dashboard.viewAll')}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              )
            }
          />
          {!stats ? (
            <div className="space-y-4 p-5">
              {[0, 1, 2, 3, 4].map((i) => (
                <div key={i} className="flex items-center gap-3">
                  <Skeleton className="size-9 rounded-full" />
                  <div className="flex-1 space-y-1.5">
                    <Skeleton className="h-3.5 w-1/2" />
                    <Skeleton className="h-3 w-2/3" />
                  </div>
                </div>
              ))}
            </div>
          ) : stats.recent.length === 0 ? (
            <p className="px-5 py-10 text-center text-sm text-slate-500">{t('dashboard.noUsers')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-white/5">
              {stats.recent.map((u) => (
                <li key={u.id} className="flex items-center gap-3 px-5 py-3">
                  <Avatar name={u.name || u.email} />
                  <div className="min-w-0 flex-1">
                    <p className="flex items-center gap-2 truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                      <span className="truncate">{u.name || u.email}</span>
                      {u.isAdmin && <Badge tone="amber">{t('adminTag')}</Badge>}
                    </p>
                    <p className="truncate text-xs text-slate-500 dark:text-slate-400">{u.email}</p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <StatusBadge status={u.status} />
                    <time dateTime={u.createdAt} className="text-[11px] text-slate-500 dark:text-slate-400">
                      {formatListDate(u.createdAt, lang)}
                    </time>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}

const toneClasses = {
  brand: 'bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-300',
  violet: 'bg-violet-50 text-violet-600 dark:bg-violet-500/10 dark:text-violet-300',
  amber: 'bg-amber-50 text-amber-600 dark:bg-amber-500/10 dark:text-amber-300',
  green: 'bg-green-50 text-green-600 dark:bg-green-500/10 dark:text-green-300',
} as const;

function StatCard({
  icon: Icon,
  label,
  value,
  hint,
  tone,
}: {
  icon: LucideIcon;
  label: string;
  value: string | null;
  hint: ReactNode;
  tone: keyof typeof toneClasses;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
        <span
          className={cn(
            'hidden size-9 shrink-0 items-center justify-center rounded-lg sm:flex',
            toneClasses[tone],
          )}
        >
          <Icon className="size-[18px]" aria-hidden="true" />
        </span>
      </div>
      {value === null ? (
        <Skeleton className="mt-2 h-8 w-16" />
      ) : (
        <p className="mt-1 text-2xl font-semibold tabular-nums tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {value}
        </p>
      )}
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p>
    </Card>
  );
}

/** Sign-ups per day as bars (plain elements, no chart library). */
function GrowthChart({ series }: { series: { day: string; count: number }[] }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const max = Math.max(1, ...series.map((d) => d.count));
  const total = series.reduce((a, d) => a + d.count, 0);
  const mid = series[Math.floor(series.length / 2)];
  return (
    <figure className="flex flex-1 flex-col">
      <div
        role="img"
        aria-label={t('dashboard.growthAria', { count: total, days: series.length })}
        className="relative flex min-h-44 flex-1 items-end gap-[3px] border-b pt-4 border-slate-200 dark:border-white/10"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-4 border-t border-dashed border-slate-200 dark:border-white/10"
        />
        <span
          aria-hidden="true"
          className="absolute left-0 top-0 text-[10px] leading-none tabular-nums text-slate-400"
        >
          {formatCount(max, lang)}
        </span>
        {series.map((d) => (
          <div
            key={d.day}
            title={`${formatDay(d.day, lang)}: ${formatCount(d.count, lang)}`}
            className="group relative flex h-full flex-1 items-end"
          >
            <div
              className={cn(
                'w-full rounded-t-[3px] transition-colors',
                d.count > 0
                  ? 'bg-brand-500/80 group-hover:bg-brand-500 dark:bg-brand-400/70 dark:group-hover:bg-brand-400'
                  : 'bg-slate-200 dark:bg-white/10',
              )}
              style={{ height: d.count > 0 ? `${Math.max(4, (d.count / max) * 100)}%` : '2px' }}
            />
          </div>
        ))}
      </div>
      <figcaption
        aria-hidden="true"
        className="mt-2 flex justify-between text-[11px] text-slate-500 dark:text-slate-400"
      >
        <span>{series[0] && formatDay(series[0].day, lang)}</span>
        <span>{mid && formatDay(mid.day, lang)}</span>
        <span>{series.at(-1) && formatDay(series.at(-1)!.day, lang)}</span>
      </figcaption>
    </figure>
  );
}

type Health = TSystemHealth | undefined;

const KIND_ICON: Record<THealthResult['kind'], LucideIcon> = {
  api: Server,
  watcher: Blocks,
  webhooks: Webhook,
  jobs: ListChecks,
  mail: Mail,
  rates: LineChart,
};

function ServiceRow({
  icon: Icon,
  name,
  status,
  detail,
  problem = false,
}: {
  icon: LucideIcon;
  name: string;
  status: TServiceStatus;
  detail?: ReactNode;
  problem?: boolean;
}) {
  const { t } = useTranslation('admin');
  const tone = status === 'healthy' ? 'green' : status === 'unhealthy' ? 'red' : 'grey';
  return (
    <li className="flex items-center gap-3 px-5 py-3.5">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 dark:bg-white/5 dark:text-slate-300">
        <Icon className="size-[18px]" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900 dark:text-slate-100">{name}</p>
        {detail && (
          <p
            title={typeof detail === 'string' ? detail : undefined}
            className={cn(
              'truncate text-xs',
              problem ? 'text-red-700 dark:text-red-300' : 'text-slate-500 dark:text-slate-400',
            )}
          >
            {detail}
          </p>
        )}
      </div>
      <Badge tone={tone} dot>
        {t(`dashboard.${status}`)}
      </Badge>
    </li>
  );
}

function ServicesSkeleton() {
  return (
    <div className="space-y-4 p-5">
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}

/** A check's second line: what went wrong (the spec's texts translated), else how long it took. */
function useCheckDetail() {
  const { t } = useTranslation('adminOperations');
  return (c: { error: string | null; responseTime: number | null }) =>
    c.error
      ? healthErrorText(t, c.error)
      : c.responseTime !== null
        ? t('health.responseTime', { ms: c.responseTime })
        : null;
}

/** The monitor could not be read: the spec's message and a Retry (admin spec 8). */
function HealthFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-3 p-5">
      <Banner>{t('dashboard.healthFailed')}</Banner>
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
        {t('retry')}
      </Button>
    </div>
  );
}

type PanelProps = {
  health: Health;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  retrying: boolean;
};

/** Core Services: the API, the database and authentication, with the overall status and score (admin spec 9). */
function CoreServices({ health, loading, failed, onRetry, retrying }: PanelProps) {
  const { t, i18n } = useTranslation('admin');
  const ops = useTranslation('adminOperations').t;
  const detail = useCheckDetail();
  const api = health?.services.find((s) => s.kind === 'api');
  const checked =
    health &&
    `${ops('health.scoreOf', { score: health.overallScore })} · ${ops(`health.status.${health.overallStatus}`)} · ${t(
      'dashboard.checkedAt',
      {
        time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(
          new Date(health.timestamp),
        ),
      },
    )}`;
  return (
    <Card>
      <CardHeader title={t('dashboard.coreServices')} description={checked} />
      {loading ? (
        <ServicesSkeleton />
      ) : failed || !health ? (
        <HealthFailed onRetry={onRetry} retrying={retrying} />
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-white/5">
          {api && (
            <ServiceRow
              icon={Server}
              name={t('dashboard.api')}
              status={api.status}
              detail={detail(api)}
              problem={api.error !== null}
            />
          )}
          <ServiceRow
            icon={Database}
            name={t('dashboard.database')}
            status={health.database.status}
            detail={detail(health.database)}
            problem={health.database.error !== null}
          />
          <ServiceRow
            icon={KeyRound}
            name={ops('health.authentication')}
            status={health.authentication.status}
            detail={detail(health.authentication)}
            problem={health.authentication.error !== null}
          />
        </ul>
      )}
    </Card>
  );
}

/** Backend Services: the chain watchers, the webhook worker, the job queue, mail and the rate source. */
function BackendServices({ health, loading, failed, onRetry, retrying }: PanelProps) {
  const { t } = useTranslation('admin');
  const ops = useTranslation('adminOperations').t;
  const detail = useCheckDetail();
  const rows = health?.services.filter((s) => s.kind !== 'api') ?? [];
  return (
    <Card>
      <CardHeader title={t('dashboard.backendServices')} />
      {loading ? (
        <ServicesSkeleton />
      ) : failed ? (
        <HealthFailed onRetry={onRetry} retrying={retrying} />
      ) : rows.length === 0 ? (
        <p className="flex items-center justify-center gap-2 px-5 py-10 text-sm text-slate-500 dark:text-slate-400">
          <Activity className="size-4" aria-hidden="true" />
          {t('dashboard.noServiceData')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-white/5">
          {rows.map((s) => (
            <ServiceRow
              key={s.name}
              icon={KIND_ICON[s.kind]}
              name={serviceLabel(ops, s)}
              status={s.status}
              detail={detail(s)}
              problem={s.error !== null}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
