import type { TPublicOverview } from '@coinlane/core/api/public';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFormat } from '../hooks/use-format.ts';
import { SectionHeading } from './landing-sections.tsx';

export function PricingSection({
  overview,
  loading,
}: {
  overview: TPublicOverview | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('landing');
  const f = useFormat();
  const items = ['item1', 'item2', 'item3', 'item4', 'item5'] as const;

  return (
    <section id="pricing" className="scroll-mt-16 bg-white py-24 sm:py-32 dark:bg-slate-950">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          kicker={t('pricing.kicker')}
          title={t('pricing.title')}
          subtitle={t('pricing.subtitle')}
        />
        <div className="mx-auto mt-16 max-w-3xl overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-xl shadow-slate-900/5 md:grid md:grid-cols-2 dark:border-white/10 dark:bg-slate-900/60 dark:shadow-none">
          <div className="flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-600 to-violet-700 px-8 py-12 text-center text-white">
            {overview ? (
              <p className="text-7xl font-semibold tracking-tight tabular-nums" data-testid="fee">
                {f.fee(overview.feePercent)}
                <span className="text-4xl">%</span>
              </p>
            ) : loading ? (
              <Skeleton className="h-20 w-32 bg-white/20" />
            ) : (
              <p className="text-sm text-brand-100">{t('pricing.unavailable')}</p>
            )}
            <p className="text-sm font-medium text-brand-100">{t('pricing.perTransaction')}</p>
            {overview && (overview.feeMinimumUsd || overview.feeMaximumUsd) && (
              <ul className="mt-2 space-y-0.5 text-xs text-brand-100" data-testid="fee-bounds">
                {overview.feeMinimumUsd && (
                  <li>{t('pricing.minimum', { amount: f.usd(overview.feeMinimumUsd) })}</li>
                )}
                {overview.feeMaximumUsd && (
                  <li>{t('pricing.maximum', { amount: f.usd(overview.feeMaximumUsd) })}</li>
                )}
              </ul>
            )}
            {overview && overview.feeExceptions.length > 0 && (
              <div className="mt-3 text-xs text-brand-100">
                <p className="font-semibold text-white">{t('pricing.exceptions')}</p>
                <ul className="mt-1 space-y-0.5">
                  {overview.feeExceptions.map((e) => (
                    <li key={`${e.symbol}-${e.network}`}>
                      {t('pricing.exception', {
                        coin: e.symbol,
                        network: e.networkName,
                        fee: f.fee(e.percent),
                      })}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
          <div className="p-8">
            <p className="text-sm font-semibold text-slate-900 dark:text-white">{t('pricing.included')}</p>
            <ul className="mt-4 space-y-3">
              {items.map((k) => (
                <li key={k} className="flex items-start gap-3 text-sm text-slate-700 dark:text-slate-300">
                  <Check
                    className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400"
                    aria-hidden="true"
                  />
                  {t(`pricing.${k}`)}
                </li>
              ))}
            </ul>
            <Link to={paths.signup} className={buttonClass('primary', 'lg', 'mt-8 w-full')}>
              {t('pricing.cta')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
