import {
  DEFAULT_LINK_EXPIRY_HOURS,
  LINK_EXPIRY_HOURS,
  type TPaymentLink,
} from '@coinlane/core/api/payment-links';
import {
  DEFAULT_CRYPTO,
  DEFAULT_FIAT,
  FIAT_CODES,
  FIAT_CURRENCIES,
  type TFiatCode,
} from '@coinlane/core/currencies';
import { RETURN_URL_MAX } from '@coinlane/core/return-url';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx';
import { formatCrypto, formatRate } from '../../../lib/amounts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.ts';
import { fetchPreferences } from '../api/payment-links-api.ts';
import { useCreateLink, useCurrencies, useRates } from '../hooks/use-payment-links.ts';
import {
  amountStep,
  createLinkProblem,
  type LinkFormValues,
  type LinkProblem,
  networkFor,
  networksOf,
  previewCoinPrice,
  previewCryptoAmount,
  returnUrlProblem,
  validateLinkForm,
} from '../utils/link-form.ts';

const INITIAL: LinkFormValues = {
  fiatAmount: '',
  fiatCurrency: DEFAULT_FIAT,
  // Not chosen yet: the merchant's default currency (Settings → Preferences) until they pick one.
  crypto: '',
  network: '',
  description: '',
  expiresInHours: DEFAULT_LINK_EXPIRY_HOURS,
  returnUrl: '',
};

