import {
  ADMIN_TRANSACTION_STATUSES,
  RISK_LEVELS,
  type TAdminTransaction,
} from '@coinlane/core/api/admin-transactions';
import { hasPermission } from '@coinlane/core/permissions';
import {
  Eye,
  FlaskConical,
  MoreHorizontal,
  ReceiptText,
  RefreshCw,
  Search,
  SlidersHorizontal,
  Undo2,
} from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import { Menu } from '../../../components/ui/menu.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { formatCrypto, formatFigure, formatUsd } from '../../../lib/amounts.ts';
import { useSession } from '../../../lib/auth.ts';
import {
  type AdminTransactionFilters,
  NO_TRANSACTION_FILTERS,
  transactionQueryOf,
} from '../api/admin-transactions-api.ts';
import { useAdminTransactions } from '../hooks/use-admin-transactions.ts';
import { formatCount, formatListDate } from '../utils/format.ts';
import { checkTransactionQuery } from '../utils/transactions.ts';
import { LoadFailed, PageHeader } from './admin-parts.tsx';
import { AdminRefundDialog, offersIssueRefund } from './admin-refund-dialog.tsx';
import { ComplianceExportButton } from './compliance-export-button.tsx';
import { TransactionDetailsDialog } from './transaction-details-dialog.tsx';
import { Risk, TransactionStatus } from './transaction-parts.tsx';

/** The search is sent this long after the last keystroke (it reaches every payment on the server). */
const SEARCH_DELAY_MS = 300;
const MORE_FILTERS = ['from', 'to', 'merchant', 'currency', 'minAmount', 'maxAmount'] as const;

