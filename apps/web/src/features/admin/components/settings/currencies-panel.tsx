import type { TCryptocurrency } from '@coinlane/core/api/admin-cryptocurrencies';
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { Coins, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Banner } from '../../../../components/ui/banner.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { Checkbox } from '../../../../components/ui/checkbox.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { Input } from '../../../../components/ui/field.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { cryptocurrenciesKey, deleteCryptocurrency } from '../../api/settings-api.ts';
import { cryptoMessageKey } from '../../crypto-locales.ts';
import { cryptoFieldId, type TCryptoEditField } from '../../utils/crypto-form.ts';
import { formatCount } from '../../utils/format.ts';
import { AddCryptocurrencyModal } from './add-cryptocurrency-modal.tsx';

type Props = {
  query: UseQueryResult<TCryptocurrency[]>;
  /** settings.write: the inputs are editable, Add and delete are offered. */
  canWrite: boolean;
  /** Inputs disabled (no settings.write, or a save under way). */
  disabled: boolean;
  valueFor: (c: TCryptocurrency, field: TCryptoEditField) => string | boolean;
  /** The server's refusal of a field id (`crypto.<id>.<field>`), as sent. */
  errorOf: (fieldId: string) => string | undefined;
  onChange: (fieldId: string, value: string | boolean) => void;
};

/**
 * The Cryptocurrencies tab (admin spec 2, 7; decision 020): every row of supported_cryptocurrencies by symbol, each
 * with an Enabled checkbox, min, max and fee inputs (saved with the page's Save Changes, as the spec's settings save
 * does) and a delete button that asks first; Add New Cryptocurrency opens the modal. Without settings.write the
 * inputs are disabled and neither Add nor delete is offered.
 */
export function CurrenciesPanel({ query, canWrite, disabled, valueFor, errorOf, onChange }: Props) {
  const { t, i18n } = useTranslation('adminCrypto');
  const qc = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TCryptocurrency | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const list = query.data ?? [];
  const text = (message: string) => {
    const key = cryptoMessageKey(message);
    return key ? t(key) : message;
  };

  const remove = useMutation({
    mutationFn: (c: TCryptocurrency) => deleteCryptocurrency(c.id),
    onMutate: () => setDeleteError(null),
    onSuccess: (_r, c) => {
      qc.setQueryData<TCryptocurrency[]>(cryptocurrenciesKey, (rows) => rows?.filter((r) => r.id !== c.id));
      setDeleting(null);
    },
    onError: (err) =>
      setDeleteError(t('delete.failed', { reason: text(err instanceof Error ? err.message : String(err)) })),
  });

  const networks = new Set(list.map((c) => c.network)).size;
  const enabled = list.filter((c) => c.enabled).length;
  const number = (n: number) => formatCount(n, i18n.language);

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 border-b border-slate-200 px-5 py-4 sm:px-6 dark:border-white/10">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('title')}</h2>
          {query.data && (
            <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
              {t('summary', { count: list.length, networks: number(networks), enabled: number(enabled) })}
            </p>
          )}
        </div>
        {canWrite && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden="true" />
            {t('add')}
          </Button>
        )}
      </div>
      <div className="space-y-4 p-5 sm:p-6">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('intro')}</p>
        {query.isPending ? (
          <div className="space-y-3" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <Banner>
            <span className="flex flex-wrap items-center justify-between gap-2">
              {t('loadFailed')}
              <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
                {t('retry')}
              </Button>
            </span>
          </Banner>
        ) : list.length === 0 ? (
          <p className="flex items-center gap-2 py-6 text-sm text-slate-500 dark:text-slate-400">
            <Coins className="size-4" aria-hidden="true" />
            {t('empty')}
          </p>
        ) : (
          <div>
            <div
              aria-hidden="true"
              className="hidden grid-cols-[minmax(0,1fr)_5rem_8rem_8rem_7rem_2.5rem] gap-3 border-b border-slate-200 pb-2 text-xs font-medium uppercase tracking-wide text-slate-500 lg:grid dark:border-white/10 dark:text-slate-400"
            >
              <span>{t('columns.coin')}</span>
              <span>{t('columns.enabled')}</span>
              <span>{t('columns.minAmount')}</span>
              <span>{t('columns.maxAmount')}</span>
              <span>{t('columns.feePercentage')}</span>
              <span className="sr-only">{t('columns.actions')}</span>
            </div>
            <ul aria-label={t('title')} className="divide-y divide-slate-100 dark:divide-white/5">
              {list.map((c) => (
                <CurrencyRow
                  key={c.id}
                  c={c}
                  canWrite={canWrite}
                  disabled={disabled}
                  valueFor={valueFor}
                  errorOf={(id) => {
                    const e = errorOf(id);
                    return e ? text(e) : undefined;
                  }}
                  onChange={onChange}
                  onDelete={() => {
                    setDeleteError(null);
                    setDeleting(c);
                  }}
                />
              ))}
            </ul>
          </div>
        )}
      </div>
      <AddCryptocurrencyModal open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        {deleting && (
          <p className="font-medium text-slate-900 dark:text-white">
            {deleting.symbol} · {deleting.networkName}
          </p>
        )}
        <p>{t('delete.text')}</p>
      </ConfirmDialog>
    </Card>
  );
}

