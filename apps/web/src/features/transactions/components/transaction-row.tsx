import type { TTransaction, TTransactionStatus } from '@coinlane/core/api/transactions';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { ForwarderFunds } from './forwarder-funds.tsx';

export const STATUS_TONE: Record<TTransactionStatus, BadgeTone> = {
  confirmed: 'green',
  pending: 'yellow',
  failed: 'red',
};

/** Confirmations received out of those required, as a bar (merchant spec 2: pending rows). */
export function ConfirmationsBar({ confirmations, required }: { confirmations: number; required: number }) {
  const { t } = useTranslation('transactions');
  const pct = required > 0 ? Math.min(100, Math.round((confirmations / required) * 100)) : 0;
  return (
    <div className="w-full min-w-32 sm:max-w-48" data-testid="confirmations">
      <div className="flex items-center justify-between text-xs text-slate-500 dark:text-slate-400">
        <span>{t('confirmations')}</span>
        <span
          className="font-medium tabular-nums text-slate-700 dark:text-slate-200"
          data-testid="confirmations-value"
        >
          {t('confirmationsValue', { count: confirmations, required })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('confirmations')}
        aria-valuemin={0}
        aria-valuemax={required}
        aria-valuenow={confirmations}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-white/10"
      >
        <div
          className="h-full rounded-full bg-amber-500 transition-[width] duration-500"
          style={{ width: `${pct}%` }}
        />
      </div>
    </div>
  );
}

/** One transaction: amount with crypto and USD, status, customer, description, date and time, progress. */
export function TransactionRow({ tx }: { tx: TTransaction }) {
  const { t, i18n } = useTranslation('transactions');
  const usd = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
  const created = new Date(tx.createdAt);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(created);
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(created);
  const extra =
    tx.paymentStatus !== tx.status
      ? t(`paymentStatus.${tx.paymentStatus}`)
      : tx.exception === 'paid_over' || tx.exception === 'paid_late'
        ? t(`exception.${tx.exception}`)
        : null;
  return (
    <li
      className="grid gap-3 px-4 py-4 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1.4fr)_auto] sm:items-center sm:px-5"
      data-testid="transaction-row"
      data-id={tx.id}
      data-status={tx.status}
    >
      <div className="min-w-0">
        <p className="font-semibold tabular-nums text-slate-900 dark:text-white">
          <span data-testid="tx-amount">{tx.amount}</span>{' '}
          <span className="text-slate-500">{tx.currency}</span>
        </p>
        <p className="text-sm tabular-nums text-slate-500 dark:text-slate-400">
          {tx.usdAmount !== null ? t('usdValue', { value: usd.format(tx.usdAmount as `${number}`) }) : '—'}
        </p>
        <p className="mt-0.5 truncate font-mono text-xs text-slate-400" title={tx.id}>
          {tx.id}
        </p>
      </div>
      <div className="min-w-0 space-y-0.5 text-sm">
        <p
          className={
            tx.customerEmail ? 'truncate text-slate-800 dark:text-slate-200' : 'text-slate-400 italic'
          }
        >
          {tx.customerEmail ?? t('noEmail')}
        </p>
        <p
          className={tx.description ? 'truncate text-slate-600 dark:text-slate-300' : 'text-slate-400 italic'}
        >
          {tx.description ?? t('noDescription')}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          <time dateTime={tx.createdAt}>
            {date} · {time}
          </time>
        </p>
      </div>
      <div className="flex flex-col items-start gap-2 sm:items-end">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone={STATUS_TONE[tx.status]} dot>
            <span data-testid="tx-status">{t(`status.${tx.status}`)}</span>
          </Badge>
          {extra && <Badge tone="grey">{extra}</Badge>}
        </div>
        {tx.status === 'pending' && (
          <ConfirmationsBar confirmations={tx.confirmations} required={tx.requiredConfirmations} />
        )}
        <ForwarderFunds tx={tx} />
      </div>
    </li>
  );
}
