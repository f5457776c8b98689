import type { TTransaction, TTransactionStatus } from '@coinlane/core/api/transactions';
import { Check, Copy, ExternalLink, Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCrypto } from '../../../lib/amounts.ts';

const TONE: Record<TTransactionStatus, BadgeTone> = { confirmed: 'green', pending: 'yellow', failed: 'red' };

/** An expired or cancelled attempt that money reached after its window: shown as paid late, not failed. */
const lateUnaccepted = (tx: TTransaction) => tx.status === 'failed' && tx.exception === 'paid_late';
/** Money arrived that is not simply the amount due (less, more, or late): the received amount shows too. */
const showsReceived = (tx: TTransaction) =>
  tx.amountReceived !== '0' && (tx.amountReceived !== tx.amount || tx.exception === 'paid_late');

function StatusBadge({ tx }: { tx: TTransaction }) {
  const { t } = useTranslation('dashboard');
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {lateUnaccepted(tx) ? (
        <Badge tone="amber" dot>
          {t('recent.paidLate')}
        </Badge>
      ) : (
        <Badge tone={TONE[tx.status]} dot>
          {t(`recent.status.${tx.status}`)}
        </Badge>
      )}
      {/* Money sent back is told here as on the Transactions screen: a refunded payment is not simply confirmed. */}
      {tx.refundState !== 'none' && (
        <Badge tone={tx.refundState === 'full' ? 'brand' : 'grey'}>
          <span data-testid="recent-refund-state">{t(`recent.refund.${tx.refundState}`)}</span>
        </Badge>
      )}
    </span>
  );
}

/** An id as its first 8 and last 6 characters (merchant spec 9). */
export const shortId = (id: string) => (id.length <= 17 ? id : `${id.slice(0, 8)}...${id.slice(-6)}`);

function CopyId({ id }: { id: string }) {
  const { t } = useTranslation('dashboard');
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={t('recent.copyId')}
      title={t('recent.copyId')}
      onClick={() =>
        void navigator.clipboard?.writeText(id).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        })
      }
      className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 dark:hover:bg-white/5 dark:hover:text-slate-200"
    >
      {copied ? (
        <Check className="size-3.5 text-green-600" aria-hidden="true" />
      ) : (
        <Copy className="size-3.5" aria-hidden="true" />
      )}
    </button>
  );
}

/** The last 10 transactions (merchant spec 2): Transaction ID, Amount, Crypto, Status, Date, Actions. */
export function RecentTransactions({
  rows,
  loading,
  allTransactions,
}: {
  rows: readonly TTransaction[] | undefined;
  loading: boolean;
  allTransactions?: string;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (loading) {
    return (
      <div className="space-y-3 p-5" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </div>
    );
  }
  if (!rows || rows.length === 0) {
    return (
      <div className="flex flex-col items-center px-6 py-14 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-400 dark:bg-white/5 dark:text-slate-500">
          <Receipt className="size-6" aria-hidden="true" />
        </span>
        <p className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">{t('recent.empty')}</p>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('recent.emptyHint')}</p>
      </div>
    );
  }
  return (
    <>
      {/* Phones: one stacked entry per transaction, the same fields. */}
      <ul
        className="divide-y divide-slate-100 sm:hidden dark:divide-white/5"
        data-testid="recent-transactions-list"
      >
        {rows.map((tx) => (
          <li key={tx.id} className="flex items-start justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-medium tabular-nums text-slate-900 dark:text-white">
                {formatCrypto(tx.amount, tx.currency, i18n.language)}{' '}
                <span className="text-slate-500">{tx.currency}</span>
              </p>
              {showsReceived(tx) && (
                <p
                  className="text-xs tabular-nums text-slate-500 dark:text-slate-400"
                  data-testid="recent-received"
                >
                  {t('recent.received', {
                    amount: `${formatCrypto(tx.amountReceived, tx.currency, i18n.language)} ${tx.currency}`,
                  })}
                </p>
              )}
              <p className="inline-flex items-center gap-1 font-mono text-xs text-slate-500">
                <span title={tx.id}>{shortId(tx.id)}</span>
                <CopyId id={tx.id} />
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {date.format(new Date(tx.createdAt))}
              </p>
            </div>
            <StatusBadge tx={tx} />
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[40rem] text-left text-sm" data-testid="recent-transactions">
          <thead className="text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
            <tr className="border-b border-slate-200 dark:border-white/10">
              <th scope="col" className="px-5 py-2.5 font-medium">
                {t('recent.columns.id')}
              </th>
              <th scope="col" className="px-3 py-2.5 text-right font-medium">
                {t('recent.columns.amount')}
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                {t('recent.columns.crypto')}
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                {t('recent.columns.status')}
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                {t('recent.columns.date')}
              </th>
              <th scope="col" className="px-5 py-2.5 text-right font-medium">
                {t('recent.columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-white/5">
            {rows.map((tx) => (
              <tr key={tx.id} data-id={tx.id}>
                <td className="px-5 py-3">
                  <span className="inline-flex items-center gap-1 font-mono text-xs text-slate-700 dark:text-slate-300">
                    <span title={tx.id}>{shortId(tx.id)}</span>
                    <CopyId id={tx.id} />
                  </span>
                </td>
                <td className="px-3 py-3 text-right font-medium whitespace-nowrap tabular-nums text-slate-900 dark:text-white">
                  {formatCrypto(tx.amount, tx.currency, i18n.language)}
                  {showsReceived(tx) && (
                    <span
                      className="block text-xs font-normal text-slate-500 dark:text-slate-400"
                      data-testid="recent-received"
                    >
                      {t('recent.received', {
                        amount: formatCrypto(tx.amountReceived, tx.currency, i18n.language),
                      })}
                    </span>
                  )}
                </td>
                <td className="px-3 py-3 text-slate-600 dark:text-slate-300">{tx.currency}</td>
                <td className="px-3 py-3">
                  <StatusBadge tx={tx} />
                </td>
                <td className="whitespace-nowrap px-3 py-3 text-slate-500 dark:text-slate-400">
                  {date.format(new Date(tx.createdAt))}
                </td>
                <td className="px-5 py-3 text-right">
                  {allTransactions && (
                    <Link
                      to={`${allTransactions}?search=${encodeURIComponent(tx.id)}`}
                      className="inline-flex items-center gap-1 text-xs font-medium text-brand-600 hover:text-brand-500 dark:text-brand-400"
                    >
                      {t('recent.view')}
                      <ExternalLink className="size-3" aria-hidden="true" />
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
