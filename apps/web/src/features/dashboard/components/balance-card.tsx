import type { TBalances } from '@coinlane/core/api/analytics';
import { Eye, EyeOff, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

const MASK = '••••••';
/** Currencies listed on the card (merchant spec 9). */
export const BALANCE_CURRENCIES = 3;

/** A decimal string cut (not rounded) to `places` decimals, padded: '0.00358824' -> '0.0035' at 4. */
export function toPlaces(value: string, places: number): string {
  const [int = '0', frac = ''] = value.split('.');
  return places === 0 ? int : `${int}.${frac.padEnd(places, '0').slice(0, places)}`;
}

/**
 * Total balance in USD with a show/hide toggle (hidden values masked), up to 3 currencies with their amount
 * to 4 decimals and USD value, '+N more currencies', and the empty state 'No confirmed transactions yet'
 * (merchant spec 2 and 9). Amounts are decimal strings, never floats.
 */
export function BalanceCard({ data, loading = false }: { data?: TBalances; loading?: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const [shown, setShown] = useState(true);
  const usd = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
  const balances = data?.balances ?? [];
  const more = balances.length - BALANCE_CURRENCIES;

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
          <div className="mt-3 flex items-baseline gap-2">
            {loading ? (
              <Skeleton className="h-12 w-48 bg-white/15" />
            ) : (
              <span
                className="text-4xl font-semibold tracking-tight tabular-nums sm:text-5xl"
                data-testid="balance-total"
              >
                {shown ? usd.format((data?.totalUsd ?? '0') as `${number}`) : MASK}
              </span>
            )}
            <span className="text-sm font-medium text-brand-100/70">{t('balance.currency')}</span>
          </div>
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
        {loading ? (
          <div className="grid gap-3 sm:grid-cols-3">
            <Skeleton className="h-12 bg-white/10" />
            <Skeleton className="h-12 bg-white/10" />
            <Skeleton className="h-12 bg-white/10" />
          </div>
        ) : balances.length === 0 ? (
          <>
            <p className="text-sm font-medium text-white">{t('balance.empty')}</p>
            <p className="mt-0.5 text-sm text-brand-100/70">{t('balance.emptyHint')}</p>
          </>
        ) : (
          <>
            <ul className="grid gap-3 sm:grid-cols-3" data-testid="balances">
              {balances.slice(0, BALANCE_CURRENCIES).map((b) => (
                <li key={b.currency} className="rounded-xl bg-white/5 px-4 py-3 ring-1 ring-white/10">
                  <p className="text-xs font-medium uppercase tracking-wide text-brand-100/70">
                    {b.currency}
                  </p>
                  <p className="mt-1 font-semibold tabular-nums" data-testid={`balance-${b.currency}`}>
                    {shown ? toPlaces(b.amount, 4) : MASK}
                  </p>
                  <p className="text-xs tabular-nums text-brand-100/70">
                    {shown ? usd.format(b.usdAmount as `${number}`) : MASK}
                  </p>
                </li>
              ))}
            </ul>
            {more > 0 && (
              <p className="mt-3 text-sm text-brand-100/80">{t('balance.more', { count: more })}</p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
