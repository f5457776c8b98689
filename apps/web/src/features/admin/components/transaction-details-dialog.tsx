import { isApprovable, type TAdminTransactionDetails } from '@coinlane/core/api/admin-transactions';
import { hasPermission } from '@coinlane/core/permissions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCrypto, formatFiat, formatPercent, formatUsd } from '../../../lib/amounts.ts';
import { useSession } from '../../../lib/auth.ts';
import { adminTransactionsKey, downloadTransactionExport } from '../api/admin-transactions-api.ts';
import { useAdminTransaction } from '../hooks/use-admin-transactions.ts';
import { formatListDate } from '../utils/format.ts';
import { saveFile } from '../utils/save-file.ts';
import { DetailSection } from './admin-parts.tsx';
import { AdminRefundsSection, IssueRefundButton } from './admin-refund-dialog.tsx';
import { ApproveTransactionForm } from './approve-transaction-form.tsx';
import { RiskAssessment } from './risk-parts.tsx';
import { TransactionStatus } from './transaction-parts.tsx';

/** Details dates: a long date and time (admin spec 9), in the reader's language. */
function formatLongDate(iso: string, lang: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'medium' }).format(d);
}

/**
 * The details dialog of Transaction Management (admin spec 2): Transaction Information, Merchant & Customer,
 * Risk Assessment with the fraud flags, Fee Information, then the transfers seen on chain and the audit trail.
 * Export Details downloads them as a file (audited by the server). Approve (transactions.write, a reason; only
 * for a payment whose money arrived but is not confirmed by the rules) opens its form at the top (decision 021).
 */
export function TransactionDetailsDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('adminTransactions');
  const { t: tRisk } = useTranslation('adminRisk');
  const qc = useQueryClient();
  const details = useAdminTransaction(id);
  const exporting = useMutation({
    mutationFn: (txId: string) => downloadTransactionExport(txId),
    onSuccess: ({ blob, fileName }, txId) => {
      saveFile(blob, fileName);
      // The export is in the audit trail now.
      void qc.invalidateQueries({ queryKey: [...adminTransactionsKey, 'details', txId] });
    },
  });
  // Approve (decision 021)
  const { user: viewer } = useSession();
  const [approving, setApproving] = useState(false);
  const [approved, setApproved] = useState(false);
  const close = () => {
    exporting.reset();
    setApproving(false);
    setApproved(false);
    onClose();
  };
  const d = details.data;
  const canApprove =
    !!d &&
    hasPermission(viewer, 'transactions.write') &&
    isApprovable({
      paymentStatus: d.transaction.paymentStatus,
      amountReceived: d.transaction.amounts.received.crypto,
    });

  return (
    <Dialog
      open={id !== null}
      onClose={close}
      closeLabel={t('details.close')}
      title={t('details.title')}
      description={id ? <span className="font-mono text-xs">{id}</span> : undefined}
      className="max-w-4xl"
      footer={
        <>
          <IssueRefundButton id={id} status={d?.transaction.status} />
          <Button variant="outline" onClick={close}>
            {t('details.close')}
          </Button>
          {canApprove && !approving && (
            <Button variant="outline" onClick={() => setApproving(true)}>
              <CheckCircle2 className="size-4" aria-hidden="true" />
              {tRisk('approve')}
            </Button>
          )}
          <Button
            onClick={() => id && exporting.mutate(id)}
            loading={exporting.isPending}
            disabled={!d || exporting.isPending}
          >
            {!exporting.isPending && <Download className="size-4" aria-hidden="true" />}
            {t('details.exportDetails')}
          </Button>
        </>
      }
    >
      {approved && (
        <Banner tone="success" className="mb-5">
          {tRisk('approved')}
        </Banner>
      )}
      {approving && id && canApprove && (
        <ApproveTransactionForm
          id={id}
          onCancel={() => setApproving(false)}
          onApproved={() => {
            setApproving(false);
            setApproved(true);
          }}
        />
      )}
      {exporting.isError && <Banner className="mb-5">{t('details.exportFailed')}</Banner>}
      {exporting.isSuccess && (
        <Banner tone="success" className="mb-5">
          {t('details.exported', { file: exporting.data.fileName })}
        </Banner>
      )}
      {details.isPending ? (
        <div className="flex justify-center py-16 text-brand-500">
          <Spinner className="size-6" label={t('details.loading')} />
        </div>
      ) : details.isError || !d ? (
        <div className="flex flex-col items-center gap-4 py-8">
          <Banner className="w-full">{t('details.loadFailed')}</Banner>
          <Button variant="outline" onClick={() => void details.refetch()} loading={details.isFetching}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <DetailsBody d={d} />
      )}
    </Dialog>
  );
}

