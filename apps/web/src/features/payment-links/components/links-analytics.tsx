import type { TPaymentLink } from '@coinlane/core/api/payment-links';
import { Activity, BarChart3, CircleDollarSign, Link2, Percent } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { FigureCard } from '../../../components/ui/figure-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCount, formatCrypto, formatFiat, formatFigure, formatPercent } from '../../../lib/amounts.ts';
import { useLinkAnalytics } from '../hooks/use-payment-links.ts';
import { LINK_TONE } from './link-card.tsx';

const figureIcon = (Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>) => (
  <Icon className="mt-0.5 size-4 shrink-0 text-brand-500" aria-hidden />
);

/** The Analytics tab (merchant spec 2): four figures and the latest 5 links. */
export function LinksAnalytics() {
  const { t, i18n } = useTranslation('paymentLinks');
  const q = useLinkAnalytics();
  const lang = i18n.language;
  const l = q.data?.links;
  const value = l && formatFigure(l.totalValueUsd, lang);
  const cryptoText = (link: TPaymentLink) =>
    `${formatCrypto(link.amount, link.currency, lang, { decimals: link.decimals })}\u00a0${link.currency}`;
  if (q.isError) return <Banner>{t('analytics.loadFailed')}</Banner>;
  return (
    <div className="space-y-6">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FigureCard
          icon={figureIcon(Link2)}
          label={t('analytics.totalLinks')}
          value={l && formatCount(l.total, lang)}
          hint={t('analytics.totalLinksHint')}
          loading={!l}
          testId="an-total"
        />
        <FigureCard
          icon={figureIcon(Activity)}
          label={t('analytics.activeLinks')}
          value={l && formatCount(l.active, lang)}
          hint={t('analytics.activeLinksHint')}
          loading={!l}
          testId="an-active"
        />
        <FigureCard
          icon={figureIcon(CircleDollarSign)}
          label={t('analytics.totalValue')}
          value={value?.text}
          title={value?.compact ? value.exact : undefined}
          hint={t('analytics.totalValueHint')}
          loading={!l}
          testId="an-value"
        />
        <FigureCard
          icon={figureIcon(Percent)}
          label={t('analytics.conversionRate')}
          value={l && formatPercent(l.conversionRate, lang)}
          hint={t('analytics.conversionRateHint')}
          loading={!l}
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
                        ? formatFiat(link.fiatAmount, link.fiatCurrency, lang)
                        : cryptoText(link))}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {cryptoText(link)} ·{' '}
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
