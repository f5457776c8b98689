import type { TCheckout, TCheckoutPayment } from '@coinlane/core/api/checkout';
import { tokenStandardOf } from '@coinlane/core/currencies';
import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCrypto, formatFiat } from '../../../lib/amounts.ts';
import {
  errorKey,
  getCheckout,
  getPaymentAddress,
  simulateCheckoutPayment,
  startCheckoutPayment,
} from '../api/checkout-api.ts';
import { isZeroDecimal, shareOf } from '../decimal.ts';
import { embedParentOrigin, useEmbedMessages } from '../hooks/use-embed-messages.ts';
import { useLivePayment } from '../hooks/use-live-payment.ts';
import { useT } from '../i18n.tsx';
import {
  initialPageState,
  isOpenStatus,
  isPriceLock,
  pageReducer,
  type TPageState,
  type TPaymentUpdate,
} from '../state.ts';
import { Toast, useCopyToast } from './copy-field.tsx';
import { Countdown } from './countdown.tsx';
import { CheckCircleIcon, ClockIcon, CopyIcon, LinkIcon, WarningIcon, XCircleIcon } from './icons.tsx';
import { Card, ErrorPanel, Footer, MerchantHeader } from './page-parts.tsx';
import { QrCode } from './qr-code.tsx';
import { ReturnToMerchant, returnTarget } from './return-to-merchant.tsx';
import { TestPanel } from './test-panel.tsx';

/**
 * The hosted payment page /payment/{linkId} (merchant spec 2 and 4). It reads the checkout with GET (which
 * never creates anything), then, running in a real browser, starts the first attempt with POST: a link
 * preview bot runs no script, so it can never create a payment. `embed`: the embeddable checkout
 * /embed/payment/{linkId}, framed by embed.js on the merchant's site: a tighter frame, and the host page is told
 * when the payment ends (use-embed-messages.ts).
 */