function DetailsBody({ d }: { d: TAdminTransactionDetails }) {
  const { t, i18n } = useTranslation('adminTransactions');
  const { t: tRisk } = useTranslation('adminRisk');
  const lang = i18n.language;
  const tx = d.transaction;
  const coin = (v: string) => `${formatCrypto(v, tx.currency, lang)} ${tx.currency}`;
  const pair = (p: { crypto: string; usd: string | null }) => (
    <>
      <span className="tabular-nums">{coin(p.crypto)}</span>
      {p.usd !== null && (
        <span className="block text-xs font-normal text-slate-500 tabular-nums dark:text-slate-400">
          {formatUsd(p.usd, lang)}
        </span>
      )}
    </>
  );
  const notRecorded = <Muted>{t('details.notRecorded')}</Muted>;
  const fee = d.fees.platformFee;

  return (
    <div className="space-y-6">
      {/* Two columns that stack on their own: the long Transaction Information on the left, the rest on the right. */}
      <div className="grid grid-cols-1 items-start gap-6 md:grid-cols-2">
        <DetailSection title={t('details.transactionInformation')}>
          <dl className="space-y-2.5">
            <Item label={t('details.id')}>
              <Mono>{tx.id}</Mono>
            </Item>
            <Item label={t('details.status')}>
              <TransactionStatus tx={tx} />
            </Item>
            <Item label={t('details.paymentStatus')}>{t(`paymentStatus.${tx.paymentStatus}`)}</Item>
            <Item label={t('details.exception')}>{t(`exception.${tx.exception}`)}</Item>
            {tx.failureReason && <Item label={t('details.failureReason')}>{tx.failureReason}</Item>}
            <Item label={t('details.mode')}>
              <Badge tone={tx.mode === 'live' ? 'green' : 'amber'}>{t(`details.modes.${tx.mode}`)}</Badge>
            </Item>
            <Item label={t('details.amountDue')}>{pair(tx.amounts.due)}</Item>
            {tx.fiatAmount && tx.fiatCurrency && tx.fiatCurrency !== 'USD' && (
              <Item label={t('details.price')}>{formatFiat(tx.fiatAmount, tx.fiatCurrency, lang)}</Item>
            )}
            <Item label={t('details.amountReceived')}>{pair(tx.amounts.received)}</Item>
            <Item label={t('details.amountConfirmed')}>{pair(tx.amounts.confirmed)}</Item>
            {Number(tx.amounts.late.crypto) > 0 && (
              <Item label={t('details.amountLate')}>{pair(tx.amounts.late)}</Item>
            )}
            {Number(tx.amounts.excess.crypto) > 0 && (
              <Item label={t('details.amountExcess')}>{pair(tx.amounts.excess)}</Item>
            )}
            <Item label={t('details.network')}>{tx.networkName}</Item>
            <Item label={t('details.address')}>
              <Mono>{tx.address}</Mono>
            </Item>
            <Item label={t('details.txHash')}>{tx.txHash ? <Mono>{tx.txHash}</Mono> : <Muted>—</Muted>}</Item>
            <Item label={t('details.confirmations')}>
              {t('details.confirmationsValue', {
                count: tx.confirmations,
                required: tx.requiredConfirmations,
              })}
            </Item>
            <Item label={t('details.created')}>{formatLongDate(tx.createdAt, lang)}</Item>
            <Item label={t('details.confirmed')}>
              {tx.confirmedAt ? formatLongDate(tx.confirmedAt, lang) : <Muted>{t('details.notYet')}</Muted>}
            </Item>
            <Item label={t('details.expires')}>{formatLongDate(tx.expiresAt, lang)}</Item>
            {tx.description && <Item label={t('details.description')}>{tx.description}</Item>}
            {tx.paymentLinkId && (
              <Item label={t('details.paymentLink')}>
                <Mono>{tx.paymentLinkId}</Mono>
                <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">
                  {t('details.attempt', { n: tx.attempt })}
                </span>
              </Item>
            )}
          </dl>
        </DetailSection>

        <div className="min-w-0 space-y-6">
          <DetailSection title={t('details.merchantAndCustomer')}>
            <dl className="space-y-2.5">
              <Item label={t('details.merchant')}>{d.merchant.label}</Item>
              <Item label={t('details.merchantId')}>
                <Mono>{d.merchant.id}</Mono>
              </Item>
              <Item label={t('details.merchantEmail')}>{d.merchant.email ?? notRecorded}</Item>
              <Item label={t('details.customerEmail')}>
                {d.customer.email ?? <Muted>{t('noEmail')}</Muted>}
              </Item>
              <Item label={t('details.customerIp')}>
                {d.customer.ip ??
                  (d.customer.country ? <Muted>{tRisk('customerIpDeleted')}</Muted> : notRecorded)}
              </Item>
              <Item label={t('details.customerCountry')}>{d.customer.country ?? notRecorded}</Item>
            </dl>
          </DetailSection>

          <DetailSection title={t('details.riskAssessment')}>
            <RiskAssessment risk={d.risk} />
          </DetailSection>

          {d.approval && (
            <DetailSection title={tRisk('approval')}>
              <p className="text-sm text-slate-700 dark:text-slate-200">
                {tRisk('approvedBy', {
                  who: d.approval.approvedBy ?? t('details.actors.admin'),
                  date: formatLongDate(d.approval.approvedAt, lang),
                })}
              </p>
              {d.approval.reason && (
                <p className="mt-2 text-sm text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100">
                  {d.approval.reason}
                </p>
              )}
            </DetailSection>
          )}

          <DetailSection title={t('details.feeInformation')}>
            <dl className="space-y-2.5">
              <Item label={t('details.platformFee')}>
                {fee ? (
                  <>
                    <span className="tabular-nums">{`${formatCrypto(fee.amount, fee.currency, lang)} ${fee.currency}`}</span>
                    {fee.usd !== null && (
                      <span className="block text-xs font-normal text-slate-500 tabular-nums dark:text-slate-400">
                        {formatUsd(fee.usd, lang)}
                      </span>
                    )}
                  </>
                ) : (
                  <Muted>—</Muted>
                )}
              </Item>
              {fee && (
                <>
                  <Item label={t('details.feeRate')}>{formatPercent(fee.percentage, lang)}</Item>
                  <Item label={t('details.feeStatus')}>{t(`details.feeStatuses.${fee.status}`)}</Item>
                </>
              )}
              <Item label={t('details.networkFee')}>
                {d.fees.networkFee ? (
                  `${formatCrypto(d.fees.networkFee.amount, d.fees.networkFee.currency, lang)} ${d.fees.networkFee.currency}`
                ) : (
                  <Muted>{t('details.networkFeeUnknown')}</Muted>
                )}
              </Item>
            </dl>
            {!fee && (
              <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">{t('details.noPlatformFee')}</p>
            )}
          </DetailSection>
        </div>
      </div>

      <DetailSection title={t('details.transfers')}>
        {d.transfers.length === 0 ? (
          <Muted>{t('details.noTransfers')}</Muted>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-white/5">
            {d.transfers.map((tr) => (
              <li
                key={tr.id}
                className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4"
              >
                <Mono className="min-w-0 flex-1 truncate">{`${tr.txid}:${tr.outputIndex}`}</Mono>
                <span className="text-sm font-medium tabular-nums">{coin(tr.amount)}</span>
                <span className="flex flex-wrap items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
                  <Badge
                    tone={tr.status === 'confirmed' ? 'green' : tr.status === 'pending' ? 'yellow' : 'grey'}
                  >
                    {t(`details.transferStatuses.${tr.status}`)}
                  </Badge>
                  {tr.late && <Badge tone="amber">{t('details.transferLate')}</Badge>}
                  <span>
                    {t('details.confirmationsValue', {
                      count: tr.confirmations,
                      required: tx.requiredConfirmations,
                    })}
                  </span>
                  <span>· {t('details.seen', { date: formatListDate(tr.seenAt, lang) })}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </DetailSection>

      <AdminRefundsSection id={tx.id} />
      <DetailSection title={t('details.auditTrail')}>
        {d.auditTrail.length === 0 ? (
          <Muted>{t('details.noAudit')}</Muted>
        ) : (
          <ol className="space-y-2">
            {d.auditTrail.map((a) => (
              <li key={a.id} className="flex flex-col gap-0.5 text-sm sm:flex-row sm:items-baseline sm:gap-3">
                <span className="shrink-0 text-xs text-slate-500 tabular-nums sm:w-32 dark:text-slate-400">
                  {formatListDate(a.createdAt, lang)}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="font-mono text-xs font-medium text-slate-900 dark:text-slate-100">
                    {a.action}
                  </span>
                  <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">
                    {t(`details.actors.${a.actorType}`)}
                    {a.actorId && a.actorType !== 'system' ? ` · ${a.actorId}` : ''}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </DetailSection>
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <dt className="shrink-0 text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-medium text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100">
        {children}
      </dd>
    </div>
  );
}

function Mono({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={cn('font-mono text-xs', className)}>{children}</span>;
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-sm font-normal text-slate-500 dark:text-slate-400">{children}</span>;
}
