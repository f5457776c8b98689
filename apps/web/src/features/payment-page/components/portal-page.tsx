import type { TInvoice, TPortal } from '@coinlane/core/api/subscriptions';
import { type ReactNode, useEffect, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CheckoutApiError } from '../api/checkout-api.ts';
import { cancelSubscription, getPortal, renewSubscription } from '../api/subscription-api.ts';
import { isZeroDecimal } from '../decimal.ts';
import { formatDate, formatPeriod, formatPlanAmount, STATUS_TONES } from '../subscription-format.ts';
import { type TSubscriptionTranslate, useSubscriptionT } from '../subscription-i18n.tsx';
import { CheckCircleIcon, WarningIcon } from './icons.tsx';
import { Card, ErrorPanel, Footer, MerchantHeader } from './page-parts.tsx';
import { PlanPrice } from './subscribe-page.tsx';

/** Why the portal cannot be shown. */
type TPortalError = 'noToken' | 'linkInvalid' | 'linkExpired' | 'rateLimited' | 'loadFailed';
type TLoad =
  | { phase: 'loading' }
  | { phase: 'error'; error: TPortalError }
  | { phase: 'ready'; portal: TPortal };
type TWhen = 'now' | 'period_end';
type TDone = 'periodEndDone' | 'cancelledDone' | 'renewedDone';

/** A reply that says the link itself is no good (it may lapse while the page is open). */
function linkError(err: unknown): 'linkInvalid' | 'linkExpired' | null {
  if (!(err instanceof CheckoutApiError)) return null;
  if (err.status === 410 || err.code === 'EXPIRED') return 'linkExpired';
  if (err.code === 'TOKEN_INVALID') return 'linkInvalid';
  return null;
}

/**
 * The subscriber's portal /subscription-portal?token=... (the link of their e-mails). The entry takes the token
 * out of the address bar before anything else and hands it here: it lives in memory only. Shows the plan, the
 * status, the open invoice to pay and the paid ones; cancels (at the period's end, or now) and renews an expired
 * subscription.
 */
export function PortalPage({ token }: { token: string | null }) {
  const { t } = useSubscriptionT();
  const [load, setLoad] = useState<TLoad>(
    token ? { phase: 'loading' } : { phase: 'error', error: 'noToken' },
  );

  // Try Again reads the portal again with the token in memory (a reload would have none).
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!token) return;
    void attempt;
    const abort = new AbortController();
    getPortal(token, abort.signal).then(
      (portal) => setLoad({ phase: 'ready', portal }),
      (err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        const error =
          linkError(err) ??
          (err instanceof CheckoutApiError && err.status === 429 ? 'rateLimited' : 'loadFailed');
        setLoad({ phase: 'error', error });
      },
    );
    return () => abort.abort();
  }, [token, attempt]);

  const merchant = load.phase === 'ready' ? load.portal.merchantName : null;
  useEffect(() => {
    document.title = merchant ? t('portal.pageTitle', { merchant }) : t('sub.docTitle');
  }, [merchant, t]);

  return (
    <div className="flex min-h-dvh flex-col bg-slate-100 text-slate-900">
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 pt-5 pb-6 sm:pt-10">
        {load.phase === 'loading' && (
          <div className="flex min-h-[60vh] items-center justify-center text-brand-600">
            <Spinner className="size-8" label={t('portal.loading')} />
          </div>
        )}
        {load.phase === 'error' && (
          <PortalError
            error={load.error}
            onRetry={() => {
              setLoad({ phase: 'loading' });
              setAttempt((n) => n + 1);
            }}
          />
        )}
        {load.phase === 'ready' && token && (
          <Portal
            token={token}
            portal={load.portal}
            onChange={(portal) => setLoad({ phase: 'ready', portal })}
            onLinkError={(error) => setLoad({ phase: 'error', error })}
          />
        )}
      </main>
      <Footer />
    </div>
  );
}