export function PaymentPage({ linkId, embed = false }: { linkId: string; embed?: boolean }) {
  const { t } = useT();
  const [state, dispatch] = useReducer(pageReducer, initialPageState);
  const { toast, copy } = useCopyToast();
  const parentOrigin = useMemo(() => (embed ? embedParentOrigin(window.location.search) : null), [embed]);
  useEmbedMessages({
    parentOrigin,
    linkId,
    paymentId: state.phase === 'ready' ? (state.payment?.id ?? null) : null,
    status: state.status,
  });

  const start = useCallback(async () => {
    dispatch({ type: 'starting' });
    try {
      const checkout = await startCheckoutPayment(linkId);
      dispatch({ type: 'loaded', checkout, receivedAt: Date.now() });
    } catch (err) {
      const key = errorKey(err, 'createFailed');
      dispatch({
        type: 'startFailed',
        error: key === 'notFound' ? 'notFound' : key === 'simulateFailed' ? 'createFailed' : key,
      });
    }
  }, [linkId]);

  useEffect(() => {
    const abort = new AbortController();
    getCheckout(linkId, abort.signal).then(
      (checkout) => {
        dispatch({ type: 'loaded', checkout, receivedAt: Date.now() });
        if (!checkout.payment && checkout.canStartPayment) void start();
      },
      (err) => {
        if ((err as Error).name === 'AbortError') return;
        const key = errorKey(err, 'loadFailed');
        dispatch({
          type: 'loadFailed',
          error: key === 'simulateFailed' || key === 'createFailed' ? 'loadFailed' : key,
        });
      },
    );
    return () => abort.abort();
  }, [linkId, start]);

  const simulate = useCallback(
    async (amount?: string) => {
      dispatch({ type: 'simulating' });
      try {
        dispatch({ type: 'loaded', checkout: await simulateCheckoutPayment(linkId, amount) });
      } catch (err) {
        const key = errorKey(err, 'simulateFailed');
        dispatch({ type: 'simulateFailed', error: key === 'rateLimited' ? key : 'simulateFailed' });
      }
    },
    [linkId],
  );

  const onUpdate = useCallback((update: TPaymentUpdate) => dispatch({ type: 'update', update }), []);
  const onLive = useCallback((connected: boolean) => dispatch({ type: 'live', connected }), []);
  const onCountdownEnd = useCallback(() => dispatch({ type: 'countdownEnded' }), []);

  const open = state.phase === 'ready' && !!state.payment && isOpenStatus(state.status);
  useLivePayment({ paymentId: state.payment?.id ?? null, active: open, live: state.live, onUpdate, onLive });

  // The server decides what a price lock's end means (a new price for the same attempt, or its end): read the
  // checkout again when the lock ends on the server's clock, then every 2 s (at most 10 times) until the answer
  // moves on, so a page never waits for the server's periodic sweep or its live message.
  const lockEnd =
    open && state.checkout && state.payment && isPriceLock(state.checkout, state.payment)
      ? state.payment.expiresAt
      : null;
  // Read when the timer is set, not a reason to set it again: every reply refines the offset a little.
  const clockOffset = useRef(state.clockOffset);
  clockOffset.current = state.clockOffset;
  useEffect(() => {
    if (!lockEnd) return;
    let stale = false;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      tries += 1;
      getCheckout(linkId).then(
        (checkout) => !stale && dispatch({ type: 'refreshed', checkout, receivedAt: Date.now() }),
        () => {},
      );
      if (tries < 10) timer = setTimeout(ask, 2000);
    };
    timer = setTimeout(ask, Math.max(0, Date.parse(lockEnd) - (Date.now() + clockOffset.current)) + 50);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [lockEnd, linkId]);

  // After a partial payment or a new price the URI (Copy payment URI) must ask for the amount now due: live
  // updates carry the amounts only, so read the payment's URI again when they move.
  const staleId = open && state.uriStale ? (state.payment?.id ?? null) : null;
  const amount = state.payment?.amount;
  const remaining = state.payment?.amountRemaining;
  useEffect(() => {
    if (!staleId || !remaining) return;
    let stale = false;
    getPaymentAddress(staleId).then(
      (a) => {
        if (!stale && a.amountRemaining === remaining && a.amount === amount)
          dispatch({ type: 'update', update: { id: staleId, paymentUri: a.paymentUri } });
      },
      () => {},
    );
    return () => {
      stale = true;
    };
  }, [staleId, amount, remaining]);

  // The page saw this payment open (it was paid while the customer watched): its confirmation sends the customer
  // back to the shop by itself after a countdown. A confirmed payment opened later only offers the link.
  const seenOpen = useRef<string | null>(null);
  if (open && state.payment) seenOpen.current = state.payment.id;
  const returnHref =
    state.phase === 'ready' && state.checkout && state.payment
      ? returnTarget({
          returnUrl: state.checkout.link.returnUrl,
          paymentId: state.payment.id,
          confirmed: state.status === 'confirmed',
          embed,
        })
      : null;
  const autoReturn = !!state.payment && seenOpen.current === state.payment.id;

  const merchant = state.checkout?.merchant.name;
  useEffect(() => {
    if (merchant) document.title = t('pageTitle', { merchant });
  }, [merchant, t]);

  return (
    <div className="flex min-h-dvh flex-col bg-slate-100 text-slate-900">
      <main
        className={cn('mx-auto w-full max-w-4xl flex-1 px-4 pb-6', embed ? 'pt-4 sm:pt-6' : 'pt-5 sm:pt-10')}
      >
        {state.phase === 'loading' && (
          <div className="flex min-h-[60vh] items-center justify-center text-brand-600">
            <Spinner className="size-8" label={t('loading')} />
          </div>
        )}
        {state.phase === 'error' && state.error && (
          <ErrorPanel title={t('errorTitle')} message={t(`errors.${state.error}`)} />
        )}
        {state.phase === 'ready' && state.checkout && (
          <ReadyPage
            state={state}
            checkout={state.checkout}
            returnHref={returnHref}
            autoReturn={autoReturn}
            onRetry={start}
            onSimulate={simulate}
            onCountdownEnd={onCountdownEnd}
            onCopy={copy}
          />
        )}
      </main>
      <Footer convertedBy={state.payment?.conversion?.providerName ?? null} />
      <Toast message={toast} />
    </div>
  );
}

