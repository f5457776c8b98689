import type { TTransactionStatus } from '@coinlane/core/api/transactions';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, Download, Receipt, Search, TrendingUp } from 'lucide-react';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input, Select } from '../../../components/ui/field.tsx';
import { FigureCard } from '../../../components/ui/figure-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCount, formatFigure } from '../../../lib/amounts.ts';
import { useSession } from '../../../lib/auth.ts';
import { type LiveState, useLivePayments } from '../../../lib/use-live-payments.ts';
import { exportCsvUrl, fetchPaidCurrencies, type TransactionFilters } from '../api/transactions-api.ts';
import { PAGE_SIZE, useDebounced, useTransactions } from '../hooks/use-transactions.ts';
import { cryptoFilterChoices, SPEC_CRYPTOS } from '../utils/crypto-filter.ts';
import { TransactionRow } from './transaction-row.tsx';

const STATUSES: TTransactionStatus[] = ['confirmed', 'pending', 'failed'];

const summaryIcon = (Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>) => (
  <Icon className="mt-0.5 size-4 shrink-0 text-brand-500" aria-hidden />
);

export function LiveIndicator({ state }: { state: LiveState }) {
  const { t } = useTranslation('transactions');
  const tone =
    state === 'open'
      ? 'bg-green-500'
      : state === 'connecting'
        ? 'bg-amber-400 animate-pulse'
        : 'bg-slate-400';
  return (
    <span
      className="inline-flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400"
      data-live={state}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${tone}`} />
      {t(`live.${state}`)}
    </span>
  );
}

/** /transactions (merchant spec 2, 5, 8, 9). */
export default function TransactionsPage() {
  const { t, i18n } = useTranslation('transactions');
  // The dashboard's 'View' opens this page searching for one transaction id (?search=).
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [status, setStatus] = useState<TTransactionStatus | ''>('');
  const [crypto, setCrypto] = useState('');
  const [page, setPage] = useState(1);
  // cursors[n]: where page n + 1 starts (the nextCursor of page n), as the pages are read; page 1 starts at the top.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [exportNotice, setExportNotice] = useState(false);
  const debouncedSearch = useDebounced(search, 300);
  const filters: TransactionFilters = { search: debouncedSearch, status, crypto };
  const q = useTransactions(filters, page, cursors[page - 1] ?? null);
  const shown = q.isPlaceholderData ? undefined : q.data?.pagination;
  useEffect(() => {
    if (!shown) return;
    setCursors((c) => {
      if (c[shown.page] === shown.nextCursor) return c;
      const next = c.slice(0, shown.page);
      next[shown.page] = shown.nextCursor;
      return next;
    });
  }, [shown]);
  const { user } = useSession();
  const paidIn = useQuery({
    queryKey: ['analytics', 'paid-currencies', user?.mode],
    queryFn: fetchPaidCurrencies,
    enabled: Boolean(user),
    staleTime: 60_000,
  });
  const cryptos = cryptoFilterChoices(paidIn.data ?? []);
  const live = useLivePayments();
  const lang = i18n.language;
  const filtered = Boolean(debouncedSearch.trim() || status || crypto);
  const summary = q.data?.summary;
  const volume = summary && formatFigure(summary.totalVolumeUsd, lang);
  const total = q.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const change = (fn: () => void) => {
    fn();
    setPage(1);
    setCursors([null]);
    setExportNotice(false);
  };

  const onExport = () => {
    if (!q.data || q.data.summary.count === 0) {
      setExportNotice(true);
      return;
    }
    setExportNotice(false);
    const a = document.createElement('a');
    a.href = exportCsvUrl(filters);
    a.download = '';
    document.body.append(a);
    a.click();
    a.remove();
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {t('title')}
          </h1>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('subtitle')}</p>
          <div className="mt-2">
            <LiveIndicator state={live} />
          </div>
        </div>
        <Button variant="outline" onClick={onExport} disabled={q.isPending}>
          <Download className="size-4" aria-hidden="true" />
          {t('exportCsv')}
        </Button>
      </header>

      {exportNotice && <Banner tone="warning">{t('noneToExport')}</Banner>}

      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_12rem]">
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label={t('searchLabel')}
            value={search}
            onChange={(e) => change(() => setSearch(e.target.value))}
            placeholder={t('searchPlaceholder')}
            // phones: a smaller placeholder, and an ellipsis where a language's is still longer than the box
            className="pl-9 text-ellipsis placeholder:text-xs sm:placeholder:text-sm"
            maxLength={200}
          />
        </div>
        <Select
          value={status}
          onChange={(e) => change(() => setStatus(e.target.value as TTransactionStatus | ''))}
          aria-label={t('statusLabel')}
        >
          <option value="">{t('status.all')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </Select>
        <Select
          value={crypto}
          onChange={(e) => change(() => setCrypto(e.target.value))}
          aria-label={t('cryptoLabel')}
        >
          <option value="">{t('crypto.all')}</option>
          {cryptos.map((c) => (
            <option key={c} value={c}>
              {(SPEC_CRYPTOS as readonly string[]).includes(c) ? t(`crypto.${c}`) : c}
            </option>
          ))}
        </Select>
      </div>

      {/* Phones: Total Volume across the row, the two counts side by side below it. */}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
        <FigureCard
          className="col-span-2 sm:col-span-1"
          icon={summaryIcon(TrendingUp)}
          label={t('summary.totalVolume')}
          value={volume?.text}
          title={volume?.compact ? volume.exact : undefined}
          hint={t('summary.totalVolumeHint')}
          loading={q.isPending}
          testId="summary-volume"
        />
        <FigureCard
          icon={summaryIcon(CheckCircle2)}
          label={t('summary.confirmed')}
          value={summary && formatCount(summary.confirmedCount, lang)}
          hint={t('summary.confirmedHint')}
          loading={q.isPending}
          testId="summary-confirmed"
        />
        <FigureCard
          icon={summaryIcon(Clock)}
          label={t('summary.pending')}
          value={summary && formatCount(summary.pendingCount, lang)}
          hint={t('summary.pendingHint')}
          loading={q.isPending}
          testId="summary-pending"
        />
      </div>

      {q.isError && !q.data ? (
        <Banner>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{t('loadFailed')}</span>
            <Button size="sm" variant="outline" onClick={() => void q.refetch()}>
              {t('retry')}
            </Button>
          </div>
        </Banner>
      ) : (
        <Card>
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5 dark:border-white/10">
            {q.isPending ? (
              <Skeleton className="h-5 w-32" />
            ) : (
              <p className="text-sm font-medium text-slate-700 dark:text-slate-300" data-testid="tx-count">
                {t('count', { count: total })}
              </p>
            )}
          </div>
          {q.isPending ? (
            <ul className="divide-y divide-slate-200 dark:divide-white/10" aria-busy="true">
              {[0, 1, 2, 3].map((i) => (
                <li key={i} className="grid gap-3 px-5 py-4 sm:grid-cols-3">
                  <Skeleton className="h-10 w-40" />
                  <Skeleton className="h-10 w-56" />
                  <Skeleton className="h-6 w-24 sm:justify-self-end" />
                </li>
              ))}
            </ul>
          ) : q.data && q.data.data.length > 0 ? (
            <ul className="divide-y divide-slate-200 dark:divide-white/10" data-testid="transactions">
              {q.data.data.map((tx) => (
                <TransactionRow key={tx.id} tx={tx} />
              ))}
            </ul>
          ) : (
            <div className="flex flex-col items-center px-6 py-14 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-400 dark:bg-white/5">
                <Receipt className="size-6" aria-hidden="true" />
              </span>
              <p className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">{t('emptyTitle')}</p>
              <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                {filtered ? t('emptyFiltered') : t('emptyNone')}
              </p>
            </div>
          )}
          {pages > 1 && (
            <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:px-5 dark:border-white/10">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t('pager.previous')}
              </Button>
              <span className="text-sm text-slate-500">{t('pager.page', { page, pages })}</span>
              <Button
                size="sm"
                variant="outline"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('pager.next')}
              </Button>
            </div>
          )}
        </Card>
      )}
    </div>
  );
}
