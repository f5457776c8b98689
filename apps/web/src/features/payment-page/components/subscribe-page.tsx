import type { TPublicPlan } from '@coinlane/core/api/subscriptions';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CheckoutApiError } from '../api/checkout-api.ts';
import { getPublicPlan, subscribeToPlan } from '../api/subscription-api.ts';
import { formatPlanAmount, intervalKey } from '../subscription-format.ts';
import { useSubscriptionT } from '../subscription-i18n.tsx';
import { CheckCircleIcon, ClockIcon, WarningIcon } from './icons.tsx';
import { Card, ErrorPanel, Footer, MerchantHeader } from './page-parts.tsx';

/** A plausible address; the server checks it for real (and says so under the field). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type TLoad =
  | { phase: 'loading' }
  | { phase: 'error'; error: 'notFound' | 'loadFailed' | 'merchantUnavailable' | 'maintenance' }
  | { phase: 'ready'; plan: TPublicPlan };

type TCoin = TPublicPlan['coins'][number];
const coinKey = (c: TCoin) => `${c.currency}|${c.network}`;

/** The coins by currency, in the server's order (a merchant may take one coin on many networks). */
function groupByCurrency(coins: TCoin[]): [string, TCoin[]][] {
  const groups = new Map<string, TCoin[]>();
  for (const c of coins) groups.set(c.currency, [...(groups.get(c.currency) ?? []), c]);
  return [...groups];
}

/**
 * The public subscribe page /subscribe/{planId}: the plan, and a form (e-mail, the coin to pay with). Subscribing
 * creates the subscription and its first invoice; the visitor is then sent to that invoice's hosted payment page.
 */
export function SubscribePage({
  planId,
  onNavigate = (url) => window.location.assign(url),
}: {
  planId: string;
  /** Opens the first invoice's payment page (a full navigation). */
  onNavigate?: (url: string) => void;
}) {
  const { t } = useSubscriptionT();
  const [load, setLoad] = useState<TLoad>({ phase: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    getPublicPlan(planId, abort.signal).then(
      (plan) => setLoad({ phase: 'ready', plan }),
      (err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        const e = err instanceof CheckoutApiError ? err : null;
        setLoad({
          phase: 'error',
          error:
            e?.status === 404
              ? 'notFound'
              : e?.code === 'MERCHANT_UNAVAILABLE'
                ? 'merchantUnavailable'
                : e?.code === 'MAINTENANCE'
                  ? 'maintenance'
                  : 'loadFailed',
        });
      },
    );
    return () => abort.abort();
  }, [planId]);

  const plan = load.phase === 'ready' ? load.plan : null;
  useEffect(() => {
    document.title = plan
      ? t('subscribe.pageTitle', { plan: plan.name, merchant: plan.merchantName })
      : t('sub.docTitle');
  }, [plan, t]);

  return (
    <div className="flex min-h-dvh flex-col bg-slate-100 text-slate-900">
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 pt-5 pb-6 sm:pt-10">
        {load.phase === 'loading' && (
          <div className="flex min-h-[60vh] items-center justify-center text-brand-600">
            <Spinner className="size-8" label={t('subscribe.loading')} />
          </div>
        )}
        {load.phase === 'error' &&
          (load.error === 'notFound' ? (
            <ErrorPanel title={t('subscribe.notFound')} message={t('sub.notFoundBody')} retry={false} />
          ) : load.error === 'loadFailed' ? (
            <ErrorPanel title={t('subscribe.loadFailed')} message={t('errors.pageLoadFailedBody')} />
          ) : (
            <ErrorPanel
              title={t(`errors.${load.error}`)}
              message={t(`errors.${load.error}Body`)}
              retry={load.error === 'maintenance'}
            />
          ))}
        {plan && (
          <div className="mx-auto max-w-md space-y-4 lg:max-w-4xl">
            <MerchantHeader
              name={plan.merchantName}
              testMode={plan.mode === 'test'}
              label={t('sub.merchantLabel')}
            />
            <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
              <PlanCard plan={plan} />
              {plan.active && plan.coins.length > 0 ? (
                <SubscribeForm
                  plan={plan}
                  onClosed={() => setLoad({ phase: 'ready', plan: { ...plan, active: false } })}
                  onNavigate={onNavigate}
                />
              ) : (
                <Card>
                  <div role="status" data-testid="plan-closed" className="space-y-3 py-2 text-center">
                    <ClockIcon className="mx-auto size-10 text-slate-400" />
                    <p className="text-base font-medium text-slate-900">
                      {plan.active
                        ? t('subscribe.noCoins', { merchant: plan.merchantName })
                        : t('subscribe.inactive')}
                    </p>
                  </div>
                </Card>
              )}
            </div>
          </div>
        )}
      </main>
      <Footer />
    </div>
  );
}

