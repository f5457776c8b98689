import type { TAdminTransaction } from '@coinlane/core/api/admin-transactions';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { transactionStatusTone } from '../utils/transactions.ts';
import { riskTone } from '../utils/users.ts';

/** The spec's status badge, and the payment's own status or exception beneath when it says more. */
export function TransactionStatus({
  tx,
}: {
  tx: Pick<TAdminTransaction, 'status' | 'paymentStatus' | 'exception'> & {
    refundState?: TAdminTransaction['refundState'];
  };
}) {
  const { t } = useTranslation('adminTransactions');
  const { t: tRefund } = useTranslation('adminRefunds');
  const more =
    tx.exception !== 'none'
      ? t(`exception.${tx.exception}`)
      : tx.paymentStatus === 'partial' || tx.paymentStatus === 'expired'
        ? t(`paymentStatus.${tx.paymentStatus}`)
        : null;
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <Badge tone={transactionStatusTone(tx.status)} dot>
        {t(`status.${tx.status}`)}
      </Badge>
      {more && <span className="text-xs text-slate-500 dark:text-slate-400">{more}</span>}
      {tx.refundState === 'partial' && (
        <span className="text-xs text-slate-500 dark:text-slate-400">{tRefund('partial')}</span>
      )}
    </span>
  );
}

/**
 * A transaction's risk score out of 10 in its band's colour (the rule set's; 5 until scored: decision 021), compact
 * for the table: with a shield when it has fraud flags (named in its title and for screen readers).
 */
export function Risk({ score, flags = [] }: { score: number; flags?: readonly string[] }) {
  const { t } = useTranslation('admin');
  const tone = riskTone(score);
  const named = flags.map((f) => f.replaceAll('_', ' ')).join(', ');
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap" title={named || undefined}>
      <span className={cn('font-mono text-sm font-semibold tabular-nums', riskText[tone])}>
        {t('users.risk', { score })}
      </span>
      {flags.length > 0 && (
        <>
          <ShieldAlert className={cn('size-3.5', riskText[tone])} aria-hidden="true" />
          <span className="sr-only">{named}</span>
        </>
      )}
    </span>
  );
}

const riskText = {
  green: 'text-green-700 dark:text-green-400',
  yellow: 'text-yellow-700 dark:text-yellow-300',
  red: 'text-red-700 dark:text-red-400',
} as const;