function ReadyPage({
  state,
  checkout,
  returnHref,
  autoReturn,
  onRetry,
  onSimulate,
  onCountdownEnd,
  onCopy,
}: {
  state: TPageState;
  checkout: TCheckout;
  returnHref: string | null;
  autoReturn: boolean;
  onRetry: () => void;
  onSimulate: (amount?: string) => void;
  onCountdownEnd: () => void;
  onCopy: (text: string, done: string, failed: string) => Promise<void>;
}) {
  const { t, lang } = useT();
  const { link } = checkout;
  const payment = state.payment;
  const open = isOpenStatus(state.status);
  const testMode = link.mode === 'test';
  const actionError = state.actionError && (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {t(`errors.${state.actionError}`)}
    </p>
  );
  const description = link.description && (
    <p className="text-base font-medium text-slate-800">{link.description}</p>
  );

  if (!open || !payment) {
    return (
      <div className="mx-auto max-w-md space-y-4">
        <MerchantHeader name={checkout.merchant.name} testMode={testMode} />
        <Card>
          {description}
          {state.status === 'confirmed' && payment ? (
            <ConfirmedView
              payment={payment}
              merchant={checkout.merchant.name}
              returnHref={returnHref}
              autoReturn={autoReturn}
            />
          ) : !open ? (
            <ClosedView state={state} merchant={checkout.merchant} onRetry={onRetry} />
          ) : (
            <div className="flex min-h-40 items-center justify-center text-brand-600">
              <Spinner className="size-6" label={t('preparing')} />
            </div>
          )}
          {actionError}
        </Card>
      </div>
    );
  }

  const partial = state.status === 'partial';
  const received = !isZeroDecimal(payment.amountReceived);
  // All of it arrived: only the confirmations are left, nothing more to send.
  const awaitingConfirmations = received && isZeroDecimal(payment.amountRemaining);
  const shown = partial ? payment.amountRemaining : payment.amount;
  const crypto = (amount: string) => formatCrypto(amount, payment.currency, lang);
  // A token names its standard beside the network ("Tron (TRC-20)"): the name exchanges' withdrawal forms use.
  const standard = tokenStandardOf(payment.currency, payment.network);
  const networkLabel = standard ? `${payment.networkName} (${standard})` : payment.networkName;
  const vars = { amount: crypto(shown), currency: payment.currency, network: networkLabel };
  const fiat =
    link.fiatAmount && link.fiatCurrency
      ? formatFiat(
          partial ? shareOf(link.fiatAmount, payment.amountRemaining, payment.amount) : link.fiatAmount,
          link.fiatCurrency,
          lang,
        )
      : null;

  return (
    <div className={cn('mx-auto space-y-4', awaitingConfirmations ? 'max-w-md' : 'max-w-md lg:max-w-4xl')}>
      <MerchantHeader name={checkout.merchant.name} testMode={testMode} />
      <div className={cn('grid gap-4', !awaitingConfirmations && 'lg:grid-cols-2 lg:items-start')}>
        <Card>
          {description}
          <LiveIndicator live={state.live} />
          {state.priceUpdate && (
            <div
              role="status"
              data-testid="price-updated"
              className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900"
            >
              <p className="flex items-center gap-2 font-semibold">
                <ClockIcon className="size-4 shrink-0" />
                {t('priceUpdated')}
              </p>
              <p className="mt-1">
                {t('priceUpdatedBody', {
                  previous: crypto(state.priceUpdate.previous),
                  currency: payment.currency,
                })}
              </p>
            </div>
          )}
          <section
            aria-label={partial ? t('remainingAmount') : t('amountDue')}
            className="rounded-xl bg-slate-50 px-4 py-4 ring-1 ring-slate-200"
          >
            <p className="text-sm font-medium text-slate-600">
              {partial ? t('remainingAmount') : t('amountDue')}
            </p>
            <p className="mt-1 flex flex-wrap items-baseline gap-x-2 break-all">
              <span
                data-testid="amount-due"
                className="font-mono text-3xl font-semibold tracking-tight tabular-nums"
              >
                {vars.amount}
              </span>
              <span className="text-xl font-semibold text-slate-700">{payment.currency}</span>
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {fiat && (
                <span className="font-medium text-slate-800">{t('fiatApprox', { amount: fiat })} · </span>
              )}
              {t('onNetwork', { network: networkLabel })}
            </p>
            {received && (
              <p className="mt-2 text-sm text-slate-600">
                {t('receivedOf', {
                  received: crypto(payment.amountReceived),
                  amount: crypto(payment.amount),
                  currency: payment.currency,
                })}
              </p>
            )}
          </section>
          <StatusBanner
            tone={partial ? 'warning' : awaitingConfirmations ? 'info' : 'neutral'}
            icon={<ClockIcon className="size-4 shrink-0" />}
            text={t(
              partial ? 'status.partial' : awaitingConfirmations ? 'status.detected' : 'status.pending',
            )}
          />
          {awaitingConfirmations && <Confirmations payment={payment} />}
          {!awaitingConfirmations && (
            <Timers state={state} checkout={checkout} payment={payment} onCountdownEnd={onCountdownEnd} />
          )}
          {payment.conversion && (
            <ConversionNotice
              payment={payment}
              merchant={checkout.merchant.name}
              exact={!awaitingConfirmations}
            />
          )}
          {actionError}
        </Card>
        {!awaitingConfirmations && (
          <Card className="lg:row-span-2">
            <figure className="flex flex-col items-center gap-2">
              <div className="rounded-xl border border-slate-200 bg-white p-2 shadow-sm">
                <QrCode
                  paymentId={payment.id}
                  remaining={payment.amountRemaining}
                  label={t('qrLabel', vars)}
                />
              </div>
              <figcaption className="text-sm text-slate-600">{t('scan')}</figcaption>
            </figure>
            <div>
              <p className="text-sm font-medium text-slate-700" id="payment-address-label">
                {t('addressLabel', vars)}
              </p>
              {/* A 42-character 0x or bech32 address fits one line of the desktop card at 13 px; where it wraps
                  (phones, longer addresses) it splits into even lines, never a lone last character. */}
              <p
                data-testid="payment-address"
                className="mt-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-balance text-slate-900 select-all lg:text-[13px]"
              >
                {payment.address}
              </p>
              {payment.contractAddress && (
                <p data-testid="token-contract" className="mt-1 text-xs break-all text-slate-600">
                  {t('tokenContract', { currency: payment.currency })}{' '}
                  {/* On a line of its own: a 0x address at 12 px fits the card on a phone and on a desktop. */}
                  <span className="block font-mono break-all text-balance text-slate-800">
                    {payment.contractAddress}
                  </span>
                </p>
              )}
              <div className="mt-2 grid gap-2 min-[420px]:grid-cols-2">
                <Button
                  variant="outline"
                  className="whitespace-nowrap"
                  onClick={() => void onCopy(payment.address, t('addressCopied'), t('copyFailed'))}
                >
                  <CopyIcon className="size-4 shrink-0" />
                  {t('copyAddress')}
                </Button>
                <Button
                  variant="outline"
                  className="whitespace-nowrap"
                  onClick={() => void onCopy(payment.paymentUri, t('uriCopied'), t('copyFailed'))}
                >
                  <LinkIcon className="size-4 shrink-0" />
                  {t('copyUri')}
                </Button>
              </div>
            </div>
            <section
              aria-labelledby="how-to-pay"
              className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200"
            >
              <h2 id="how-to-pay" className="text-sm font-semibold text-slate-900">
                {t('howToPay')}
              </h2>
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
                <li>{t('step1')}</li>
                <li>{t('step2', vars)}</li>
                <li>{t('step3')}</li>
              </ol>
              <p className="mt-3 flex gap-2 text-xs text-amber-800">
                <WarningIcon className="mt-0.5 size-3.5 shrink-0" />
                {t('networkWarning', vars)}
              </p>
              {standard && (
                <p data-testid="exchange-warning" className="mt-2 flex gap-2 text-xs text-amber-800">
                  <WarningIcon className="mt-0.5 size-3.5 shrink-0" />
                  {t('exchangeWarning', { ...vars, standard, network: payment.networkName })}
                </p>
              )}
            </section>
          </Card>
        )}
        {testMode && (
          <TestPanel payment={payment} busy={state.busy === 'simulating'} onSimulate={onSimulate} />
        )}
      </div>
    </div>
  );
}

