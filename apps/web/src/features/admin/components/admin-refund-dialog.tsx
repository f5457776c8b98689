import type { TAdminTransaction } from '@coinlane/core/api/admin-transactions';
import type { TPaymentRefunds } from '@coinlane/core/api/refunds';
import { LANGUAGE_NAMES, LANGUAGES, type TLanguage } from '@coinlane/core/options';
import { hasPermission } from '@coinlane/core/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCrypto } from '../../../lib/amounts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.ts';
import { fetchAdminRefunds, issueAdminRefund } from '../api/admin-refunds-api.ts';
import { adminTransactionsKey } from '../api/admin-transactions-api.ts';
import { DetailSection } from './admin-parts.tsx';

const TONE: Record<TPaymentRefunds['refunds'][number]['status'], BadgeTone> = {
  awaiting_address: 'yellow',
  awaiting_payment: 'amber',
  paid: 'green',
  canceled: 'grey',
  expired: 'grey',
};

const refundsKey = (id: string) => [...adminTransactionsKey, 'refunds', id] as const;

/** Issue Refund is offered on completed transactions (admin spec 2), partially refunded ones included. */
export const offersIssueRefund = (tx: Pick<TAdminTransaction, 'status'>) => tx.status === 'completed';

/** The Issue Refund dialog (transactions.refund; decision 022): refundable figures, amount, reason, customer's language. */
export function AdminRefundDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('adminRefunds');
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: refundsKey(id ?? ''),
    queryFn: () => fetchAdminRefunds(id!),
    enabled: id !== null,
    staleTime: 0,
  });
  const [amount, setAmount] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [language, setLanguage] = useState<TLanguage>('en');
  const [error, setError] = useState<{ field?: string; text: string } | null>(null);
  const issue = useMutation({
    mutationFn: () =>
      issueAdminRefund(id!, {
        amount: (amount ?? q.data?.refundable ?? '').trim(),
        ...(reason.trim() ? { reason } : {}),
        language,
      }),
    onSettled: () => void qc.invalidateQueries({ queryKey: adminTransactionsKey }),
  });
  const close = () => {
    if (issue.isPending) return;
    issue.reset();
    setAmount(null);
    setReason('');
    setLanguage('en');
    setError(null);
    onClose();
  };
  const d = q.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    issue.mutate(undefined, {
      onError: (err) =>
        setError(
          err instanceof ApiError && err.status > 0 && !err.code.startsWith('HTTP_')
            ? { ...(err.fields.amount ? { field: 'amount' } : {}), text: err.message }
            : { text: t('failed') },
        ),
    });
  };
  const done = issue.data;
  return (
    <Dialog
      open={id !== null}
      onClose={close}
      title={t('title')}
      description={id ? <span className="font-mono text-xs">{id}</span> : undefined}
      closeLabel={t('close')}
      className="max-w-lg"
      footer={
        done ? (
          <Button onClick={close}>{t('close')}</Button>
        ) : (
          <>
            <Button variant="outline" onClick={close} disabled={issue.isPending}>
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              form="admin-refund-form"
              loading={issue.isPending}
              disabled={!d?.canRefund}
              data-testid="admin-refund-submit"
            >
              <Undo2 className="size-4" aria-hidden="true" />
              {t('submit')}
            </Button>
          </>
        )
      }
    >
      <div className="space-y-4 text-sm" data-testid="admin-refund-dialog">
        <p className="text-slate-600 dark:text-slate-300">{t('explain')}</p>
        {q.isPending ? (
          <Spinner className="mx-auto my-6" />
        ) : !d ? (
          <Banner>{t('loadFailed')}</Banner>
        ) : done ? (
          <Banner tone="success">
            <span data-testid="admin-refund-done">
              {done.addressLink ? t('done.link') : t('done.emailed')}
            </span>
            {done.addressLink && (
              <code className="mt-2 block break-all rounded bg-white/70 px-2 py-1 text-xs dark:bg-black/30">
                {done.addressLink}
              </code>
            )}
          </Banner>
        ) : (
          <>
            {/* One under the other on a phone: three side by side leave an 8-decimal amount no room. */}
            <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
              {(['confirmed', 'refunded', 'refundable'] as const).map((k) => (
                <div key={k} className="min-w-0 rounded-lg bg-slate-50 px-3 py-2 dark:bg-white/5">
                  <dt className="text-xs text-slate-500 dark:text-slate-400">{t(`figures.${k}`)}</dt>
                  <dd className="font-semibold tabular-nums text-slate-900 dark:text-white">
                    {formatCrypto(d[k], d.currency, i18n.language)}{' '}
                    <span className="text-xs text-slate-500">{d.currency}</span>
                  </dd>
                </div>
              ))}
            </dl>
            {d.canRefund ? (
              <form id="admin-refund-form" onSubmit={submit} noValidate className="space-y-3">
                <Field
                  label={t('amount', { currency: d.currency })}
                  hint={t('amountHint', {
                    max: formatCrypto(d.refundable, d.currency, i18n.language),
                    currency: d.currency,
                  })}
                  {...(error?.field === 'amount' ? { error: error.text } : {})}
                >
                  {(fid, describedBy) => (
                    <Input
                      id={fid}
                      aria-describedby={describedBy}
                      aria-invalid={error?.field === 'amount' || undefined}
                      inputMode="decimal"
                      value={amount ?? d.refundable}
                      onChange={(e) => setAmount(e.target.value)}
                    />
                  )}
                </Field>
                <Field label={t('reason')}>
                  {(fid) => (
                    <Textarea
                      id={fid}
                      rows={2}
                      maxLength={500}
                      value={reason}
                      onChange={(e) => setReason(e.target.value)}
                    />
                  )}
                </Field>
                <Field label={t('language')} hint={t('languageHint')}>
                  {(fid, describedBy) => (
                    <Select
                      id={fid}
                      aria-describedby={describedBy}
                      value={language}
                      onChange={(e) => setLanguage(e.target.value as TLanguage)}
                    >
                      {LANGUAGES.map((l) => (
                        <option key={l} value={l}>
                          {LANGUAGE_NAMES[l]}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                {error && !error.field && <Banner>{error.text}</Banner>}
              </form>
            ) : (
              <p className="text-slate-500 dark:text-slate-400">{t('cannot')}</p>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}

/** The transaction's refunds in its details dialog. */
export function AdminRefundsSection({ id }: { id: string }) {
  const { t, i18n } = useTranslation('adminRefunds');
  const q = useQuery({ queryKey: refundsKey(id), queryFn: () => fetchAdminRefunds(id), staleTime: 0 });
  return (
    <DetailSection title={t('section')}>
      {q.isPending ? (
        <Spinner className="size-5" />
      ) : !q.data ? (
        <p className="text-sm text-slate-500">{t('loadFailed')}</p>
      ) : q.data.refunds.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm dark:divide-white/5" data-testid="admin-refunds">
          {q.data.refunds.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="font-medium tabular-nums text-slate-900 dark:text-white">
                  {formatCrypto(r.amount, r.currency, i18n.language)} {r.currency}
                </span>{' '}
                <span className="text-xs text-slate-500 dark:text-slate-400">{t(`by.${r.requestedBy}`)}</span>
                {r.address && (
                  <span className="block break-all font-mono text-xs text-slate-500">{r.address}</span>
                )}
                {r.txid && <span className="block break-all font-mono text-xs text-slate-400">{r.txid}</span>}
              </span>
              <Badge tone={TONE[r.status]} dot>
                {t(`status.${r.status}`)}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}

/** Issue Refund in the details dialog's footer: with transactions.refund, on a completed transaction. */
export function IssueRefundButton({
  id,
  status,
}: {
  id: string | null;
  status: TAdminTransaction['status'] | undefined;
}) {
  const { t } = useTranslation('adminRefunds');
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!id || !status || !hasPermission(user, 'transactions.refund') || !offersIssueRefund({ status }))
    return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="admin-refund-open">
        <Undo2 className="size-4" aria-hidden="true" />
        {t('issue')}
      </Button>
      <AdminRefundDialog id={open ? id : null} onClose={() => setOpen(false)} />
    </>
  );
}
