import { CalendarDays, KeyRound, Link2, Plus, Receipt, TrendingUp } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSession } from '../../../lib/auth.ts';
import { BalanceCard } from './balance-card.tsx';

/**
 * The pages the dashboard links to (merchant spec 2: 'Create Link' to /payment-links, 'API Key' to /api-keys,
 * 'View All' to /transactions). A button or link is shown only when its path is given, so none points to a
 * page that does not exist: pass the path here once the page is in the route table.
 */
export type DashboardLinks = { createLink?: string; apiKeys?: string; allTransactions?: string };

/**
 * The figures of an account. Payments and payment links arrive with their own modules; until then no account
 * can hold a payment or a link, so every figure is truly zero and nothing is fetched.
 */
const ACCOUNT_FIGURES = { balanceUsd: '0', totalVolumeUsd: '0', thisMonthUsd: '0', activeLinks: 0 } as const;

function StatCard({
  icon: Icon,
  label,
  value,
  hint,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  label: string;
  value: ReactNode;
  hint: string;
}) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</p>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-600 dark:bg-brand-500/10 dark:text-brand-300">
          <Icon className="size-4" aria-hidden />
        </span>
      </div>
      <p className="mt-3 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white">
        {value}
      </p>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p>
    </Card>
  );
}

/** /dashboard (merchant spec 2): welcome header, balance, three figures and the recent transactions. */
export default function DashboardPage({ links = {} }: { links?: DashboardLinks }) {
  const { t, i18n } = useTranslation('dashboard');
  const { user, loading } = useSession();
  const usd = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
  const monthStart = new Date();
  monthStart.setDate(1);
  const monthStartText = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long' }).format(
    monthStart,
  );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      {user?.status === 'pending' && <Banner tone="warning">{t('pending')}</Banner>}

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

      <BalanceCard totalUsd={ACCOUNT_FIGURES.balanceUsd} />

      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          icon={TrendingUp}
          label={t('stats.totalVolume')}
          value={usd.format(ACCOUNT_FIGURES.totalVolumeUsd)}
          hint={t('stats.totalVolumeHint')}
        />
        <StatCard
          icon={Link2}
          label={t('stats.activeLinks')}
          value={ACCOUNT_FIGURES.activeLinks}
          hint={t('stats.activeLinksHint')}
        />
        <StatCard
          icon={CalendarDays}
          label={t('stats.thisMonth')}
          value={usd.format(ACCOUNT_FIGURES.thisMonthUsd)}
          hint={t('stats.thisMonthHint', { date: monthStartText })}
        />
      </div>

      <Card>
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-white/10">
          <div>
            <h2 className="text-base font-semibold">{t('recent.title')}</h2>
            <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{t('recent.description')}</p>
          </div>
          {links.allTransactions && (
            <Link
              to={links.allTransactions}
              className="text-sm font-medium text-brand-600 hover:text-brand-500 dark:text-brand-400"
            >
              {t('recent.viewAll')}
            </Link>
          )}
        </div>
        <div className="flex flex-col items-center px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-400 dark:bg-white/5 dark:text-slate-500">
            <Receipt className="size-6" aria-hidden="true" />
          </span>
          <p className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">{t('recent.empty')}</p>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('recent.emptyHint')}</p>
        </div>
      </Card>
    </div>
  );
}
