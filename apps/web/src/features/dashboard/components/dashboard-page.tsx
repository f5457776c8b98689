import { ArrowDownRight, ArrowUpRight, CalendarDays, KeyRound, Link2, Plus, TrendingUp } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { FigureCard } from '../../../components/ui/figure-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCount, formatFigure, formatPercent } from '../../../lib/amounts.ts';
import { useSession } from '../../../lib/auth.ts';
import { useLivePayments } from '../../../lib/use-live-payments.ts';
import { useDashboard } from '../hooks/use-dashboard.ts';
import { BalanceCard } from './balance-card.tsx';
import { RecentTransactions } from './recent-transactions.tsx';
import { VolumeChart } from './volume-chart.tsx';

/**
 * The pages the dashboard links to (merchant spec 2: 'Create Link' to /payment-links, 'API Key' to /api-keys,
 * 'View All' to /transactions). A button or link is shown only when its path is given, so none points to a
 * page that does not exist: pass the path here once the page is in the route table.
 */
export type DashboardLinks = { createLink?: string; apiKeys?: string; allTransactions?: string };

/** A change figure: '+12.5%' green, '-3.0%' red, '0%' grey, in the reader's language; `count` for a plain count. */
function Change({ value, count = false }: { value: string | number; count?: boolean }) {
  const { i18n } = useTranslation();
  const n = Number(value);
  const up = n > 0;
  const down = n < 0;
  const Icon = down ? ArrowDownRight : ArrowUpRight;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 text-xs font-medium whitespace-nowrap tabular-nums',
        up && 'text-green-600 dark:text-green-400',
        down && 'text-red-600 dark:text-red-400',
        !up && !down && 'text-slate-500 dark:text-slate-400',
      )}
      data-testid="change"
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {count
        ? formatCount(n, i18n.language, { signed: true })
        : formatPercent(String(value), i18n.language, { signed: true })}
    </span>
  );
}

/** A figure card's hint line, after the change figure. */
const hintLine = (change: ReactNode, hint: string) => (
  <p className="flex flex-wrap items-center gap-x-2">
    {change}
    <span>{hint}</span>
  </p>
);

const statIcon = (Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>) => (
  <span className="shrink-0 rounded-lg bg-brand-50 p-2 text-brand-600 dark:bg-brand-500/10 dark:text-brand-300">
    <Icon className="size-4" aria-hidden />
  </span>
);

/** /dashboard (merchant spec 2): welcome header, balance, three figures, the volume chart and recent transactions. */
export default function DashboardPage({ links = {} }: { links?: DashboardLinks }) {
  const { t, i18n } = useTranslation('dashboard');
  const { user, loading } = useSession();
  const { analytics, balances, recent, rates } = useDashboard();
  useLivePayments({ enabled: Boolean(user) });
  const lang = i18n.language;
  const a = analytics.data;
  const volume = formatFigure(a?.totalVolume.usd ?? '0', lang);
  const month = formatFigure(a?.thisMonth.usd ?? '0', lang);
  const monthStartText = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long' }).format(
    a ? new Date(a.thisMonth.monthStart) : new Date(new Date().setDate(1)),
  );
  const failed = analytics.isError || balances.isError || recent.isError;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      {user?.status === 'pending' && <Banner tone="warning">{t('pending')}</Banner>}
      {rates.data?.stale && (
        <Banner tone="warning">
          {rates.data.marketUpdatedAt
            ? t('ratesStale', {
                when: new Intl.DateTimeFormat(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }).format(new Date(rates.data.marketUpdatedAt)),
              })
            : t('ratesNever')}
        </Banner>
      )}

      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          {loading ? (
            <Skeleton className="h-8 w-64" />
          ) : (
            <h1 className="text-2xl break-words font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
              {user?.name ? t('welcome', { name: user.name }) : t('welcomeAnonymous')}
            </h1>
          )}
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('subtitle')}</p>
        </div>
        {(links.createLink || links.apiKeys) && (
          <div className="flex shrink-0 gap-2">
            {links.apiKeys && (
              <Link to={links.apiKeys} className={buttonClass('outline')}>
                <KeyRound className="size-4" aria-hidden="true" />
                {t('apiKey')}
              </Link>
            )}
            {links.createLink && (
              <Link to={links.createLink} className={buttonClass('primary')}>
                <Plus className="size-4" aria-hidden="true" />
                {t('createLink')}
              </Link>
            )}
          </div>
        )}
      </header>

      {failed && <Banner>{t('loadFailed')}</Banner>}

      <BalanceCard data={balances.data} loading={balances.isPending} />

      <div className="grid gap-4 sm:grid-cols-3">
        <FigureCard
          icon={statIcon(TrendingUp)}
          label={t('stats.totalVolume')}
          value={volume.text}
          title={volume.compact ? volume.exact : undefined}
          hint={hintLine(a && <Change value={a.totalVolume.change} />, t('stats.totalVolumeHint'))}
          loading={analytics.isPending}
          testId="stat-volume"
        />
        <FigureCard
          icon={statIcon(Link2)}
          label={t('stats.activeLinks')}
          value={formatCount(a?.activeLinks.count ?? 0, lang)}
          hint={hintLine(a && <Change value={a.activeLinks.change} count />, t('stats.activeLinksHint'))}
          loading={analytics.isPending}
          testId="stat-links"
        />
        <FigureCard
          icon={statIcon(CalendarDays)}
          label={t('stats.thisMonth')}
          value={month.text}
          title={month.compact ? month.exact : undefined}
          hint={hintLine(
            a && <Change value={a.thisMonth.change} />,
            t('stats.thisMonthHint', { date: monthStartText }),
          )}
          loading={analytics.isPending}
          testId="stat-month"
        />
      </div>

      <Card>
        <div className="border-b border-slate-200 px-5 py-4 dark:border-white/10">
          <h2 className="text-base font-semibold">{t('chart.title')}</h2>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{t('chart.description')}</p>
        </div>
        <div className="px-5 py-4">
          {a ? (
            <VolumeChart days={a.dailyVolume} />
          ) : analytics.isError ? (
            // The red banner above says the figures failed; no endless skeleton, no false 'no payments'.
            <div className="h-40 w-full" data-testid="volume-chart-unavailable" />
          ) : (
            <Skeleton className="h-40 w-full" />
          )}
        </div>
      </Card>

      <Card>
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-white/10">
          <div className="min-w-0">
            <h2 className="text-base font-semibold">{t('recent.title')}</h2>
            <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{t('recent.description')}</p>
          </div>
          {links.allTransactions && (
            <Link
              to={links.allTransactions}
              data-testid="view-all"
              className="shrink-0 text-sm font-medium whitespace-nowrap text-brand-600 hover:text-brand-500 dark:text-brand-400"
            >
              {t('recent.viewAll')}
            </Link>
          )}
        </div>
        <RecentTransactions
          rows={recent.data?.data}
          loading={recent.isPending}
          allTransactions={links.allTransactions}
        />
      </Card>
    </div>
  );
}