/**
 * The timers of an open attempt: a price lock that ends before the link does counts down as such ('Price locked
 * for', the amount is then updated, nothing expires), under the link's own expiry countdown when the link has one
 * (merchant spec 2: only then); otherwise the attempt's deadline, which sets expired at zero (merchant spec 4).
 */
function Timers({
  state,
  checkout,
  payment,
  onCountdownEnd,
}: {
  state: TPageState;
  checkout: TCheckout;
  payment: TCheckoutPayment;
  onCountdownEnd: () => void;
}) {
  const offset = state.clockOffset;
  if (!isPriceLock(checkout, payment)) {
    return <Countdown expiresAt={payment.expiresAt} onEnd={onCountdownEnd} clockOffset={offset} />;
  }
  return (
    <div className="space-y-2">
      {checkout.link.expiresAt && (
        <Countdown
          kind="link"
          expiresAt={checkout.link.expiresAt}
          onEnd={onCountdownEnd}
          clockOffset={offset}
        />
      )}
      <Countdown kind="priceLock" expiresAt={payment.expiresAt} clockOffset={offset} />
    </div>
  );
}

function LiveIndicator({ live }: { live: boolean }) {
  const { t } = useT();
  return (
    <p className="flex items-center gap-2 text-xs font-medium text-slate-600" aria-live="polite">
      <span className="relative flex size-2.5" aria-hidden="true">
        {live && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-green-500 opacity-60" />
        )}
        <span
          className={cn('relative inline-flex size-2.5 rounded-full', live ? 'bg-green-500' : 'bg-slate-400')}
        />
      </span>
      {live ? t('live') : t('checking')}
    </p>
  );
}

