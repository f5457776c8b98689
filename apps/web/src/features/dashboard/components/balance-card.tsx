import { Eye, EyeOff, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const MASK = '••••••';

/**
 * Total balance in USD with a show/hide toggle (hidden values masked) and the empty state
 * 'No confirmed transactions yet' (merchant spec 2). Amounts are decimal strings, never floats.
 */
export function BalanceCard({ totalUsd }: { totalUsd: `${number}` }) {
  const { t, i18n } = useTranslation('dashboard');
  const [shown, setShown] = useState(true);
  const usd = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });

  return (
    <section
      aria-labelledby="balance-title"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-slate-900 via-brand-900 to-violet-900 p-6 text-white shadow-lg shadow-brand-900/20 sm:p-8 dark:ring-1 dark:ring-white/10"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-16 -top-24 size-72 rounded-full bg-brand-500/30 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-28 left-1/3 size-72 rounded-full bg-violet-500/20 blur-3xl"
      />
      <div className="relative flex items-start justify-between gap-4">
        <div>
          <h2 id="balance-title" className="flex items-center gap-2 text-sm font-medium text-brand-100/80">
            <Wallet className="size-4" aria-hidden="true" />
            {t('balance.title')}
          </h2>
          <p className="mt-3 flex items-baseline gap-2">
            <span
              className="text-4xl font-semibold tracking-tight tabular-nums sm:text-5xl"
              data-testid="balance-total"
            >
              {shown ? usd.format(totalUsd) : MASK}
            </span>
            <span className="text-sm font-medium text-brand-100/70">{t('balance.currency')}</span>
          </p>
        </div>
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={!shown}
          aria-label={shown ? t('balance.hide') : t('balance.show')}
          title={shown ? t('balance.hide') : t('balance.show')}
          className="rounded-lg p-2 text-brand-100/80 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white/60"
        >
          {shown ? (
            <EyeOff className="size-5" aria-hidden="true" />
          ) : (
            <Eye className="size-5" aria-hidden="true" />
          )}
        </button>
      </div>
      <div className="relative mt-6 border-t border-white/10 pt-5">
        <p className="text-sm font-medium text-white">{t('balance.empty')}</p>
        <p className="mt-0.5 text-sm text-brand-100/70">{t('balance.emptyHint')}</p>
      </div>
    </section>
  );
}
