import type { TPublicOverview } from '@coinlane/core/api/public';
import { ArrowRight, Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { cn } from '../../../components/ui/cn.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFormat } from '../hooks/use-format.ts';
import { ghostButton, lightButton } from './landing-header.tsx';
import { PaymentCardVisual } from './payment-card-visual.tsx';

/** Hero: the claim, the two calls to action, and the figures of the live configuration. */
export function Hero({ overview, loading }: { overview: TPublicOverview | undefined; loading: boolean }) {
  const { t } = useTranslation('landing');
  const f = useFormat();
  const fee = overview ? f.fee(overview.feePercent) : null;

  // The KYC point says what the admins' setting makes true: no identity checks, or a review before live payments.
  const points = [
    t('hero.point1'),
    fee ? t('hero.point2', { fee }) : null,
    overview ? t(overview.kycRequired ? 'hero.kycOn' : 'hero.kycOff') : null,
  ].filter((p): p is string => !!p);

  const stats: Array<{ value: string | null; label: string }> = [
    { value: overview ? f.count(overview.coinCount) : null, label: t('stats.coins') },
    { value: overview ? f.count(overview.networkCount) : null, label: t('stats.networks') },
    { value: fee ? `${fee}%` : null, label: t('stats.fee') },
    { value: t('stats.custodyValue'), label: t('stats.custody') },
  ];

  return (
    <section className="relative isolate overflow-hidden bg-slate-950 pt-16 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_40rem_at_70%_-10%,rgba(99,102,241,0.35),transparent_60%),radial-gradient(40rem_30rem_at_0%_30%,rgba(139,92,246,0.22),transparent_60%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(rgba(255,255,255,0.04)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,0.04)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_75%)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-16 px-4 pb-20 pt-16 sm:px-6 sm:pt-24 lg:grid-cols-[1.1fr_0.9fr] lg:px-8 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-3 py-1 text-xs font-medium text-brand-200">
            <span className="size-1.5 rounded-full bg-emerald-400" aria-hidden="true" />
            {t('hero.eyebrow')}
          </p>
          <h1 className="mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {t('hero.title')}
          </h1>
          <p className="mt-6 max-w-xl text-base leading-7 text-slate-300 sm:text-lg sm:leading-8">
            {t('hero.subtitle')}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={paths.signup} className={cn(lightButton, 'h-12 px-6 text-base')}>
              {t('hero.primary')}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            <Link to={paths.docs} className={cn(ghostButton, 'h-12 px-6 text-base')}>
              {t('hero.secondary')}
            </Link>
          </div>
          <ul className="mt-8 flex flex-col gap-2 text-sm text-slate-300 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {points.map((p) => (
              <li key={p} className="inline-flex items-center gap-2">
                <Check className="size-4 text-emerald-400" aria-hidden="true" />
                {p}
              </li>
            ))}
          </ul>
        </div>
        <PaymentCardVisual />
      </div>
      <div className="border-t border-white/10 bg-white/[0.02]">
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-px px-4 sm:px-6 lg:grid-cols-4 lg:px-8">
          {stats.map((s) => (
            <div key={s.label} className="px-2 py-6 sm:px-4">
              <dt className="text-xs text-slate-400 sm:text-sm">{s.label}</dt>
              <dd className="mt-1 text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl">
                {s.value ?? (loading ? <Skeleton className="h-8 w-16 bg-white/10" /> : '—')}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