const BANNER_TONES = {
  neutral: 'border-slate-200 bg-slate-50 text-slate-800',
  info: 'border-brand-200 bg-brand-50 text-brand-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  success: 'border-green-300 bg-green-50 text-green-900',
  error: 'border-red-300 bg-red-50 text-red-900',
} as const;

function StatusBanner({
  tone,
  icon,
  text,
}: {
  tone: keyof typeof BANNER_TONES;
  icon: ReactNode;
  text: string;
}) {
  return (
    <div
      role="status"
      data-testid="status-banner"
      className={cn(
        'flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium',
        BANNER_TONES[tone],
      )}
    >
      {icon}
      <span>{text}</span>
    </div>
  );
}

function Confirmations({ payment }: { payment: TCheckoutPayment }) {
  const { t } = useT();
  const required = Math.max(1, payment.requiredConfirmations);
  const count = Math.min(payment.confirmations, required);
  return (
    <div>
      <div className="flex justify-between text-xs font-medium text-slate-600">
        <span data-testid="confirmations">{t('confirmations', { count, required })}</span>
      </div>
      <div
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={required}
        aria-valuenow={count}
        aria-label={t('confirmations', { count, required })}
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-500"
          style={{ width: `${(count / required) * 100}%` }}
        />
      </div>
    </div>
  );
}

/**
 * A converted payment (decision 024): who holds the coins for the minutes of the swap, what the merchant receives,
 * and, while the customer still has to pay, that only the exact amount in time is converted (the exchange returns
 * anything else to the merchant, never to the customer).
 */
function ConversionNotice({
  payment,
  merchant,
  exact,
}: {
  payment: TCheckoutPayment;
  merchant: string;
  exact: boolean;
}) {
  const { t } = useT();
  const c = payment.conversion;
  if (!c) return null;
  const vars = {
    merchant,
    provider: c.providerName,
    to: c.toCurrency,
    network: c.toNetworkName,
    currency: payment.currency,
  };
  return (
    <section
      data-testid="conversion-notice"
      aria-label={t('conversion.title', vars)}
      className="space-y-1 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900"
    >
      <p className="flex items-center gap-2 font-semibold">
        <LinkIcon className="size-4 shrink-0" />
        {t('conversion.title', vars)}
      </p>
      <p>{t('conversion.body', vars)}</p>
      {exact && <p className="text-xs">{t('conversion.exact', vars)}</p>}
    </section>
  );
}

function ConfirmedView({
  payment,
  merchant,
  returnHref,
  autoReturn,
}: {
  payment: TCheckoutPayment;
  merchant: string;
  returnHref: string | null;
  autoReturn: boolean;
}) {
  const { t, lang } = useT();
  const amount = formatCrypto(payment.amountReceived, payment.currency, lang);
  return (
    <div className="space-y-4 py-2 text-center">
      <CheckCircleIcon className="mx-auto size-14 text-green-600" />
      <div>
        <h2 className="text-xl font-semibold">{t('confirmedTitle')}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {payment.conversion
            ? t('confirmedBodyConverted', {
                merchant,
                amount,
                currency: payment.currency,
                provider: payment.conversion.providerName,
                to: payment.conversion.toCurrency,
              })
            : t('confirmedBody', { merchant, amount, currency: payment.currency })}
        </p>
      </div>
      <StatusBanner
        tone="success"
        icon={<CheckCircleIcon className="size-4" />}
        text={t('status.confirmed')}
      />
      {(payment.exception === 'paid_over' || payment.exception === 'paid_late') && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-left text-sm text-amber-900">
          {t(`exception.${payment.exception}`)}
        </p>
      )}
      {payment.transactionHash && (
        <p className="text-left text-xs text-slate-500">
          {t('transaction')}:{' '}
          <span className="font-mono break-all text-slate-700">{payment.transactionHash}</span>
        </p>
      )}
      {returnHref ? (
        <ReturnToMerchant href={returnHref} merchant={merchant} auto={autoReturn} />
      ) : (
        <p className="text-base font-medium text-slate-900">{t('closePage')}</p>
      )}
    </div>
  );
}

