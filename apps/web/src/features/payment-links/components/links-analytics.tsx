import { Activity, BarChart3, CircleDollarSign, Link2, Percent } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLinkAnalytics } from '../hooks/use-payment-links.ts';
import { LINK_TONE, useFiatText } from './link-card.tsx';

function Figure({
  icon: Icon,
  label,
  value,
  hint,
  testId,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  label: string;
  value: string | number | undefined;
  hint: string;
  testId: string;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</p>
        <Icon className="size-4 text-brand-500" aria-hidden />
      </div>
      {value === undefined ? (
        <Skeleton className="mt-3 h-7 w-20" />
      ) : (
        <p
          className="mt-2 text-2xl font-semibold tabular-nums text-slate-900 dark:text-white"
          data-testid={testId}
        >
          {value}
        </p>
      )}
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p>
    </Card>
  );
}

/** The Analytics tab (merchant spec 2): four figures and the latest 5 links. */
export function LinksAnalytics() {
  const { t, i18n } = useTranslation('paymentLinks');
  const q = useLinkAnalytics();
  const fiatText = useFiatText();
  const usd = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
  const l = q.data?.links;
  if (q.isError) return <Banner>{t('analytics.loadFailed')}</Banner>;
  return (
    <div className="space-y-6">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          icon={Link2}
          label={t('analytics.totalLinks')}
          value={l?.total}
          hint={t('analytics.totalLinksHint')}
          testId="an-total"
        />
        <Figure
          icon={Activity}
          label={t('analytics.activeLinks')}
          value={l?.active}
          hint={t('analytics.activeLinksHint')}
          testId="an-active"
        />
        <Figure
          icon={CircleDollarSign}
          label={t('analytics.totalValue')}
          value={l ? usd.format(l.totalValueUsd as `${number}`) : undefined}
          hint={t('analytics.totalValueHint')}
          testId="an-value"
        />
        <Figure
          icon={Percent}
          label={t('analytics.conversionRate')}
          value={l ? `${l.conversionRate}%` : undefined}
          hint={t('analytics.conversionRateHint')}
          testId="an-rate"
        />
      </div>
      <Card>
        <CardHeader title={t('analytics.recent')} />
        {!l ? (
          <div className="space-y-3 p-5">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : l.recent.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-10 text-center">
            <BarChart3 className="size-6 text-slate-400" aria-hidden="true" />
            <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t('analytics.noActivity')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-white/10">
            {l.recent.map((link) => (
              <li key={link.id} className="flex items-center justify-between gap-3 px-5 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900 dark:text-white">
                    {link.description ||
                      (link.fiatAmount && link.fiatCurrency
                        ? fiatText(link.fiatAmount, link.fiatCurrency)
                        : `${link.amount} ${link.currency}`)}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {link.amount} {link.currency} ·{' '}
                    {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                      new Date(link.createdAt),
                    )}
                  </p>
                </div>
                <Badge tone={LINK_TONE[link.status]} dot>
                  {t(`status.${link.status}`)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