/** The create form of merchant spec 2 and 5; `onCreated` receives the new link. */
export function CreateLinkForm({ onCreated }: { onCreated: (link: TPaymentLink) => void }) {
  const { t, i18n } = useTranslation('paymentLinks');
  const currencies = useCurrencies();
  const list = currencies.data ?? [];
  const rates = useRates(list.map((c) => c.symbol));
  const create = useCreateLink();
  const { user } = useSession();
  const [v, setV] = useState<LinkFormValues>(INITIAL);
  const [problem, setProblem] = useState<LinkProblem | null>(null);
  // The return URL's own error, under its field (the server's INVALID_RETURN_URL lands there too).
  const [returnUrlError, setReturnUrlErrorText] = useState<string | null>(null);
  const [advanced, setAdvanced] = useState(false);
  const setReturnUrlError = (text: string | null) => {
    setReturnUrlErrorText(text);
    if (text) setAdvanced(true);
  };
  const busy = create.isPending;
  // The same cache entry as the Settings page's (['settings']).
  const prefs = useQuery({ queryKey: ['settings'], queryFn: fetchPreferences, staleTime: 60_000 });
  const chosen = v.crypto || prefs.data?.defaultCurrency || DEFAULT_CRYPTO;
  // The coin offered first when the chosen one is not in this mode's list (live: only chains with a node).
  const crypto = list.length === 0 || list.some((c) => c.symbol === chosen) ? chosen : list[0]!.symbol;
  const network = networkFor(list, crypto, v.network);
  const nets = networksOf(list, crypto);
  const noLive = user?.mode === 'live' && currencies.isSuccess && list.length === 0;
  const net = nets.find((n) => n.id === network);
  const preview = net ? previewCryptoAmount({ ...v, crypto }, rates.data ?? {}, net.decimals) : null;
  const price = preview ? previewCoinPrice({ ...v, crypto }, rates.data ?? {}) : null;

  const set = <K extends keyof LinkFormValues>(key: K, value: LinkFormValues[K]) => {
    setProblem(null);
    if (key === 'returnUrl') setReturnUrlError(null);
    setV((old) => {
      const next = { ...old, crypto, [key]: value };
      // The network follows the coin: kept when valid for it, else the coin's first network (spec 4).
      next.network = networkFor(list, next.crypto, next.network);
      return next;
    });
  };

  const problemText = (p: LinkProblem) =>
    'message' in p ? p.message : t(`errors.${p.key}`, { currency: p.currency ?? '' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = { ...v, crypto, network };
    const bad = validateLinkForm(values, list, rates.data ?? {});
    if (bad) {
      setProblem(bad);
      return;
    }
    const badReturn = returnUrlProblem(values.returnUrl, user?.mode ?? 'test');
    if (badReturn) {
      setReturnUrlError(t(`returnUrlErrors.${badReturn}`, { count: RETURN_URL_MAX }));
      return;
    }
    create.mutate(
      {
        fiatAmount: values.fiatAmount.trim(),
        fiatCurrency: values.fiatCurrency,
        currency: values.crypto,
        network: values.network || undefined,
        description: values.description.trim() || undefined,
        expiresInHours: values.expiresInHours,
        returnUrl: values.returnUrl.trim() || undefined,
      },
      {
        onSuccess: (link) => {
          if (!link) {
            setProblem({ message: t('errors.createFailed') });
            return;
          }
          setV(INITIAL);
          onCreated(link);
        },
        onError: (err) =>
          err instanceof ApiError && err.code === 'INVALID_RETURN_URL'
            ? setReturnUrlError(err.fields.returnUrl ?? err.message)
            : setProblem(createLinkProblem(err)),
      },
    );
  };

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-base font-semibold">{t('form.title')}</h2>
      <form
        onSubmit={submit}
        noValidate
        className="mt-4 space-y-4"
        aria-busy={busy}
        data-testid="create-link-form"
      >
        {problem && <Banner>{problemText(problem)}</Banner>}
        {currencies.isError && <Banner>{t('list.loadFailed')}</Banner>}
        {noLive && <Banner>{t('form.noLiveCurrencies')}</Banner>}
        <fieldset disabled={busy || noLive} className="grid gap-4 sm:grid-cols-2">
          <Field label={t('form.amount')}>
            {(id) => (
              <Input
                id={id}
                name="fiatAmount"
                type="number"
                inputMode="decimal"
                required
                min="0"
                step={amountStep(v.fiatCurrency)}
                value={v.fiatAmount}
                onChange={(e) => set('fiatAmount', e.target.value)}
                placeholder={FIAT_CURRENCIES[v.fiatCurrency].decimals === 0 ? '1000' : '100.00'}
              />
            )}
          </Field>
          <Field label={t('form.fiatCurrency')}>
            {(id) => (
              <Select
                id={id}
                name="fiatCurrency"
                value={v.fiatCurrency}
                onChange={(e) => set('fiatCurrency', e.target.value as TFiatCode)}
              >
                {FIAT_CODES.map((code) => (
                  <option key={code} value={code}>
                    {FIAT_CURRENCIES[code].symbol} {code}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('form.crypto')}>
            {(id) => (
              <Select id={id} name="crypto" value={crypto} onChange={(e) => set('crypto', e.target.value)}>
                {(list.length > 0 ? list : [{ symbol: DEFAULT_CRYPTO, name: 'Bitcoin', networks: [] }]).map(
                  (c) => (
                    <option key={c.symbol} value={c.symbol}>
                      {c.symbol} · {c.name}
                    </option>
                  ),
                )}
              </Select>
            )}
          </Field>
          {nets.length > 1 ? (
            <Field
              label={t('form.network')}
              hint={
                net
                  ? net.feeText && net.speedText
                    ? t('form.networkHint', {
                        fee: net.feeText,
                        speed: net.speedText,
                        count: net.requiredConfirmations,
                      })
                    : t('form.networkHintShort', { count: net.requiredConfirmations })
                  : undefined
              }
            >
              {(id, describedBy) => (
                <Select
                  id={id}
                  name="network"
                  aria-describedby={describedBy}
                  value={network}
                  onChange={(e) => set('network', e.target.value)}
                >
                  {nets.map((n) => (
                    <option key={n.id} value={n.id}>
                      {n.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ) : (
            <Field label={t('form.expiry')}>
              {(id) => (
                <ExpirySelect id={id} value={v.expiresInHours} onChange={(h) => set('expiresInHours', h)} />
              )}
            </Field>
          )}
          <Field label={t('form.description')} className="sm:col-span-2">
            {(id) => (
              <Textarea
                id={id}
                name="description"
                rows={2}
                maxLength={500}
                value={v.description}
                onChange={(e) => set('description', e.target.value)}
                placeholder={t('form.descriptionPlaceholder')}
              />
            )}
          </Field>
          {nets.length > 1 && (
            <Field label={t('form.expiry')}>
              {(id) => (
                <ExpirySelect id={id} value={v.expiresInHours} onChange={(h) => set('expiresInHours', h)} />
              )}
            </Field>
          )}
          {/* Opens by itself when the return URL is refused, so its error is seen. */}
          <details
            className="sm:col-span-2"
            open={advanced}
            onToggle={(e) => setAdvanced(e.currentTarget.open)}
            data-testid="link-advanced"
          >
            <summary className="cursor-pointer text-sm font-medium text-slate-700 select-none dark:text-slate-300">
              {t('form.advanced')}
            </summary>
            <Field
              label={t('form.returnUrl')}
              hint={t('form.returnUrlHint')}
              error={returnUrlError ?? undefined}
              className="mt-3"
            >
              {(id, describedBy) => (
                <Input
                  id={id}
                  name="returnUrl"
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  spellCheck={false}
                  maxLength={RETURN_URL_MAX}
                  aria-describedby={describedBy}
                  aria-invalid={returnUrlError ? true : undefined}
                  value={v.returnUrl}
                  onChange={(e) => set('returnUrl', e.target.value)}
                  placeholder={t('form.returnUrlPlaceholder')}
                />
              )}
            </Field>
          </details>
        </fieldset>
        <div className="flex flex-col gap-3 rounded-lg bg-slate-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:bg-white/5">
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="crypto-preview">
            {rates.isPending && list.length > 0 ? (
              t('form.rateLoading')
            ) : preview && net ? (
              <>
                {t('form.preview')}{' '}
                <strong className="whitespace-nowrap tabular-nums text-slate-900 dark:text-white">
                  {formatCrypto(preview, crypto, i18n.language, { decimals: net.decimals })} {crypto}
                </strong>
                {/* one network and so no network field: the preview names it (USDT on Tron, say) */}
                {nets.length === 1 && <> {t('form.previewOn', { network: net.name })}</>}
                {price && (
                  <span
                    className="block text-xs text-slate-500 tabular-nums dark:text-slate-400"
                    data-testid="preview-rate"
                  >
                    {t('form.rate', {
                      coin: crypto,
                      price: formatRate(price, v.fiatCurrency, i18n.language),
                    })}
                  </span>
                )}
              </>
            ) : (
              t('form.previewNone')
            )}
          </p>
          <Button
            type="submit"
            loading={busy}
            disabled={busy || noLive || currencies.isPending || (rates.isPending && list.length > 0)}
          >
            {busy ? t('form.submitting') : t('form.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ExpirySelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number;
  onChange: (hours: number) => void;
}) {
  const { t } = useTranslation('paymentLinks');
  return (
    <Select
      id={id}
      name="expiresInHours"
      value={String(value)}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      {LINK_EXPIRY_HOURS.map((h) => (
        <option key={h} value={h}>
          {t(`form.expiryOptions.h${h}`)}
        </option>
      ))}
    </Select>
  );
}