function ClosedView({
  state,
  merchant,
  onRetry,
}: {
  state: TPageState;
  merchant: TCheckout['merchant'];
  onRetry: () => void;
}) {
  const { t } = useT();
  const failed = state.status === 'failed';
  const payment = state.payment;
  const notice = state.notice;
  const link = state.checkout?.link;
  // A link that never expires never says it expired: its attempt's price lock ended (money seen and dropped, or
  // no rate to price it again), and Try Again asks for the current price.
  const lockEnded = !failed && link?.status === 'active' && !link.expiresAt;
  const maintenance = notice === 'maintenance';
  const coinOff = notice === 'currencyUnavailable';
  const unavailable = notice === 'merchantUnavailable' || maintenance || coinOff;
  const title =
    notice === 'linkExpired' || unavailable
      ? t(
          maintenance
            ? 'errors.maintenance'
            : coinOff
              ? 'errors.currencyUnavailable'
              : unavailable
                ? 'errors.merchantUnavailable'
                : 'errors.linkExpired',
          { currency: link?.currency ?? '' },
        )
      : t(failed ? 'status.failed' : lockEnded ? 'status.lockEnded' : 'status.expired');
  return (
    <div className="space-y-4 py-2 text-center">
      {failed ? (
        <XCircleIcon className="mx-auto size-14 text-red-600" />
      ) : (
        <ClockIcon className="mx-auto size-14 text-slate-400" />
      )}
      <div>
        <h2 className="text-xl font-semibold">{title}</h2>
        {notice !== 'linkExpired' && !unavailable && (
          <p className="mt-1 text-sm text-slate-600">
            {t(failed ? 'failedBody' : lockEnded ? 'lockEndedBody' : 'expiredBody')}
          </p>
        )}
      </div>
      {unavailable && (
        <p className="text-sm text-slate-600">
          {t(
            maintenance
              ? 'errors.maintenanceBody'
              : coinOff
                ? 'errors.currencyUnavailableBody'
                : 'errors.merchantUnavailableBody',
          )}
        </p>
      )}
      {notice === 'linkExpired' && <MerchantContact merchant={merchant} />}
      {unavailable && merchant.website && <MerchantContact merchant={merchant} ended={false} />}
      {notice === 'fundsOnExpired' && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-left text-sm text-amber-900">
          {t('errors.fundsOnExpired')}
        </p>
      )}
      {payment?.exception === 'paid_late' && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-left text-sm text-amber-900">
          {t('exception.paid_late')}
        </p>
      )}
      {state.canRetry && (
        <>
          <Button className="w-full" size="lg" onClick={onRetry} loading={state.busy === 'starting'}>
            {t('tryAgain')}
          </Button>
          <p className="text-xs text-slate-500">{t('retryHint')}</p>
        </>
      )}
    </div>
  );
}

/**
 * A link that no longer takes payments is not a dead end: who the merchant is and how to reach them (the
 * website of their business profile, when they set one; never their sign-in e-mail).
 */
function MerchantContact({ merchant, ended = true }: { merchant: TCheckout['merchant']; ended?: boolean }) {
  const { t } = useT();
  const site = merchant.website ? siteOf(merchant.website) : null;
  return (
    <div
      data-testid="merchant-contact"
      className="space-y-2 rounded-xl bg-slate-50 px-4 py-3 text-left text-sm text-slate-700 ring-1 ring-slate-200"
    >
      {ended && <p>{t('linkEndedBody', { merchant: merchant.name })}</p>}
      {site && merchant.website && (
        <>
          <p>{t('contactMerchant', { merchant: merchant.name })}</p>
          <p className="flex min-w-0 items-center gap-2">
            <span className="shrink-0 text-slate-500">{t('websiteLabel')}</span>
            <a
              href={merchant.website}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="min-w-0 font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {site}
            </a>
          </p>
        </>
      )}
    </div>
  );
}

/** The website as people say it: host and path, without the scheme or a trailing slash. */
function siteOf(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return null;
  }
}
