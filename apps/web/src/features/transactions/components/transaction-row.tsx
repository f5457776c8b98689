import type { TTransaction, TTransactionStatus } from '@coinlane/core/api/transactions';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { formatCrypto, formatUsd } from '../../../lib/amounts.ts';
import { AcceptLatePayment } from './accept-late-payment.tsx';
import { ForwarderFunds } from './forwarder-funds.tsx';
import { offersRefunds, RefundButton } from './refund-dialog.tsx';

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

/** An expired or cancelled attempt that money reached after its window: shown as paid late, not failed. */
export const isUnacceptedLate = (tx: TTransaction) => tx.status === 'failed' && tx.exception === 'paid_late';

/**
 * Whether the row shows what was received beside what was due: money arrived that is not simply the amount due
 * (less, more, or late).
 */
export const showsReceived = (tx: TTransaction) =>
  tx.amountReceived !== '0' && (tx.amountReceived !== tx.amount || tx.exception === 'paid_late');

/**
 * One transaction: amount with crypto and USD (and, when money arrived that is not simply the amount due, what
 * was received, what was due and the excess), status, customer, description, date and time, progress, and for
 * a late payment its flag and the merchant's Accept.
 */
export function TransactionRow({ tx }: { tx: TTransaction }) {
  const { t, i18n } = useTranslation('transactions');
  const { t: tr } = useTranslation('refunds');
  const created = new Date(tx.createdAt);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(created);
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(created);
  const late = isUnacceptedLate(tx);
  const received = showsReceived(tx);
  const allConfirmed = tx.amountConfirmed === tx.amountReceived;
  const extra =
    tx.paymentStatus !== tx.status
      ? t(`paymentStatus.${tx.paymentStatus}`)
      : tx.exception === 'paid_late'
        ? t('exception.paid_late_accepted')
        : tx.exception === 'paid_over'
          ? t(`exception.${tx.exception}`)
          : null;
  // With money received that is not simply the amount due, the USD value is that of the confirmed money (what the
  // volume counts); before it is confirmed, the amount due's, said as such.
  const usdLine =
    received && allConfirmed && tx.usdConfirmed !== null
      ? formatUsd(tx.usdConfirmed, i18n.language)
      : tx.usdAmount === null
        ? '—'
        : received
          ? t('usdDue', { value: formatUsd(tx.usdAmount, i18n.language) })
          : formatUsd(tx.usdAmount, i18n.language);
  const lateNote = !late
    ? null
    : tx.canAccept
      ? t('late.ready')
      : allConfirmed
        ? t('late.short')
        : t('late.waiting');
  return (
    <li
      className="grid gap-3 px-4 py-4 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1.4fr)_auto] sm:items-center sm:px-5"
      data-testid="transaction-row"
      data-id={tx.id}
      data-status={tx.status}
    >
      <div className="min-w-0">
        {received ? (
          <>
            <p className="font-semibold tabular-nums text-slate-900 dark:text-white">
              <span data-testid="tx-received">
                {formatCrypto(tx.amountReceived, tx.currency, i18n.language)}
              </span>{' '}
              <span className="text-slate-500">{tx.currency}</span>{' '}
              <span className="text-xs font-normal text-slate-500">{t('amounts.received')}</span>
            </p>
            <p className="text-sm tabular-nums text-slate-500 dark:text-slate-400">
              <span data-testid="tx-due">
                {t('amounts.due', {
                  amount: formatCrypto(tx.amount, tx.currency, i18n.language),
                  currency: tx.currency,
                })}
              </span>
              {tx.amountExcess !== '0' && (
                <>
                  {' · '}
                  <span className="text-amber-700 dark:text-amber-300" data-testid="tx-excess">
                    {t('amounts.excess', {
                      amount: formatCrypto(tx.amountExcess, tx.currency, i18n.language),
                      currency: tx.currency,
                    })}
                  </span>
                </>
              )}
            </p>
          </>
        ) : (
          <p className="font-semibold tabular-nums text-slate-900 dark:text-white">
            <span data-testid="tx-amount">{formatCrypto(tx.amount, tx.currency, i18n.language)}</span>{' '}
            <span className="text-slate-500">{tx.currency}</span>
          </p>
        )}
        <p className="text-sm tabular-nums text-slate-500 dark:text-slate-400" data-testid="tx-usd">
          {usdLine}
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
          <Badge tone={late ? 'amber' : STATUS_TONE[tx.status]} dot>
            <span data-testid="tx-status">{late ? t('exception.paid_late') : t(`status.${tx.status}`)}</span>
          </Badge>
          {extra && <Badge tone="grey">{extra}</Badge>}
          {tx.refundState !== 'none' && (
            <Badge tone={tx.refundState === 'full' ? 'brand' : 'grey'}>
              <span data-testid="tx-refund-state">{tr(`state.${tx.refundState}`)}</span>
            </Badge>
          )}
        </div>
        {(tx.status === 'pending' || (late && !allConfirmed)) && (
          <ConfirmationsBar confirmations={tx.confirmations} required={tx.requiredConfirmations} />
        )}
        {lateNote && (
          <p
            className="max-w-64 text-xs text-slate-500 sm:text-right dark:text-slate-400"
            data-testid="late-note"
          >
            {lateNote}
          </p>
        )}
        {tx.canAccept && <AcceptLatePayment tx={tx} />}
        <ForwarderFunds tx={tx} />
        {offersRefunds(tx) && <RefundButton tx={tx} />}
      </div>
    </li>
  );
}
