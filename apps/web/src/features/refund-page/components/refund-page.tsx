import type { TPublicRefund } from '@coinlane/core/api/refunds';
import { LANGUAGE_NAMES, LANGUAGES, type TLanguage } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleCheck, Undo2, Wallet } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCrypto } from '../../../lib/amounts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { setLanguage } from '../../../lib/language.ts';
import { giveRefundAddress, viewRefund } from '../api/refund-page-api.ts';

type Translate = (key: string, o?: Record<string, unknown>) => string;

/** A refusal of the page's calls in the reader's language (the server's codes and catalogue texts). */
function errorText(err: unknown, t: Translate, network: string): string {
  if (!(err instanceof ApiError)) return t('errors.failed');
  if (err.code === 'TOKEN_INVALID') return t('errors.invalid');
  if (err.code === 'EXPIRED') return t('errors.expired');
  if (err.code === 'INVALID_STATE') return t('errors.used');
  if (err.code === 'RATE_LIMITED') return t('errors.rateLimited');
  if (err.code === 'VALIDATION_ERROR') {
    if (err.message === T.refundLinkInvalid) return t('errors.invalid');
    if (err.message === T.refundAddressIsPaymentAddress) return t('errors.paymentAddress');
    return t('errors.address', { network });
  }
  return t('errors.failed');
}

function LanguagePicker() {
  const { t, i18n } = useTranslation('refundPage');
  return (
    <select
      value={i18n.language}
      onChange={(e) => setLanguage(e.target.value as TLanguage)}
      aria-label={t('language')}
      className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-white/15 dark:bg-slate-900 dark:text-slate-100"
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}

/** The amount, coin, network, who pays: what the customer reads first. */
function Summary({ refund }: { refund: TPublicRefund }) {
  const { t, i18n } = useTranslation('refundPage');
  return (
    <div className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100 dark:bg-brand-500/10 dark:ring-brand-400/20">
      <p className="text-xs font-medium uppercase tracking-wide text-brand-700 dark:text-brand-300">
        {t('amountLabel')} {t('from', { merchant: refund.merchantName })}
      </p>
      <p
        className="mt-1 text-3xl font-semibold tabular-nums text-slate-900 dark:text-white"
        data-testid="refund-amount"
      >
        {formatCrypto(refund.amount, refund.currency, i18n.language)}{' '}
        <span className="text-lg text-slate-500 dark:text-slate-400">{refund.currency}</span>
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('network', { network: refund.networkName })}
      </p>
      <p className="mt-3 flex gap-2 text-sm text-slate-700 dark:text-slate-200" data-testid="refund-who-pays">
        <Wallet className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-300" aria-hidden="true" />
        {t('whoPays', { merchant: refund.merchantName })}
      </p>
      {refund.reason && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {t('reason', { reason: refund.reason })}
        </p>
      )}
    </div>
  );
}

function AddressForm({
  token,
  refund,
  onDone,
}: {
  token: string;
  refund: TPublicRefund;
  onDone: (r: TPublicRefund) => void;
}) {
  const { t, i18n } = useTranslation('refundPage');
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const give = useMutation({ mutationFn: () => giveRefundAddress(token, address) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    give.mutate(undefined, {
      onSuccess: onDone,
      onError: (err) => setError(errorText(err, t, refund.networkName)),
    });
  };
  const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
    new Date(refund.linkExpiresAt),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="refund-address-form">
      <Field
        label={t('addressLabel', { network: refund.networkName })}
        hint={t('addressHint', { network: refund.networkName, currency: refund.currency })}
        {...(error ? { error } : {})}
      >
        {(id, describedBy) => (
          <Input
            id={id}
            name="address"
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={t('addressPlaceholder')}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            className="font-mono"
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={give.isPending} disabled={!address.trim()}>
        <Undo2 className="size-4" aria-hidden="true" />
        {t('submit')}
      </Button>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('never')}</p>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('validUntil', { date: until })}</p>
    </form>
  );
}

/** What the page says once the address is given, paid, cancelled or expired. */
function Outcome({ refund }: { refund: TPublicRefund }) {
  const { t, i18n } = useTranslation('refundPage');
  const o = {
    merchant: refund.merchantName,
    amount: formatCrypto(refund.amount, refund.currency, i18n.language),
    currency: refund.currency,
  };
  if (refund.status === 'canceled' || refund.status === 'expired') {
    return <Banner tone="warning">{t(`status.${refund.status}`, o)}</Banner>;
  }
  return (
    <div className="space-y-2" data-testid="refund-outcome" data-status={refund.status}>
      <p className="flex gap-2 text-sm font-medium text-slate-800 dark:text-slate-100">
        <CircleCheck className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" />
        {t(`status.${refund.status === 'paid' ? 'paid' : 'awaiting_payment'}`, o)}
      </p>
      <p className="break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900 dark:bg-white/10 dark:text-white">
        {refund.address}
      </p>
      {refund.status === 'paid' && refund.txid ? (
        <p className="break-all font-mono text-xs text-slate-500">{t('txid', { txid: refund.txid })}</p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('status.awaiting_payment_note', o)}</p>
      )}
    </div>
  );
}

/** The customer's refund page: /refund?token=... from the e-mail or the merchant (decision 022). Public. */
export default function RefundPage() {
  const { t } = useTranslation('refundPage');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [given, setGiven] = useState<TPublicRefund | null>(null);
  const q = useQuery({
    queryKey: ['refund-page', token],
    queryFn: () => viewRefund(token),
    enabled: token !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });
  const refund = given ?? q.data ?? null;
  let body: React.ReactNode;
  if (!token) body = <Banner tone="warning">{t('errors.missing')}</Banner>;
  else if (q.isPending) body = <Spinner className="mx-auto my-10" />;
  else if (!refund) body = <Banner tone="warning">{errorText(q.error, t, '')}</Banner>;
  else {
    body = (
      <div className="space-y-6">
        <Summary refund={refund} />
        {refund.mode === 'test' && (
          <p className="rounded-lg border border-amber-300 bg-amber-100 px-3 py-2 text-center text-xs font-semibold text-amber-900">
            {t('testMode')}
          </p>
        )}
        {refund.status === 'awaiting_address' ? (
          <AddressForm token={token} refund={refund} onDone={setGiven} />
        ) : (
          <Outcome refund={refund} />
        )}
      </div>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-slate-100 via-white to-brand-50 dark:from-slate-950 dark:via-slate-900 dark:to-indigo-950">
      <header className="mx-auto flex w-full max-w-3xl items-center justify-between gap-3 px-4 py-5 sm:px-8">
        <span className="text-slate-900 dark:text-white">
          <Logo />
        </span>
        <LanguagePicker />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 sm:pt-6">
        <Card className="w-full max-w-md p-6 shadow-xl shadow-slate-900/5 sm:p-8 dark:bg-slate-900/80">
          <h1 className="mb-5 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
            {t('title')}
          </h1>
          {body}
        </Card>
      </main>
    </div>
  );
}
