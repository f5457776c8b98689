import type { TAdminTransactionDetails } from '@coinlane/core/api/admin-transactions';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatListDate } from '../utils/format.ts';
import { RiskScore } from './admin-parts.tsx';

/** A fraud flag as the screens show it: underscores as spaces (admin spec 3). */
export const flagLabel = (flag: string) => flag.replaceAll('_', ' ');

/**
 * The Risk Assessment of the details dialog (decision 021): the score with its band colour, when it was scored,
 * the fraud flags, the payer addresses the watchers saw, and what the score means.
 */
export function RiskAssessment({ risk }: { risk: TAdminTransactionDetails['risk'] }) {
  const { t: tx, i18n } = useTranslation('adminTransactions');
  const { t } = useTranslation('adminRisk');
  const lang = i18n.language;
  return (
    <div className="space-y-3">
      <dl className="space-y-2.5">
        <div className="flex items-start justify-between gap-4">
          <dt className="shrink-0 text-sm text-slate-500 dark:text-slate-400">{tx('details.riskScore')}</dt>
          <dd className="min-w-0 text-right text-sm font-medium">
            <RiskScore score={risk.riskScore} />
            <span className="mt-0.5 block text-xs font-normal text-slate-500 dark:text-slate-400">
              {risk.scoredAt
                ? t('scoredAt', { date: formatListDate(risk.scoredAt, lang) })
                : t('notScoredYet')}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500 dark:text-slate-400">{tx('details.fraudFlags')}</dt>
          <dd className="mt-1.5">
            {risk.fraudFlags.length === 0 ? (
              <span className="text-sm text-slate-500 dark:text-slate-400">{tx('details.noFraudFlags')}</span>
            ) : (
              <ul className="flex flex-wrap gap-1.5">
                {risk.fraudFlags.map((flag) => (
                  <li key={flag}>
                    <Badge tone={flag === 'sanctioned_payer_address' ? 'red' : 'amber'}>
                      {flagLabel(flag)}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500 dark:text-slate-400">{t('payerAddresses')}</dt>
          <dd className="mt-1.5">
            {risk.payerAddresses.length === 0 ? (
              <span className="text-sm text-slate-500 dark:text-slate-400">{t('noPayerAddresses')}</span>
            ) : (
              <ul className="space-y-1">
                {risk.payerAddresses.map((a) => (
                  <li key={a} className="font-mono text-xs [overflow-wrap:anywhere]">
                    {a}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      <p className="flex items-start gap-1.5 text-xs text-slate-500 dark:text-slate-400">
        <ShieldAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        {t('rulesNote')}
      </p>
    </div>
  );
}
