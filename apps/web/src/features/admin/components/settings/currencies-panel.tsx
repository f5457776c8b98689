import { useQuery } from '@tanstack/react-query';
import { Coins, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Banner } from '../../../../components/ui/banner.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { currenciesKey, fetchCurrencies } from '../../api/settings-api.ts';

/**
 * Cryptocurrencies: the enabled coins and their networks, read-only. The spec's editing (Enabled, limits, fee,
 * delete, Add New Cryptocurrency) needs an admin API for the catalogue that does not exist yet; the tab says so
 * rather than offering buttons that do nothing. "Live" marks the networks live payments can be made in now (a
 * node connected to this server).
 */
export function CurrenciesPanel() {
  const { t } = useTranslation('adminSettings');
  const all = useQuery({
    queryKey: currenciesKey('test'),
    queryFn: ({ signal }) => fetchCurrencies('test', signal),
  });
  const live = useQuery({
    queryKey: currenciesKey('live'),
    queryFn: ({ signal }) => fetchCurrencies('live', signal),
  });
  const liveNetworks = new Set(live.data?.flatMap((c) => c.networks.map((n) => `${c.symbol}:${n.id}`)) ?? []);
  const coins = all.data ?? [];
  const networkCount = coins.reduce((n, c) => n + c.networks.length, 0);

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 border-b border-slate-200 px-5 py-4 sm:px-6 dark:border-white/10">
        <div>
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('currencies.title')}</h2>
          {all.data && (
            <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
              {t('currencies.count', { count: coins.length, networks: networkCount })}
            </p>
          )}
        </div>
      </div>
      <div className="space-y-4 p-5 sm:p-6">
        <div className="flex gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-600 dark:border-white/10 dark:bg-white/[0.03] dark:text-slate-300">
          <Info className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <p>{t('currencies.readOnlyNote')}</p>
        </div>
        {all.isPending ? (
          <div className="space-y-3" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : all.isError ? (
          <Banner>
            <span className="flex flex-wrap items-center justify-between gap-2">
              {t('currencies.loadFailed')}
              <Button size="sm" variant="outline" onClick={() => void all.refetch()}>
                {t('retry')}
              </Button>
            </span>
          </Banner>
        ) : coins.length === 0 ? (
          <p className="flex items-center gap-2 py-6 text-sm text-slate-500 dark:text-slate-400">
            <Coins className="size-4" aria-hidden="true" />
            {t('currencies.empty')}
          </p>
        ) : (
          <ul aria-label={t('currencies.title')} className="divide-y divide-slate-100 dark:divide-white/5">
            {coins.map((c) => (
              <li key={c.symbol} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-6">
                <div className="flex min-w-0 items-center gap-3 sm:w-56 sm:shrink-0">
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 font-mono text-[11px] font-semibold text-brand-700 dark:bg-brand-500/10 dark:text-brand-200"
                  >
                    {c.symbol.slice(0, 4)}
                  </span>
                  <div className="min-w-0">
                    <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">
                      {c.symbol}
                    </p>
                    <p className="truncate text-xs text-slate-500 dark:text-slate-400">{c.name}</p>
                  </div>
                </div>
                <ul className="flex min-w-0 flex-1 flex-wrap gap-2">
                  {c.networks.map((n) => {
                    const isLive = liveNetworks.has(`${c.symbol}:${n.id}`);
                    return (
                      <li
                        key={n.id}
                        className="inline-flex items-center gap-2 rounded-lg border border-slate-200 px-2.5 py-1.5 text-xs dark:border-white/10"
                      >
                        <span className="font-medium text-slate-800 dark:text-slate-200">{n.name}</span>
                        <span className="text-slate-500 dark:text-slate-400">
                          {t('currencies.confirmations', { count: n.requiredConfirmations })}
                        </span>
                        {live.data && (
                          <Badge tone={isLive ? 'green' : 'grey'}>
                            {isLive ? t('currencies.live') : t('currencies.testOnly')}
                          </Badge>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
