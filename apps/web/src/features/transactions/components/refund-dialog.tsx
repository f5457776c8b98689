import type { TPaymentRefunds, TRefund } from '@coinlane/core/api/refunds';
import type { TTransaction } from '@coinlane/core/api/transactions';
import { LANGUAGE_NAMES, LANGUAGES, type TLanguage } from '@coinlane/core/options';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, ExternalLink, Undo2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
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
import { LIVE_KEYS } from '../../../lib/use-live-payments.ts';
import {
  cancelRefund,
  createRefund,
  fetchPaymentRefunds,
  refundQrUrl,
  simulateRefund,
} from '../api/refunds-api.ts';

export const REFUND_TONE: Record<TRefund['status'], BadgeTone> = {
  awaiting_address: 'yellow',
  awaiting_payment: 'amber',
  paid: 'green',
  canceled: 'grey',
  expired: 'grey',
};

/** Whether a row offers refunds: money confirmed on a closed payment, or refunds already issued. */
export const offersRefunds = (tx: TTransaction) =>
  tx.refundState !== 'none' ||
  (tx.amountConfirmed !== '0' && ['confirmed', 'expired', 'failed'].includes(tx.paymentStatus));

const refundsKey = (paymentId: string) => ['refunds', paymentId] as const;
/** How often an open refund is read again while its dialog is open. */
const OPEN_REFUND_POLL_MS = 4_000;

/** A server refusal as it came (its texts are the catalogue's), else the dialog's own failure text. */
const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status > 0 && !err.code.startsWith('HTTP_') ? err.message : fallback;

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('refunds');
  const [done, setDone] = useState(false);
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setDone(true));
      }}
    >
      <Copy className="size-4" aria-hidden="true" />
      {done ? t('copied') : label}
    </Button>
  );
}

/** One refund: status, amount, who issued it, and what to pay once the customer gave the address. */
function RefundItem({
  refund,
  testMode,
  paymentId,
}: {
  refund: TRefund;
  testMode: boolean;
  paymentId: string;
}) {
  const { t, i18n } = useTranslation('refunds');
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const after = () => {
    void qc.invalidateQueries({ queryKey: refundsKey(paymentId) });
    void qc.invalidateQueries({ queryKey: LIVE_KEYS.transactions });
  };
  const simulate = useMutation({ mutationFn: () => simulateRefund(refund.id), onSettled: after });
  const cancel = useMutation({ mutationFn: () => cancelRefund(refund.id), onSettled: after });
  const amount = formatCrypto(refund.amount, refund.currency, i18n.language);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const open = refund.status === 'awaiting_address' || refund.status === 'awaiting_payment';
  return (
    <li className="space-y-3 py-4" data-testid="refund-item" data-status={refund.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold tabular-nums text-slate-900 dark:text-white">
          {amount} <span className="text-slate-500">{refund.currency}</span>
        </p>
        <Badge tone={REFUND_TONE[refund.status]} dot>
          <span data-testid="refund-status">{t(`status.${refund.status}`)}</span>
        </Badge>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t(`requestedBy.${refund.requestedBy}`)} · {date(refund.createdAt)}
        {refund.reason && (
          <>
            <br />
            {t('reason', { reason: refund.reason })}
          </>
        )}
      </p>
      {refund.status === 'awaiting_address' && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {refund.customerNotified ? t('customerNotified') : t('waitingAddress')}{' '}
          {t('linkUntil', { date: date(refund.linkExpiresAt) })}
        </p>
      )}
      {refund.status === 'awaiting_payment' && refund.address && refund.paymentUri && (
        <div
          className="grid gap-4 rounded-lg border border-amber-200 bg-amber-50/60 p-3 sm:grid-cols-[9rem_minmax(0,1fr)] dark:border-amber-400/20 dark:bg-amber-400/5"
          data-testid="refund-pay"
        >
          <img
            src={refundQrUrl(refund.id)}
            alt={t('qrAlt')}
            className="mx-auto size-36 rounded bg-white p-1"
            data-testid="refund-qr"
          />
          <div className="min-w-0 space-y-2">
            <p className="text-sm font-medium text-slate-800 dark:text-slate-100">
              {t('payTitle', { amount, currency: refund.currency })}
            </p>
            <p
              className="break-all font-mono text-sm text-slate-900 dark:text-white"
              data-testid="refund-address"
            >
              {refund.address}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{t('payHint')}</p>
            <div className="flex flex-wrap gap-2">
              <CopyButton text={refund.address} label={t('copyAddress')} />
              <a
                href={refund.paymentUri}
                className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
                data-testid="refund-uri"
              >
                <ExternalLink className="size-4" aria-hidden="true" />
                {t('openWallet')}
              </a>
            </div>
          </div>
        </div>
      )}
      {refund.status === 'paid' && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {refund.paidAt && t('paidAt', { date: date(refund.paidAt) })}
          {refund.txid && (
            <span className="block break-all font-mono text-xs text-slate-500" data-testid="refund-txid">
              {t('txid', { txid: refund.txid })}
            </span>
          )}
        </p>
      )}
      {open && (
        <div className="flex flex-wrap items-center gap-2">
          {testMode && refund.status === 'awaiting_payment' && (
            <Button
              size="sm"
              loading={simulate.isPending}
              onClick={() => {
                setError(null);
                simulate.mutate(undefined, { onError: (e) => setError(errorText(e, t('failed'))) });
              }}
              data-testid="refund-simulate"
              title={t('simulateHint')}
            >
              {t('simulate')}
            </Button>
          )}
          <Button
            size="sm"
            variant="dangerOutline"
            loading={cancel.isPending}
            onClick={() => {
              setError(null);
              cancel.mutate(undefined, { onError: (e) => setError(errorText(e, t('failed'))) });
            }}
          >
            {t('cancel')}
          </Button>
        </div>
      )}
      {error && <Banner tone="error">{error}</Banner>}
    </li>
  );
}