function PortalError({ error, onRetry }: { error: TPortalError; onRetry: () => void }) {
  const { t } = useSubscriptionT();
  if (error === 'noToken') {
    return <ErrorPanel title={t('portal.noTokenTitle')} message={t('portal.noToken')} retry={false} />;
  }
  if (error === 'linkInvalid' || error === 'linkExpired') {
    return (
      <ErrorPanel
        title={t(error === 'linkInvalid' ? 'portal.linkInvalidTitle' : 'portal.linkExpiredTitle')}
        message={t(error === 'linkInvalid' ? 'portal.linkInvalid' : 'portal.linkExpired')}
        retry={false}
      />
    );
  }
  return (
    <ErrorPanel
      title={t('portal.loadFailed')}
      message={t(error === 'rateLimited' ? 'errors.rateLimited' : 'errors.pageLoadFailedBody')}
      onRetry={onRetry}
    />
  );
}

function Portal({
  token,
  portal,
  onChange,
  onLinkError,
}: {
  token: string;
  portal: TPortal;
  onChange: (portal: TPortal) => void;
  onLinkError: (error: 'linkInvalid' | 'linkExpired') => void;
}) {
  const { t, lang } = useSubscriptionT();
  const [confirm, setConfirm] = useState<TWhen | null>(null);
  const [busy, setBusy] = useState<TWhen | 'renew' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [done, setDone] = useState<TDone | null>(null);
  const { status } = portal;

  function failed(err: unknown) {
    const link = linkError(err);
    if (link) return onLinkError(link);
    const e = err instanceof CheckoutApiError ? err : null;
    setActionError(
      t(
        e?.status === 429
          ? 'errors.rateLimited'
          : e?.status === 409
            ? 'portal.actionInvalid'
            : 'portal.actionFailed',
      ),
    );
  }

  async function cancel(when: TWhen) {
    setBusy(when);
    setActionError(null);
    try {
      const next = await cancelSubscription(token, when);
      onChange(next);
      setDone(next.status === 'cancelled' ? 'cancelledDone' : 'periodEndDone');
      setConfirm(null);
    } catch (err) {
      failed(err);
    } finally {
      setBusy(null);
    }
  }

  async function renew() {
    setBusy('renew');
    setActionError(null);
    setDone(null);
    try {
      onChange(await renewSubscription(token));
      setDone('renewedDone');
    } catch (err) {
      failed(err);
    } finally {
      setBusy(null);
    }
  }

  const periodEnd = portal.currentPeriodEnd ? formatDate(portal.currentPeriodEnd, lang) : null;
  const canCancelAtPeriodEnd = status === 'active' && !portal.cancelAtPeriodEnd && !!periodEnd;
  const canCancelNow = status === 'incomplete' || status === 'active' || status === 'past_due';
  const canRenew = status === 'expired' && !portal.openInvoice;
  const money = (amount: string) => formatPlanAmount(amount, portal.plan.currency, lang);

  return (
    <div className="mx-auto max-w-md space-y-4 lg:max-w-4xl">
      <MerchantHeader
        name={portal.merchantName}
        testMode={portal.mode === 'test'}
        label={t('sub.merchantLabel')}
      />
      {done && (
        <p
          role="status"
          data-testid="portal-done"
          className="flex gap-2 rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-900"
        >
          <CheckCircleIcon className="mt-0.5 size-4 shrink-0" />
          <span>{t(`portal.${done}`, { date: periodEnd ?? '' })}</span>
        </p>
      )}
      {/* Phones: the status, what to pay (or renew), the history, then the cancel buttons. Wide screens: the
          status with the cancel buttons on the left, what to pay and the history on the right. */}
      <div className="grid gap-4 lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:items-start">
        <Card className="lg:col-start-1 lg:row-start-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
            <div className="min-w-0">
              <h2 className="text-xl font-semibold break-words text-slate-900">{portal.plan.name}</h2>
              <PlanPrice
                price={portal.plan.price}
                currency={portal.plan.currency}
                interval={portal.plan.interval}
                size="md"
              />
            </div>
            <StatusBadge status={status} t={t} lang={lang} />
          </div>
          <p className="text-sm text-slate-600">
            {t(
              status === 'expired' && portal.openInvoice
                ? 'statusHint.expiredRenewing'
                : `statusHint.${status}`,
            )}
          </p>
          {portal.cancelAtPeriodEnd && periodEnd && (
            <p
              data-testid="cancels-at-period-end"
              className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              <WarningIcon className="mt-0.5 size-4 shrink-0" />
              <span>{t('portal.cancelsAtPeriodEnd', { date: periodEnd })}</span>
            </p>
          )}
          <dl className="divide-y divide-slate-100 text-sm">
            <Row label={t('portal.email')}>
              <span className="break-all">{portal.email}</span>
            </Row>
            {portal.nextPaymentAt && (
              <Row label={t('portal.nextPayment')}>{formatDate(portal.nextPaymentAt, lang)}</Row>
            )}
            {periodEnd && <Row label={t('portal.periodEnd')}>{periodEnd}</Row>}
            {!isZeroDecimal(portal.credit) && (
              <Row label={t('portal.credit')} hint={t('portal.creditHint')}>
                <span data-testid="portal-credit">{money(portal.credit)}</span>
              </Row>
            )}
          </dl>
        </Card>
        <div className="space-y-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {portal.openInvoice && <OpenInvoice invoice={portal.openInvoice} money={money} />}
          {canRenew && (
            <Card>
              <h3 className="text-base font-semibold text-slate-900">{t('portal.renewTitle')}</h3>
              <p className="text-sm text-slate-600">{t('portal.renewHint')}</p>
              <Button className="w-full" size="lg" loading={busy === 'renew'} onClick={() => void renew()}>
                {t('portal.renew')}
              </Button>
              {actionError && !confirm && (
                <p
                  role="alert"
                  className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
                >
                  {actionError}
                </p>
              )}
            </Card>
          )}
          <PaidInvoices invoices={portal.paidInvoices} money={money} />
        </div>
        {(canCancelAtPeriodEnd || canCancelNow) && (
          <Card className="lg:col-start-1 lg:row-start-2">
            <section aria-labelledby="portal-manage" className="space-y-3">
              <h3 id="portal-manage" className="text-base font-semibold text-slate-900">
                {t('portal.manage')}
              </h3>
              <div className="grid gap-2">
                {canCancelAtPeriodEnd && (
                  <Button
                    variant="outline"
                    onClick={() => {
                      setActionError(null);
                      setConfirm('period_end');
                    }}
                  >
                    {t('portal.cancelAtPeriodEnd')}
                  </Button>
                )}
                {canCancelNow && (
                  <Button
                    variant="dangerOutline"
                    onClick={() => {
                      setActionError(null);
                      setConfirm('now');
                    }}
                  >
                    {t('portal.cancelNow')}
                  </Button>
                )}
              </div>
            </section>
          </Card>
        )}
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={t(confirm === 'now' ? 'portal.confirmNowTitle' : 'portal.confirmPeriodEndTitle')}
        confirmLabel={t(confirm === 'now' ? 'portal.cancelNow' : 'portal.cancelAtPeriodEnd')}
        cancelLabel={t('portal.keep')}
        closeLabel={t('portal.close')}
        busy={busy === 'now' || busy === 'period_end'}
        error={actionError}
        onConfirm={() => confirm && void cancel(confirm)}
        onClose={() => {
          setConfirm(null);
          setActionError(null);
        }}
      >
        <p>
          {confirm === 'now'
            ? t('portal.confirmNowBody')
            : t('portal.confirmPeriodEndBody', { date: periodEnd ?? '' })}
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** The status in capitals with spaces ('PAST DUE'), in a badge of its colour. */
function StatusBadge({
  status,
  t,
  lang,
}: {
  status: TPortal['status'];
  t: TSubscriptionTranslate;
  lang: string;
}) {
  return (
    <p className="shrink-0">
      <span className="sr-only">{t('portal.status')}: </span>
      <span
        data-testid="subscription-status"
        className={cn(
          'inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold tracking-wide ring-1 ring-inset',
          STATUS_TONES[status],
        )}
      >
        {t(`subStatus.${status}`).toLocaleUpperCase(lang)}
      </span>
    </p>
  );
}

function Row({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 font-medium text-slate-900">{children}</dd>
      {hint && <dd className="basis-full text-xs text-slate-500">{hint}</dd>}
    </div>
  );
}

function OpenInvoice({ invoice, money }: { invoice: TInvoice; money: (amount: string) => string }) {
  const { t, lang } = useSubscriptionT();
  return (
    <Card className="border-brand-200">
      <h3 className="text-base font-semibold text-slate-900">{t('portal.openInvoice')}</h3>
      <section
        aria-label={t('portal.amountDue')}
        className="rounded-xl bg-slate-50 px-4 py-4 ring-1 ring-slate-200"
      >
        <p className="text-sm font-medium text-slate-600">{t('portal.amountDue')}</p>
        <p
          data-testid="invoice-amount-due"
          className="mt-1 text-3xl font-semibold tracking-tight break-words tabular-nums"
        >
          {money(invoice.amountDue)}
        </p>
        {!isZeroDecimal(invoice.creditApplied) && (
          <p className="mt-1 text-sm text-slate-600">
            {t('portal.creditApplied', { amount: money(invoice.creditApplied) })}
          </p>
        )}
      </section>
      <dl className="divide-y divide-slate-100 text-sm">
        <Row label={t('portal.dueDate')}>{formatDate(invoice.dueAt, lang)}</Row>
        {(invoice.periodStart || invoice.periodEnd) && (
          <Row label={t('portal.forPeriod')}>
            {formatPeriod(invoice.periodStart, invoice.periodEnd, lang)}
          </Row>
        )}
      </dl>
      {invoice.payUrl && (
        <>
          <a
            href={invoice.payUrl}
            data-testid="pay-invoice"
            className={buttonClass('primary', 'lg', 'w-full')}
          >
            {t('portal.payInvoice')}
          </a>
          <p className="text-center text-xs text-slate-500">{t('portal.payHint')}</p>
        </>
      )}
    </Card>
  );
}

function PaidInvoices({ invoices, money }: { invoices: TInvoice[]; money: (amount: string) => string }) {
  const { t, lang } = useSubscriptionT();
  return (
    <Card>
      <h3 className="text-base font-semibold text-slate-900">{t('portal.history')}</h3>
      {invoices.length === 0 ? (
        <p className="text-sm text-slate-600">{t('portal.historyEmpty')}</p>
      ) : (
        <div className="-mx-5 overflow-x-auto sm:-mx-6">
          <table data-testid="paid-invoices" className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500">
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-3 pl-5 font-medium sm:pl-6">
                  {t('portal.colPeriod')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('portal.colAmount')}
                </th>
                <th scope="col" className="py-2 pr-5 pl-3 text-right font-medium sm:pr-6">
                  {t('portal.colPaid')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {invoices.map((inv) => (
                <tr key={inv.id}>
                  <td className="py-2 pr-3 pl-5 text-slate-800 sm:pl-6">
                    {formatPeriod(inv.periodStart, inv.periodEnd, lang)}
                  </td>
                  <td className="px-3 py-2 text-right font-medium whitespace-nowrap tabular-nums">
                    {money(inv.amount)}
                  </td>
                  <td className="py-2 pr-5 pl-3 text-right whitespace-nowrap text-slate-700 sm:pr-6">
                    {inv.paidAt ? formatDate(inv.paidAt, lang) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
