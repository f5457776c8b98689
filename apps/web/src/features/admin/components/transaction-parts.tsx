import type { TAdminTransaction } from '@coinlane/core/api/admin-transactions';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { transactionStatusTone } from '../utils/transactions.ts';
import { RiskScore } from './admin-parts.tsx';

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

/** A risk score out of 10, or 'Not scored' (no payment is scored yet): never a made-up number. */
export function Risk({ score }: { score: number | null }) {
  const { t } = useTranslation('adminTransactions');
  if (score === null)
    return (
      <span className="whitespace-nowrap text-xs text-slate-500 dark:text-slate-400">{t('notScored')}</span>
    );
  return <RiskScore score={score} />;
}
