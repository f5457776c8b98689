import type { TBalances } from '@coinlane/core/api/analytics';
import { Eye, EyeOff, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatBalance, formatFigure, formatUsd } from '../../../lib/amounts.ts';

const MASK = '••••••';
/** Currencies listed on the card (merchant spec 9). */
export const BALANCE_CURRENCIES = 3;

/**
 * Total balance in USD with a show/hide toggle (hidden values masked), up to 3 currencies with their amount
 * to 4 decimals (rounded half-up, the exact amount on hover and for screen readers) and USD value, '+N more
 * currencies', and the empty state 'No confirmed transactions yet' (merchant spec 2 and 9). The balance is all
 * money received with its confirmations; the part on payments that are not confirmed (outside Total Volume) is
 * named under the total. Amounts are decimal strings, never floats, formatted in the reader's language by
 * lib/amounts.ts.
 */
export function BalanceCard({ data, loading = false }: { data?: TBalances; loading?: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const [shown, setShown] = useState(true);
  const lang = i18n.language;
  const total = formatFigure(data?.totalUsd ?? '0', lang);
  const balances = data?.balances ?? [];
  const more = balances.length - BALANCE_CURRENCIES;

  return (
    <section
      aria-labelledby="balance-title"
      className="@container relative overflow-hidden rounded-2xl bg-gradient-to-br from-slate-900 via-brand-900 to-violet-900 p-6 text-white shadow-lg shadow-brand-900/20 sm:p-8 dark:ring-1 dark:ring-white/10"
    >
      {/* The glows are clipped by a layer of their own, so they never widen the card (its scroll width). */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
        <div className="absolute -right-16 -top-24 size-72 rounded-full bg-brand-500/30 blur-3xl" />
        <div className="absolute -bottom-28 left-1/3 size-72 rounded-full bg-violet-500/20 blur-3xl" />
      </div>
      <div className="relative flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id="balance-title" className="flex items-center gap-2 text-sm font-medium text-brand-100/80">
            <Wallet className="size-4" aria-hidden="true" />
            {t('balance.title')}
          </h2>
          <div className="mt-3">
            {loading ? (
              <Skeleton className="h-12 w-48 bg-white/15" />
            ) : (
              <span
                className="text-[length:clamp(1.75rem,9cqi,3rem)] leading-tight font-semibold tracking-tight whitespace-nowrap tabular-nums"
                data-testid="balance-total"
                title={shown && total.compact ? total.exact : undefined}
              >
                {shown ? total.text : MASK}
              </span>
            )}
          </div>
          {!loading && data && /[1-9]/.test(data.outsideVolumeUsd ?? '') && (
            // Money in the wallet that Total Volume leaves out (late and not accepted, partly paid): said, so the
            // two figures reconcile.
            <p className="mt-2 max-w-xl text-xs text-brand-100/80" data-testid="balance-outside">
              {t('balance.outsideVolume', {
                value: shown ? formatUsd(data.outsideVolumeUsd, lang) : MASK,
              })}
            </p>
          )}
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
              {balances.slice(0, BALANCE_CURRENCIES).map((b) => {
                const amount = formatBalance(b.amount, lang);
                return (
                  <li
                    key={b.currency}
                    className="min-w-0 rounded-xl bg-white/5 px-4 py-3 ring-1 ring-white/10"
                  >
                    <p className="text-xs font-medium uppercase tracking-wide text-brand-100/70">
                      {b.currency}
                    </p>
                    <p
                      className="mt-1 font-semibold break-words tabular-nums"
                      title={shown ? `${amount.exact}\u00a0${b.currency}` : undefined}
                    >
                      <span
                        aria-hidden={shown && amount.rounded ? true : undefined}
                        data-testid={`balance-${b.currency}`}
                      >
                        {shown ? amount.text : MASK}
                      </span>
                      {shown && amount.rounded && (
                        <span className="sr-only" data-testid={`balance-${b.currency}-exact`}>
                          {amount.exact}
                        </span>
                      )}
                    </p>
                    <p className="text-xs break-words tabular-nums text-brand-100/70">
                      {shown ? formatUsd(b.usdAmount, lang) : MASK}
                    </p>
                  </li>
                );
              })}
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
