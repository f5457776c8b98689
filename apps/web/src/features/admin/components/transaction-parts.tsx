import type { TAdminTransaction } from '@coinlane/core/api/admin-transactions';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { transactionStatusTone } from '../utils/transactions.ts';
import { RiskScore } from './admin-parts.tsx';

/** The spec's status badge, and the payment's own status or exception beneath when it says more. */
export function TransactionStatus({
  tx,
}: {
  tx: Pick<TAdminTransaction, 'status' | 'paymentStatus' | 'exception'>;
}) {
  const { t } = useTranslation('adminTransactions');
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
    </span>
  );
}

/** A transaction's risk score out of 10 (the rule set's; 5 until scored: decision 021). */
export function Risk({ score }: { score: number }) {
  return <RiskScore score={score} />;
}
