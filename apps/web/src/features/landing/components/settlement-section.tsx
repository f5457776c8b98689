import type { TPublicOverview } from '@coinlane/core/api/public';
import { Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFormat } from '../hooks/use-format.ts';
import { SectionHeading } from './landing-sections.tsx';

/**
 * Settlement as it is: the median measured over recent live payments when there are any, never a marketing
 * figure; and for each network the confirmations a payment needs, with its own median once measured.
 */
export function SettlementSection({ overview }: { overview: TPublicOverview | undefined }) {
  const { t } = useTranslation('landing');
  const f = useFormat();
  const s = overview?.settlement;

  return (
    <section id="settlement" className="scroll-mt-16 bg-white py-24 sm:py-28 dark:bg-slate-950">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading kicker={t('settlement.kicker')} title={t('settlement.title')} />
        <div className="mx-auto mt-12 max-w-3xl">
          {!s ? (
            <Skeleton className="mx-auto h-24 w-full max-w-xl" />
          ) : s.medianSeconds !== null ? (
            <div className="flex flex-col items-center gap-2 text-center" data-testid="settlement-measured">
              <p className="text-sm font-medium text-slate-500 dark:text-slate-400">
                {t('settlement.measuredLabel')}
              </p>
              <p className="text-5xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white">
                {f.duration(s.medianSeconds)}
              </p>
              <p className="max-w-xl text-sm leading-6 text-slate-600 dark:text-slate-400">
                {t('settlement.measured', { count: s.payments, days: s.windowDays })}
              </p>
            </div>
          ) : (
            <p
              className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-5 text-sm leading-6 text-slate-700 dark:border-white/10 dark:bg-white/[0.03] dark:text-slate-300"
              data-testid="settlement-rule"
            >
              <Timer
                className="mt-0.5 size-5 shrink-0 text-brand-600 dark:text-brand-400"
                aria-hidden="true"
              />
              {t('settlement.unmeasured')}
            </p>
          )}
          {s && s.networks.length > 0 && (
            <ul
              aria-label={t('settlement.networksLabel')}
              className="mt-10 grid gap-px overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 sm:grid-cols-2 dark:border-white/10 dark:bg-white/10"
            >
              {s.networks.map((n) => (
                <li
                  key={n.id}
                  className="flex items-baseline justify-between gap-3 bg-white px-4 py-3 text-sm last:odd:sm:col-span-2 dark:bg-slate-950"
                >
                  <span className="font-medium text-slate-900 dark:text-white">{n.name}</span>
                  <span className="text-right text-slate-600 dark:text-slate-400">
                    {n.confirmationsMin === n.confirmationsMax
                      ? t('settlement.confirmations', { count: n.confirmationsMin })
                      : t('settlement.confirmationsRange', {
                          min: f.count(n.confirmationsMin),
                          max: f.count(n.confirmationsMax),
                        })}
                    {n.medianSeconds !== null && (
                      <>
                        {' · '}
                        {t('settlement.networkMedian', {
                          median: f.duration(n.medianSeconds),
                          count: n.payments,
                        })}
                      </>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