/** The price with its interval, the price in large type: '$9.99 / month'. */
export function PlanPrice({
  price,
  currency,
  interval,
  size = 'lg',
}: Pick<TPublicPlan, 'price' | 'currency' | 'interval'> & { size?: 'lg' | 'md' }) {
  const { t, lang } = useSubscriptionT();
  const [before = '', after = ''] = t(intervalKey(interval)).split('{{price}}');
  return (
    <p data-testid="plan-price" className="flex flex-wrap items-baseline gap-x-1.5">
      {before.trim() && <span className="text-sm font-medium text-slate-600">{before.trim()}</span>}
      {/* The spaces of the text, for its reading; the gap lays it out. */}
      {before.trim() && ' '}
      <span
        className={cn('font-semibold tracking-tight tabular-nums', size === 'lg' ? 'text-3xl' : 'text-xl')}
      >
        {formatPlanAmount(price, currency, lang)}
      </span>
      {after.trim() && ' '}
      <span className="text-sm font-medium whitespace-nowrap text-slate-600">{after.trim()}</span>
    </p>
  );
}

function PlanCard({ plan }: { plan: TPublicPlan }) {
  const { t } = useSubscriptionT();
  return (
    <Card>
      <div>
        <h2 data-testid="plan-name" className="text-xl font-semibold break-words text-slate-900">
          {plan.name}
        </h2>
        {plan.description && (
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-600">{plan.description}</p>
        )}
      </div>
      <PlanPrice price={plan.price} currency={plan.currency} interval={plan.interval} />
      {plan.features.length > 0 && (
        <section aria-labelledby="plan-features">
          <h3 id="plan-features" className="text-sm font-semibold text-slate-900">
            {t('subscribe.features')}
          </h3>
          <ul className="mt-2 space-y-2 text-sm text-slate-700">
            {plan.features.map((feature, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: features may repeat; a static list, never reordered
              <li key={i} className="flex gap-2">
                <CheckCircleIcon className="mt-0.5 size-4 shrink-0 text-green-600" />
                <span className="min-w-0 break-words">{feature}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Card>
  );
}

type TFieldErrors = { email?: string; coin?: string };

function SubscribeForm({
  plan,
  onClosed,
  onNavigate,
}: {
  plan: TPublicPlan;
  onClosed: () => void;
  onNavigate: (url: string) => void;
}) {
  const { t, lang } = useSubscriptionT();
  const ids = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [coin, setCoin] = useState(() => coinKey(plan.coins[0]!));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const address = email.trim();
    const chosen = plan.coins.find((c) => coinKey(c) === coin);
    const found: TFieldErrors = {
      email: !address
        ? t('subscribe.emailRequired')
        : EMAIL.test(address)
          ? undefined
          : t('subscribe.emailInvalid'),
      coin: chosen ? undefined : t('subscribe.coinInvalid'),
    };
    setErrors(found);
    setFailure(null);
    if (found.email || !chosen) {
      if (found.email) emailRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const reply = await subscribeToPlan(plan.id, {
        email: address,
        currency: chosen.currency,
        network: chosen.network,
        language: lang,
      });
      // Stays busy: the payment page of the first invoice replaces this one.
      onNavigate(reply.payUrl);
    } catch (err) {
      setBusy(false);
      const e = err instanceof CheckoutApiError ? err : null;
      if (e?.code === 'INVALID_STATE') return onClosed();
      if (e?.code === 'VALIDATION_ERROR' && Object.keys(e.fields).length > 0) {
        const fields = e.fields;
        setErrors({
          email: fields.email ? t('subscribe.emailInvalid') : undefined,
          coin: fields.currency || fields.network ? t('subscribe.coinInvalid') : undefined,
        });
        if (fields.email) emailRef.current?.focus();
        if (fields.email || fields.currency || fields.network) return;
      }
      setFailure(
        e?.status === 429
          ? t('subscribe.rateLimited')
          : e?.code === 'CONFLICT'
            ? t('subscribe.exists')
            : e?.code === 'MERCHANT_UNAVAILABLE'
              ? t('errors.merchantUnavailable')
              : e?.code === 'MAINTENANCE'
                ? t('errors.maintenance')
                : e?.status === 409
                  ? e.message
                  : t('subscribe.failed'),
      );
    }
  }

  const emailError = `${ids}-email-error`;
  const coinError = `${ids}-coin-error`;
  const inputClass = (invalid: boolean) =>
    cn(
      'block h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm focus:ring-2 focus:outline-none sm:text-sm',
      invalid
        ? 'border-red-500 focus:border-red-500 focus:ring-red-500/30'
        : 'border-slate-300 focus:border-brand-500 focus:ring-brand-500/30',
    );

  return (
    <Card>
      <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`} className="text-lg font-semibold text-slate-900">
          {t('subscribe.formTitle')}
        </h2>
        <div>
          <label htmlFor={`${ids}-email`} className="text-sm font-medium text-slate-700">
            {t('subscribe.email')}
          </label>
          <input
            ref={emailRef}
            id={`${ids}-email`}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? emailError : `${ids}-email-hint`}
            className={cn('mt-1', inputClass(!!errors.email))}
          />
          {errors.email ? (
            <p id={emailError} className="mt-1 text-sm text-red-700">
              {errors.email}
            </p>
          ) : (
            <p id={`${ids}-email-hint`} className="mt-1 text-xs text-slate-500">
              {t('subscribe.emailHint')}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${ids}-coin`} className="text-sm font-medium text-slate-700">
            {t('subscribe.payWith')}
          </label>
          <select
            id={`${ids}-coin`}
            name="coin"
            value={coin}
            onChange={(e) => setCoin(e.target.value)}
            aria-invalid={errors.coin ? true : undefined}
            aria-describedby={errors.coin ? coinError : undefined}
            className={cn('mt-1', inputClass(!!errors.coin))}
          >
            {groupByCurrency(plan.coins).map(([currency, coins]) => (
              <optgroup key={currency} label={currency}>
                {coins.map((c) => (
                  <option key={coinKey(c)} value={coinKey(c)}>
                    {t('subscribe.coinOption', { currency: c.currency, network: c.networkName })}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {errors.coin && (
            <p id={coinError} className="mt-1 text-sm text-red-700">
              {errors.coin}
            </p>
          )}
        </div>
        <section
          aria-labelledby={`${ids}-how`}
          className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200"
        >
          <h3 id={`${ids}-how`} className="text-sm font-semibold text-slate-900">
            {t('subscribe.howItWorks')}
          </h3>
          <ul data-testid="subscribe-note" className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>{t(plan.interval === 'yearly' ? 'subscribe.noteYearly' : 'subscribe.noteMonthly')}</li>
            <li>{t('subscribe.noteFirst')}</li>
            <li>{t('subscribe.noteEmail')}</li>
          </ul>
        </section>
        {failure && (
          <p
            role="alert"
            className="flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            <WarningIcon className="mt-0.5 size-4 shrink-0" />
            <span>{failure}</span>
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {t('subscribe.submit')}
        </Button>
      </form>
    </Card>
  );
}