/** The form of a new refund: amount (at most what is refundable, prefilled), a reason, the customer's language. */
function NewRefund({ data, paymentId }: { data: TPaymentRefunds; paymentId: string }) {
  const { t, i18n } = useTranslation('refunds');
  const qc = useQueryClient();
  const [amount, setAmount] = useState(data.refundable);
  // What is refundable changed (a refund issued, cancelled, expired): the amount offered follows.
  useEffect(() => setAmount(data.refundable), [data.refundable]);
  const [reason, setReason] = useState('');
  const [language, setLanguage] = useState<TLanguage>('en');
  const [error, setError] = useState<{ field?: string; text: string } | null>(null);
  const [created, setCreated] = useState<{ link: string | null } | null>(null);
  const create = useMutation({
    mutationFn: () =>
      createRefund(paymentId, { amount: amount.trim(), ...(reason.trim() ? { reason } : {}), language }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: refundsKey(paymentId) });
      void qc.invalidateQueries({ queryKey: LIVE_KEYS.transactions });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(undefined, {
      onSuccess: (r) => {
        setCreated({ link: r.addressLink });
        setReason('');
      },
      onError: (err) =>
        setError({
          ...(err instanceof ApiError && err.fields.amount ? { field: 'amount' } : {}),
          text: errorText(err, t('failed')),
        }),
    });
  };
  return (
    <div className="space-y-3">
      {created && (
        <Banner tone="success">
          <span data-testid="refund-created">{created.link ? t('created.link') : t('created.emailed')}</span>
          {created.link && (
            <span className="mt-2 flex flex-wrap items-center gap-2">
              <code
                className="break-all rounded bg-white/70 px-2 py-1 text-xs dark:bg-black/30"
                data-testid="refund-link"
              >
                {created.link}
              </code>
              <CopyButton text={created.link} label={t('created.copyLink')} />
            </span>
          )}
        </Banner>
      )}
      {data.canRefund ? (
        <form onSubmit={submit} className="space-y-3" noValidate data-testid="refund-form">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{t('form.title')}</h3>
          <Field
            label={t('form.amount', { currency: data.currency })}
            hint={t('form.amountHint', {
              max: formatCrypto(data.refundable, data.currency, i18n.language),
              currency: data.currency,
            })}
            {...(error?.field === 'amount' ? { error: error.text } : {})}
          >
            {(id, describedBy) => (
              <Input
                id={id}
                aria-describedby={describedBy}
                aria-invalid={error?.field === 'amount' || undefined}
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                name="amount"
              />
            )}
          </Field>
          <Field label={t('form.reason')}>
            {(id) => (
              <Textarea
                id={id}
                rows={2}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </Field>
          <Field label={t('form.language')} hint={t('form.languageHint')}>
            {(id, describedBy) => (
              <Select
                id={id}
                aria-describedby={describedBy}
                value={language}
                onChange={(e) => setLanguage(e.target.value as TLanguage)}
                name="language"
              >
                {LANGUAGES.map((l) => (
                  <option key={l} value={l}>
                    {LANGUAGE_NAMES[l]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {error && !error.field && <Banner tone="error">{error.text}</Banner>}
          <Button type="submit" loading={create.isPending} data-testid="refund-submit">
            <Undo2 className="size-4" aria-hidden="true" />
            {t('form.submit')}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {data.refunds.length > 0 || data.refunded !== '0' ? t('form.cannot') : t('form.notYet')}
        </p>
      )}
    </div>
  );
}

/** The dialog's body: the payment's refund figures, its refunds, and the form of a new one. */
export function PaymentRefunds({ paymentId, testMode }: { paymentId: string; testMode: boolean }) {
  const { t, i18n } = useTranslation('refunds');
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: refundsKey(paymentId),
    queryFn: () => fetchPaymentRefunds(paymentId),
    staleTime: 0,
    // While a refund waits for the customer's address or for its transfer, read it again: the address, then the
    // watcher's "paid", show up without reopening the dialog.
    refetchInterval: (query) =>
      query.state.data?.refunds.some(
        (r) => r.status === 'awaiting_address' || r.status === 'awaiting_payment',
      )
        ? OPEN_REFUND_POLL_MS
        : false,
  });
  // A refund paid (or reversed) changes the payment's row: its Refunded badge.
  const refunded = q.data?.refunded;
  useEffect(() => {
    if (refunded !== undefined) void qc.invalidateQueries({ queryKey: LIVE_KEYS.transactions });
  }, [refunded, qc]);
  if (q.isPending) return <Spinner className="mx-auto my-8" />;
  if (q.isError || !q.data) return <Banner tone="error">{t('loadFailed')}</Banner>;
  const d = q.data;
  const figure = (key: 'confirmed' | 'refunded' | 'refundable', value: string) => (
    <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-white/5">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{t(`figures.${key}`)}</dt>
      <dd className="font-semibold tabular-nums text-slate-900 dark:text-white" data-testid={`refund-${key}`}>
        {formatCrypto(value, d.currency, i18n.language)}{' '}
        <span className="text-xs text-slate-500">{d.currency}</span>
      </dd>
    </div>
  );
  return (
    <div className="space-y-4 text-sm">
      <p className="text-slate-600 dark:text-slate-300">{t('explain')}</p>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {figure('confirmed', d.confirmed)}
        {figure('refunded', d.refunded)}
        {figure('refundable', d.refundable)}
      </dl>
      <section>
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{t('list')}</h3>
        {d.refunds.length === 0 ? (
          <p className="mt-1 text-slate-500 dark:text-slate-400">{t('none')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-white/10">
            {[...d.refunds].reverse().map((r) => (
              <RefundItem key={r.id} refund={r} testMode={testMode} paymentId={paymentId} />
            ))}
          </ul>
        )}
      </section>
      {/* Below the refunds: what is still open to pay comes first. */}
      <div className="border-t border-slate-200 pt-4 dark:border-white/10">
        <NewRefund data={d} paymentId={paymentId} />
      </div>
    </div>
  );
}

/** The dialog's body in the session's mode (the test network's Simulate only in test mode). */
function PaymentRefundsOfSession({ paymentId }: { paymentId: string }) {
  const { user } = useSession();
  return <PaymentRefunds paymentId={paymentId} testMode={user?.mode === 'test'} />;
}

/** 'Refund' on a transaction row: opens the payment's refunds (decision 022). */
export function RefundButton({ tx }: { tx: TTransaction }) {
  const { t } = useTranslation('refunds');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="refund-open">
        <Undo2 className="size-4" aria-hidden="true" />
        {tx.refundState === 'none' ? t('button') : t('viewButton')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('title')}
        description={<span className="font-mono text-xs">{tx.id}</span>}
        closeLabel={t('close')}
        className="max-w-xl"
      >
        {open && <PaymentRefundsOfSession paymentId={tx.id} />}
      </Dialog>
    </>
  );
}
