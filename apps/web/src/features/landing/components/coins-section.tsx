import type { TPublicOverview } from '@coinlane/core/api/public';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFormat } from '../hooks/use-format.ts';
import { CoinBadge } from './coin-badge.tsx';
import { SectionHeading } from './landing-sections.tsx';

/** The order the spec features its coins in (merchant spec 1); the list itself comes from the server. */
const FEATURED_ORDER = ['USDT', 'USDC', 'BTC', 'ETH', 'BNB', 'MATIC'];

export function orderCoins(coins: TPublicOverview['coins']) {
  const rank = (s: string) => {
    const i = FEATURED_ORDER.indexOf(s);
    return i === -1 ? FEATURED_ORDER.length : i;
  };
  const featured = coins.filter((c) => c.featured).sort((a, b) => rank(a.symbol) - rank(b.symbol));
  const others = coins.filter((c) => !c.featured);
  return { featured, others };
}

export function CoinsSection({
  overview,
  loading,
  failed,
  onRetry,
}: {
  overview: TPublicOverview | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('landing');
  const f = useFormat();
  const { featured, others } = overview ? orderCoins(overview.coins) : { featured: [], others: [] };

  return (
    <section id="coins" className="scroll-mt-16 bg-slate-50 py-24 sm:py-32 dark:bg-slate-900/40">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          kicker={t('coins.kicker')}
          title={t('coins.title')}
          subtitle={
            overview
              ? t('coins.subtitle', {
                  coins: f.count(overview.coinCount),
                  networks: f.count(overview.networkCount),
                })
              : t('coins.subtitleLoading')
          }
        />
        {failed ? (
          <div className="mt-12 flex flex-col items-center gap-4 text-sm text-slate-600 dark:text-slate-400">
            <p>{t('coins.failed')}</p>
            <Button variant="outline" size="sm" onClick={onRetry}>
              {t('coins.retry')}
            </Button>
          </div>
        ) : (
          <>
            <ul className="mt-16 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {loading
                ? [0, 1, 2, 3, 4, 5].map((i) => (
                    <li
                      key={i}
                      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-white/10 dark:bg-slate-950"
                    >
                      <div className="flex items-center gap-3">
                        <Skeleton className="size-10 rounded-full" />
                        <Skeleton className="h-5 w-28" />
                      </div>
                      <Skeleton className="mt-4 h-6 w-3/4" />
                    </li>
                  ))
                : featured.map((coin) => (
                    <li
                      key={coin.symbol}
                      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md dark:border-white/10 dark:bg-slate-950 dark:shadow-none"
                    >
                      <div className="flex items-center gap-3">
                        <CoinBadge symbol={coin.symbol} />
                        <div>
                          <p className="font-semibold text-slate-900 dark:text-white">{coin.name}</p>
                          <p className="text-sm text-slate-500 dark:text-slate-400">{coin.symbol}</p>
                        </div>
                      </div>
                      <ul
                        aria-label={t('coins.networksLabel', { coin: coin.name })}
                        className="mt-4 flex flex-wrap gap-1.5"
                      >
                        {coin.networks.map((n) => (
                          <li
                            key={n.id}
                            className="rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-200 dark:bg-white/5 dark:text-slate-300 dark:ring-white/10"
                          >
                            {n.name}
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
            </ul>
            {others.length > 0 && (
              <div className="mt-10 text-center">
                <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{t('coins.more')}</p>
                <ul className="mt-4 flex flex-wrap justify-center gap-2">
                  {others.map((coin) => (
                    <li
                      key={coin.symbol}
                      title={coin.networks.map((n) => n.name).join(', ')}
                      className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pl-1 pr-3 text-sm text-slate-700 dark:border-white/10 dark:bg-slate-950 dark:text-slate-300"
                    >
                      <CoinBadge symbol={coin.symbol} compact className="size-6" />
                      {coin.name}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