function CurrencyRow({
  c,
  canWrite,
  disabled,
  valueFor,
  errorOf,
  onChange,
  onDelete,
}: Omit<Props, 'query'> & { c: TCryptocurrency; onDelete: () => void }) {
  const { t } = useTranslation('adminCrypto');
  const on = valueFor(c, 'enabled') === true;
  const amount = (field: 'minAmount' | 'maxAmount' | 'feePercentage') => {
    const id = cryptoFieldId(c.id, field);
    const error = errorOf(id);
    const inputId = `${id}-input`;
    return (
      <div className="min-w-0">
        <label
          htmlFor={inputId}
          className="mb-1 block text-xs font-medium text-slate-500 lg:sr-only dark:text-slate-400"
        >
          {t(`columns.${field}`)}{' '}
          <span className="sr-only">
            · {c.symbol} {c.networkName}
          </span>
        </label>
        <Input
          id={inputId}
          value={String(valueFor(c, field))}
          onChange={(e) => onChange(id, e.target.value)}
          disabled={disabled}
          inputMode="decimal"
          aria-invalid={!!error}
          aria-describedby={error ? `${inputId}-error` : undefined}
          placeholder={field === 'feePercentage' ? t('feePlaceholder') : undefined}
          className="px-2 py-1.5 font-mono tabular-nums placeholder:font-sans placeholder:text-xs"
          autoComplete="off"
        />
        {error && (
          <p id={`${inputId}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    );
  };
  const enabledId = cryptoFieldId(c.id, 'enabled');
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-3 py-3 lg:grid-cols-[minmax(0,1fr)_5rem_8rem_8rem_7rem_2.5rem] lg:items-center">
      <div className="flex min-w-0 items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 font-mono text-[11px] font-semibold text-brand-700 dark:bg-brand-500/10 dark:text-brand-200"
        >
          {c.symbol.slice(0, 4)}
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm font-semibold text-slate-900 dark:text-white">
            <span>{c.symbol}</span>
            <span className="font-normal text-slate-500 dark:text-slate-400">{c.name}</span>
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
            <span className="truncate font-medium text-slate-700 dark:text-slate-300">{c.networkName}</span>
            <span aria-hidden="true">·</span>
            <span>{t('decimals', { count: c.decimals })}</span>
            {c.contractAddress && <Badge>{t('token')}</Badge>}
            {!c.enabled ? (
              <Badge tone="red">{t('disabled')}</Badge>
            ) : (
              <Badge tone={c.live ? 'green' : 'grey'}>{c.live ? t('live') : t('testOnly')}</Badge>
            )}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-1 justify-self-end lg:contents">
        <span className="flex items-center gap-2 text-sm text-slate-700 lg:justify-self-start dark:text-slate-300">
          <Checkbox
            id={`${enabledId}-input`}
            checked={on}
            onChange={(e) => onChange(enabledId, e.target.checked)}
            disabled={disabled}
            aria-label={t('enabledLabel', { symbol: c.symbol, network: c.networkName })}
          />
          <label htmlFor={`${enabledId}-input`} className="lg:sr-only">
            {t('columns.enabled')}
          </label>
        </span>
        {errorOf(enabledId) && <p className="text-xs text-red-600">{errorOf(enabledId)}</p>}
        <span className="contents lg:hidden">
          {canWrite && <DeleteButton c={c} onDelete={onDelete} disabled={disabled} />}
        </span>
      </div>
      <div className="col-span-2 grid grid-cols-3 gap-2 lg:contents">
        {amount('minAmount')}
        {amount('maxAmount')}
        {amount('feePercentage')}
      </div>
      <span className="hidden lg:block">
        {canWrite && <DeleteButton c={c} onDelete={onDelete} disabled={disabled} />}
      </span>
    </li>
  );
}

function DeleteButton({
  c,
  onDelete,
  disabled,
}: {
  c: TCryptocurrency;
  onDelete: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('adminCrypto');
  return (
    <button
      type="button"
      onClick={onDelete}
      disabled={disabled}
      aria-label={t('delete.label', { symbol: c.symbol, network: c.networkName })}
      title={t('delete.label', { symbol: c.symbol, network: c.networkName })}
      className="ml-2 rounded-lg p-2 text-slate-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-red-500 disabled:cursor-not-allowed disabled:opacity-50 dark:hover:bg-red-500/10"
    >
      <Trash2 className="size-4" aria-hidden="true" />
    </button>
  );
}