function useDebounced<V>(value: V, ms: number): V {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Transaction Management (admin spec 2, 5, 7, 8, 9), read side: every merchant's transactions in live or test
 * mode, the six tiles over every match, the filters (search, status, risk, and More Filters: dates, merchant,
 * currency, USD amount), the newest 100 in the table, and a transaction's details.
 */
export default function AdminTransactionsPage() {
  const { t, i18n } = useTranslation('adminTransactions');
  const lang = i18n.language;
  const [filters, setFilters] = useState<AdminTransactionFilters>(NO_TRANSACTION_FILTERS);
  const [moreOpen, setMoreOpen] = useState(false);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const { user: viewer } = useSession();
  // Issue Refund (transactions.refund; decision 022).
  const canRefund = hasPermission(viewer, 'transactions.refund');
  const [refundId, setRefundId] = useState<string | null>(null);
  // The compliance export of flagged transactions (reports.compliance; decision 021).
  const canExportCompliance = hasPermission(viewer, 'reports.compliance');

  const search = useDebounced(filters.search, SEARCH_DELAY_MS);
  const query = useMemo(() => transactionQueryOf({ ...filters, search }), [filters, search]);
  const checked = useMemo(() => checkTransactionQuery(query), [query]);
  const errors = checked.ok ? {} : checked.errors;
  const list = useAdminTransactions(checked.ok ? query : null);

  const set = <K extends keyof AdminTransactionFilters>(key: K, value: AdminTransactionFilters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));
  const moreCount = MORE_FILTERS.filter((k) => filters[k].trim() !== '').length;
  const filtersOn =
    filters.search.trim() !== '' || filters.status !== 'all' || filters.risk !== 'all' || moreCount > 0;
  const clearFilters = () => setFilters((f) => ({ ...NO_TRANSACTION_FILTERS, mode: f.mode }));

  const data = list.data;
  const rows = data?.transactions ?? [];
  const options = data?.filterOptions ?? { merchants: [], currencies: [] };
  const errorText = (field: string) => (errors[field] ? t(errors[field]) : undefined);

  const header = (
    <PageHeader
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <>
          {canExportCompliance && <ComplianceExportButton mode={filters.mode} />}
          <Button
            variant="outline"
            onClick={() => void list.refetch()}
            disabled={list.isFetching || !checked.ok}
          >
            <RefreshCw className={cn('size-4', list.isFetching && 'animate-spin')} aria-hidden="true" />
            {t('refresh')}
          </Button>
        </>
      }
    />
  );

  if (list.isPending && !data && checked.ok) {
    return (
      <div>
        {header}
        <PageSpinner label={t('details.loading')} />
      </div>
    );
  }
  if (list.isError && !data) {
    return (
      <div>
        {header}
        <LoadFailed
          text={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      </div>
    );
  }

  const tiles = data?.tiles;
  const volume = formatFigure(tiles?.totalVolume ?? '0', lang);
  const count = (n: number | undefined) => formatCount(n ?? 0, lang);

  return (
    <div>
      {header}

      <dl
        aria-label={t('tilesLabel')}
        className={cn(
          'mb-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7',
          list.isPlaceholderData && 'opacity-60',
        )}
      >
        <Tile
          wide
          label={t('tiles.totalVolume')}
          value={volume.text}
          title={volume.compact ? volume.exact : undefined}
        />
        <Tile label={t('tiles.completed')} value={count(tiles?.completed)} tone="green" />
        <Tile label={t('tiles.pending')} value={count(tiles?.pending)} tone="yellow" />
        <Tile label={t('tiles.failed')} value={count(tiles?.failed)} tone="red" />
        <Tile label={t('tiles.highRisk')} value={count(tiles?.highRisk)} tone="red" />
        <Tile label={t('tiles.total')} value={count(tiles?.total)} />
      </dl>
      <p className="mb-6 text-xs text-slate-500 dark:text-slate-400">
        {t('limitNote', { limit: data?.limit ?? 100 })}
      </p>

      {list.isError && (
        <Banner className="mb-4">
          <span className="flex flex-wrap items-center justify-between gap-2">
            {t('loadFailed')}
            <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          </span>
        </Banner>
      )}
      {filters.mode === 'test' && (
        <Banner tone="warning" className="mb-4">
          <span className="flex items-center gap-2">
            <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
            {t('testNote')}
          </span>
        </Banner>
      )}

      <Card>
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 dark:border-white/10">
          <div className="flex flex-col gap-3 2xl:flex-row 2xl:items-center">
            <div className="relative flex-1">
              <Search
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
                aria-hidden="true"
              />
              <Input
                type="search"
                value={filters.search}
                onChange={(e) => set('search', e.target.value)}
                placeholder={t('search')}
                aria-label={t('searchLabel')}
                aria-invalid={!!errors.search}
                maxLength={200}
                className="pl-9"
              />
            </div>
            <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 md:grid-cols-4 2xl:flex">
              <Select
                value={filters.status}
                onChange={(e) => set('status', e.target.value)}
                aria-label={t('statusFilter')}
                className="2xl:w-40"
              >
                <option value="all">{t('allStatus')}</option>
                {ADMIN_TRANSACTION_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`status.${s}`)}
                  </option>
                ))}
              </Select>
              <Select
                value={filters.risk}
                onChange={(e) => set('risk', e.target.value)}
                aria-label={t('riskFilter')}
                className="2xl:w-52"
              >
                <option value="all">{t('allRisk')}</option>
                {RISK_LEVELS.map((r) => (
                  <option key={r} value={r}>
                    {t(`riskLevels.${r}`)}
                  </option>
                ))}
              </Select>
              <Select
                value={filters.mode}
                onChange={(e) => set('mode', e.target.value === 'test' ? 'test' : 'live')}
                aria-label={t('modeFilter')}
                className="2xl:w-52"
              >
                <option value="live">{t('modes.live')}</option>
                <option value="test">{t('modes.test')}</option>
              </Select>
              <Button
                variant={moreOpen || moreCount > 0 ? 'secondary' : 'outline'}
                onClick={() => setMoreOpen((o) => !o)}
                aria-expanded={moreOpen}
                aria-controls="more-filters"
                className="whitespace-nowrap"
              >
                <SlidersHorizontal className="size-4" aria-hidden="true" />
                {t('moreFilters')}
                {moreCount > 0 && (
                  <Badge tone="brand" className="ml-0.5">
                    <span aria-hidden="true">{moreCount}</span>
                    <span className="sr-only">{t('activeFilters', { count: moreCount })}</span>
                  </Badge>
                )}
              </Button>
            </div>
          </div>
          {errors.search && <p className="text-sm text-red-600 dark:text-red-400">{errorText('search')}</p>}

          {moreOpen && (
            <fieldset
              id="more-filters"
              className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-slate-50/70 p-4 min-[480px]:grid-cols-2 lg:grid-cols-3 dark:border-white/10 dark:bg-white/[0.02]"
            >
              <legend className="sr-only">{t('moreFiltersLabel')}</legend>
              <Field label={t('from')} error={errorText('from')}>
                {(id, describedBy) => (
                  <Input
                    id={id}
                    type="date"
                    value={filters.from}
                    max={filters.to || undefined}
                    onChange={(e) => set('from', e.target.value)}
                    aria-describedby={describedBy}
                    aria-invalid={!!errors.from}
                  />
                )}
              </Field>
              <Field label={t('to')} error={errorText('to')}>
                {(id, describedBy) => (
                  <Input
                    id={id}
                    type="date"
                    value={filters.to}
                    min={filters.from || undefined}
                    onChange={(e) => set('to', e.target.value)}
                    aria-describedby={describedBy}
                    aria-invalid={!!errors.to}
                  />
                )}
              </Field>
              <Field label={t('merchant')} error={errorText('merchant')}>
                {(id, describedBy) => (
                  <Select
                    id={id}
                    value={filters.merchant}
                    onChange={(e) => set('merchant', e.target.value)}
                    aria-describedby={describedBy}
                  >
                    <option value="">{t('allMerchants')}</option>
                    {options.merchants.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.label}
                      </option>
                    ))}
                    {filters.merchant && !options.merchants.some((m) => m.id === filters.merchant) && (
                      <option value={filters.merchant}>{filters.merchant}</option>
                    )}
                  </Select>
                )}
              </Field>
              <Field label={t('currency')} error={errorText('currency')}>
                {(id, describedBy) => (
                  <Select
                    id={id}
                    value={filters.currency}
                    onChange={(e) => set('currency', e.target.value)}
                    aria-describedby={describedBy}
                  >
                    <option value="">{t('allCurrencies')}</option>
                    {options.currencies.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                    {filters.currency && !options.currencies.includes(filters.currency) && (
                      <option value={filters.currency}>{filters.currency}</option>
                    )}
                  </Select>
                )}
              </Field>
              <Field label={t('minAmount')} error={errorText('minAmount')}>
                {(id, describedBy) => (
                  <Input
                    id={id}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0.00"
                    value={filters.minAmount}
                    onChange={(e) => set('minAmount', e.target.value)}
                    aria-describedby={describedBy}
                    aria-invalid={!!errors.minAmount}
                    maxLength={20}
                  />
                )}
              </Field>
              <Field label={t('maxAmount')} error={errorText('maxAmount')}>
                {(id, describedBy) => (
                  <Input
                    id={id}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0.00"
                    value={filters.maxAmount}
                    onChange={(e) => set('maxAmount', e.target.value)}
                    aria-describedby={describedBy}
                    aria-invalid={!!errors.maxAmount}
                    maxLength={20}
                  />
                )}
              </Field>
              <div className="flex items-end min-[480px]:col-span-2 lg:col-span-3 lg:justify-end">
                <Button variant="ghost" size="sm" onClick={clearFilters} disabled={!filtersOn}>
                  {t('clearFilters')}
                </Button>
              </div>
            </fieldset>
          )}
        </div>

        {rows.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <ReceiptText className="size-10 text-slate-300 dark:text-slate-600" aria-hidden="true" />
            {filtersOn ? (
              <>
                <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('noMatches')}</p>
                <p className="text-sm text-slate-500 dark:text-slate-400">{t('noMatchesHint')}</p>
                <Button variant="outline" size="sm" onClick={clearFilters}>
                  {t('clearFilters')}
                </Button>
              </>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('noTransactions')}</p>
            )}
          </div>
        ) : (
          <div className={cn('overflow-x-auto', list.isPlaceholderData && 'opacity-60')}>
            <table className="min-w-full text-sm">
              <thead>
                <tr className="border-b border-slate-200 bg-slate-50/80 text-left text-xs font-medium uppercase tracking-wide text-slate-500 dark:border-white/10 dark:bg-white/[0.02] dark:text-slate-400">
                  <Th className="pl-4">{t('col.transaction')}</Th>
                  <Th className="hidden md:table-cell">{t('col.merchant')}</Th>
                  <Th className="hidden sm:table-cell">{t('col.amount')}</Th>
                  <Th>{t('col.status')}</Th>
                  <Th className="hidden lg:table-cell">{t('col.risk')}</Th>
                  <Th className="hidden md:table-cell">{t('col.created')}</Th>
                  <Th className="w-px pr-4 text-right">{t('col.actions')}</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-white/5">
                {rows.map((tx) => (
                  <Row
                    key={tx.id}
                    tx={tx}
                    lang={lang}
                    onView={() => setDetailsId(tx.id)}
                    onRefund={canRefund && offersIssueRefund(tx) ? () => setRefundId(tx.id) : undefined}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <TransactionDetailsDialog id={detailsId} onClose={() => setDetailsId(null)} />
      <AdminRefundDialog id={refundId} onClose={() => setRefundId(null)} />
    </div>
  );
}

function Row({
  tx,
  lang,
  onView,
  onRefund,
}: {
  tx: TAdminTransaction;
  lang: string;
  onView: () => void;
  onRefund?: (() => void) | undefined;
}) {
  const { t } = useTranslation('adminTransactions');
  const { t: tRefund } = useTranslation('adminRefunds');
  const usd = tx.amountUsd ? formatUsd(tx.amountUsd, lang) : null;
  const crypto = `${formatCrypto(tx.cryptoAmount, tx.currency, lang)} ${tx.currency}`;
  const amount = (
    <>
      <span className={cn('font-medium tabular-nums', !usd && 'text-slate-500 dark:text-slate-400')}>
        {usd ?? t('noUsd')}
      </span>
      <span className="block text-xs text-slate-500 tabular-nums dark:text-slate-400">{crypto}</span>
    </>
  );
  // Nothing hidden: what came in when it is not exactly what was due, and late money.
  const received = tx.amountReceived !== tx.cryptoAmount && Number(tx.amountReceived) > 0;
  const late = Number(tx.amountLate) > 0;
  return (
    <tr className="transition-colors hover:bg-slate-50 dark:hover:bg-white/[0.02]">
      <td className="w-full max-w-0 py-3 pl-4 pr-2.5 sm:w-auto sm:max-w-none">
        <div className="min-w-0 sm:max-w-72">
          <button
            type="button"
            onClick={onView}
            className="block max-w-full truncate rounded text-left font-mono text-xs font-medium text-slate-900 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-100 dark:hover:text-brand-300"
          >
            {tx.id}
          </button>
          <p
            className={cn(
              'truncate text-xs',
              tx.customerEmail
                ? 'text-slate-600 dark:text-slate-300'
                : 'italic text-slate-400 dark:text-slate-500',
            )}
          >
            {tx.customerEmail ?? t('noEmail')}
          </p>
          <p className="truncate text-xs text-slate-500 md:hidden dark:text-slate-400">{tx.merchant.label}</p>
        </div>
      </td>
      <td className="hidden max-w-48 px-2.5 py-3 md:table-cell">
        <span className="block truncate text-slate-700 dark:text-slate-300" title={tx.merchant.id}>
          {tx.merchant.label}
        </span>
      </td>
      <td className="hidden px-2.5 py-3 whitespace-nowrap sm:table-cell">
        {amount}
        {received && (
          <span className="block text-xs text-slate-500 tabular-nums dark:text-slate-400">
            {t('received', {
              amount: `${formatCrypto(tx.amountReceived, tx.currency, lang)} ${tx.currency}`,
            })}
          </span>
        )}
        {late && (
          <span className="block text-xs text-amber-700 tabular-nums dark:text-amber-300">
            {t('late', { amount: `${formatCrypto(tx.amountLate, tx.currency, lang)} ${tx.currency}` })}
          </span>
        )}
      </td>
      <td className="px-2.5 py-3">
        <TransactionStatus tx={tx} />
        {/* On a phone the Amount column is folded in here: the USD value, else the coin amount. */}
        <span className="mt-1 block text-xs font-medium whitespace-nowrap text-slate-700 tabular-nums sm:hidden dark:text-slate-300">
          {usd ?? crypto}
        </span>
      </td>
      <td className="hidden px-2.5 py-3 lg:table-cell">
        <Risk score={tx.riskScore} flags={tx.fraudFlags} />
      </td>
      <td className="hidden px-2.5 py-3 whitespace-nowrap text-slate-600 md:table-cell dark:text-slate-400">
        {formatListDate(tx.createdAt, lang)}
      </td>
      <td className="py-3 pl-2.5 pr-4 text-right">
        <Menu
          label={t('actionsFor', { id: tx.id })}
          trigger={<MoreHorizontal className="size-5" aria-hidden="true" />}
          triggerClassName="inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-white/5 dark:hover:text-white"
          items={[
            { key: 'view', label: t('viewDetails'), icon: <Eye />, onSelect: onView },
            ...(onRefund
              ? [{ key: 'refund', label: tRefund('issue'), icon: <Undo2 />, onSelect: onRefund }]
              : []),
          ]}
        />
      </td>
    </tr>
  );
}

function Th({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <th scope="col" className={cn('px-2.5 py-3 font-medium whitespace-nowrap', className)}>
      {children}
    </th>
  );
}

const tileTones = {
  green: 'bg-green-500',
  yellow: 'bg-yellow-500',
  red: 'bg-red-500',
  none: 'bg-transparent',
} as const;

function Tile({
  label,
  value,
  title,
  tone = 'none',
  wide = false,
}: {
  label: string;
  value: string;
  title?: string;
  tone?: keyof typeof tileTones;
  /** Two columns on wide screens (Total Volume: an amount in any language's format). */
  wide?: boolean;
}) {
  return (
    <div
      className={cn(
        'rounded-xl border border-slate-200 bg-white px-3 py-3 shadow-sm dark:border-white/10 dark:bg-slate-900/60',
        wide && 'lg:col-span-2',
      )}
    >
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
        {tone !== 'none' && (
          <span aria-hidden="true" className={cn('size-1.5 shrink-0 rounded-full', tileTones[tone])} />
        )}
        <span>{label}</span>
      </dt>
      <dd
        className="mt-0.5 truncate text-xl font-semibold tabular-nums text-slate-900 dark:text-white"
        title={title}
      >
        {value}
      </dd>
    </div>
  );
}
