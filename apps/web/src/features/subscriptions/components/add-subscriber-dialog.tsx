import type { TCurrencyOption } from '@coinlane/core/api/currencies';
import type { TPlan, TSubscriber } from '@coinlane/core/api/subscriptions';
import { LANGUAGES, type TLanguage } from '@coinlane/core/options';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.ts';
import { useCurrencies, useSubscriberMutations } from '../hooks/use-subscriptions.ts';
import { failureText, fieldText } from '../utils/messages.ts';

type Values = { planId: string; email: string; currency: string; network: string; language: TLanguage };
type FieldName = 'planId' | 'email' | 'currency' | 'network' | 'language';

/**
 * The coins that can pay a plan: any coin the merchant receives for a USD plan; a plan priced in a coin is paid
 * in that coin (its networks as offered).
 */
export function coinsForPlan(plan: TPlan | undefined, currencies: readonly TCurrencyOption[]) {
  if (!plan) return [];
  return plan.currency === 'USD' ? [...currencies] : currencies.filter((c) => c.symbol === plan.currency);
}

const asLanguage = (lang: string): TLanguage =>
  (LANGUAGES as readonly string[]).includes(lang.slice(0, 2)) ? (lang.slice(0, 2) as TLanguage) : 'en';

/**
 * Add subscriber (POST /subscriptions/subscribers): the merchant enrols an e-mail address in an active plan with
 * the coin it pays in; the subscriber is e-mailed an invitation with the first invoice.
 */
export function AddSubscriberDialog({
  open,
  plans,
  onClose,
  onDone,
}: {
  open: boolean;
  plans: TPlan[];
  onClose: () => void;
  onDone: (subscriber: TSubscriber) => void;
}) {
  const { t, i18n } = useTranslation('subscriptions');
  const { user } = useSession();
  const currencies = useCurrencies(open);
  const { enrol } = useSubscriberMutations();
  const active = plans.filter((p) => p.active);
  const [v, setV] = useState<Values>(() => ({
    planId: active[0]?.id ?? '',
    email: '',
    currency: '',
    network: '',
    language: asLanguage(i18n.language),
  }));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const plan = active.find((p) => p.id === v.planId) ?? active[0];
  const coins = coinsForPlan(plan, currencies.data ?? []);
  const coin = coins.find((c) => c.symbol === v.currency) ?? coins[0];
  const network = coin?.networks.find((n) => n.id === v.network) ?? coin?.networks[0];
  const busy = enrol.isPending;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setProblem(null);
    setErrors((old) => ({ ...old, [key]: undefined }));
    setV((old) => ({ ...old, [key]: value }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!plan || !coin) return;
    enrol.mutate(
      {
        planId: plan.id,
        email: v.email.trim(),
        currency: coin.symbol,
        ...(network ? { network: network.id } : {}),
        language: v.language,
      },
      {
        onSuccess: (subscriber) => {
          onDone(subscriber);
        },
        onError: (err) => {
          if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
            const placed: Partial<Record<FieldName, string>> = {};
            const other: string[] = [];
            for (const [path, message] of Object.entries(err.fields)) {
              const head = path.split('.')[0] as FieldName;
              if (['planId', 'email', 'currency', 'network', 'language'].includes(head))
                placed[head] ??= message;
              else other.push(message);
            }
            setErrors(placed);
            setProblem(other.length > 0 ? other.map((m) => fieldText(m, t)).join(' ') : null);
            return;
          }
          setProblem(failureText(err, 'enrol', t));
        },
      },
    );
  };

  const error = (f: FieldName) => (errors[f] ? fieldText(errors[f], t) : undefined);
  const formId = 'add-subscriber-form';

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={t('enrol.title')}
      description={t('enrol.description')}
      closeLabel={t('close')}
      className="max-w-lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={!plan || !coin}>
            {busy ? t('enrol.sending') : t('enrol.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4" data-testid="add-subscriber-form">
        {user?.mode === 'test' && <Banner tone="info">{t('enrol.testNote')}</Banner>}
        {problem && <Banner>{problem}</Banner>}
        {active.length === 0 ? (
          <Banner tone="warning">{t('enrol.noPlans')}</Banner>
        ) : (
          <fieldset disabled={busy} className="space-y-4">
            <Field label={t('enrol.plan')} error={error('planId')}>
              {(id) => (
                <Select
                  id={id}
                  name="planId"
                  value={plan?.id ?? ''}
                  onChange={(e) => set('planId', e.target.value)}
                >
                  {active.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={t('enrol.email')} error={error('email')}>
              {(id, describedBy) => (
                <Input
                  id={id}
                  name="email"
                  type="email"
                  autoComplete="off"
                  required
                  maxLength={254}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={describedBy}
                  value={v.email}
                  onChange={(e) => set('email', e.target.value)}
                />
              )}
            </Field>
            {currencies.isError ? (
              <Banner>{t('errors.currenciesLoad')}</Banner>
            ) : currencies.isSuccess && coins.length === 0 ? (
              <Banner tone="warning">{t('enrol.noCoins')}</Banner>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label={t('enrol.coin')}
                  error={error('currency')}
                  hint={
                    plan && plan.currency !== 'USD'
                      ? t('enrol.coinFixed', { currency: plan.currency })
                      : undefined
                  }
                >
                  {(id, describedBy) => (
                    <Select
                      id={id}
                      name="currency"
                      aria-describedby={describedBy}
                      value={coin?.symbol ?? ''}
                      disabled={currencies.isPending}
                      onChange={(e) => set('currency', e.target.value)}
                    >
                      {coins.map((c) => (
                        <option key={c.symbol} value={c.symbol}>
                          {c.symbol} · {c.name}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                {coin && coin.networks.length > 1 && (
                  <Field label={t('enrol.network')} error={error('network')}>
                    {(id) => (
                      <Select
                        id={id}
                        name="network"
                        value={network?.id ?? ''}
                        onChange={(e) => set('network', e.target.value)}
                      >
                        {coin.networks.map((n) => (
                          <option key={n.id} value={n.id}>
                            {n.name}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                )}
              </div>
            )}
            <Field label={t('enrol.language')} error={error('language')}>
              {(id) => (
                <Select
                  id={id}
                  name="language"
                  value={v.language}
                  onChange={(e) => set('language', e.target.value as TLanguage)}
                >
                  {LANGUAGES.map((l) => (
                    <option key={l} value={l}>
                      {t(`enrol.languages.${l}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </fieldset>
        )}
      </form>
    </Dialog>
  );
}
