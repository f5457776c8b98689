import {
  PLAN_DESCRIPTION_MAX,
  PLAN_FEATURE_MAX,
  PLAN_FEATURES_MAX,
  PLAN_NAME_MAX,
  PLAN_PRICE_RULES,
  type TPlan,
} from '@coinlane/core/api/subscriptions';
import {
  MAX_GRACE_DAYS,
  MAX_RENEWAL_LEAD_DAYS,
  PLAN_CURRENCIES,
  PLAN_INTERVALS,
  type TPlanCurrency,
  type TPlanInterval,
} from '@coinlane/core/subscription-status';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePlanMutations } from '../hooks/use-subscriptions.ts';
import { failureText, fieldText } from '../utils/messages.ts';
import {
  addFeature,
  canRemoveFeature,
  EMPTY_PLAN,
  type PlanFormErrors,
  type PlanFormValues,
  planRequest,
  planToForm,
  priceStep,
  removeFeature,
  serverFieldErrors,
  validatePlanForm,
} from '../utils/plan-form.ts';

/**
 * The plan form of merchant spec 5, to create a plan or (with `plan`) edit one. Checked with the server's rules
 * and texts before it is sent; the server's field errors show under their fields. `onDone` after a save.
 */
export function PlanForm({
  plan,
  onDone,
  onCancel,
}: {
  plan?: TPlan;
  onDone: (plan: TPlan) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('subscriptions');
  const { create, update } = usePlanMutations();
  const [v, setV] = useState<PlanFormValues>(() => (plan ? planToForm(plan) : EMPTY_PLAN));
  const [errors, setErrors] = useState<PlanFormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  const editing = plan !== undefined;

  const set = <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K]) => {
    setProblem(null);
    setErrors((old) => {
      const rest: PlanFormErrors = { ...old };
      delete rest[key];
      // A new currency changes what a valid price is.
      if (key === 'currency') delete rest.price;
      return rest;
    });
    setV((old) => ({ ...old, [key]: value }));
  };
  const setFeature = (index: number, text: string) =>
    set(
      'features',
      v.features.map((f, i) => (i === index ? text : f)),
    );

  const error = (field: keyof PlanFormErrors) => {
    const message = errors[field];
    return message ? fieldText(message, t) : undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bad = validatePlanForm(v);
    setErrors(bad);
    if (Object.keys(bad).length > 0) {
      setProblem(null);
      return;
    }
    const body = planRequest(v, editing);
    const onError = (err: unknown) => {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        const placed = serverFieldErrors(err.fields);
        setErrors(placed.errors);
        setProblem(placed.other.length > 0 ? placed.other.map((m) => fieldText(m, t)).join(' ') : null);
        return;
      }
      setProblem(failureText(err, 'save', t));
    };
    if (plan) update.mutate({ id: plan.id, body }, { onSuccess: onDone, onError });
    else create.mutate(body, { onSuccess: onDone, onError });
  };

  const decimals = PLAN_PRICE_RULES[v.currency].decimals;
  const lead = Number(v.renewalLeadDays);
  const grace = Number(v.graceDays);

  return (
    <Card className="p-4 sm:p-6" data-testid="plan-form">
      <h2 className="text-base font-semibold">
        {plan ? t('form.editTitle', { name: plan.name }) : t('form.createTitle')}
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 space-y-5" aria-busy={busy}>
        {problem && <Banner>{problem}</Banner>}
        <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
          <Field label={t('form.name')} error={error('name')} className="sm:col-span-2">
            {(id, describedBy) => (
              <Input
                id={id}
                name="name"
                required
                maxLength={PLAN_NAME_MAX}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={describedBy}
                value={v.name}
                placeholder={t('form.namePlaceholder')}
                onChange={(e) => set('name', e.target.value)}
              />
            )}
          </Field>
          <Field
            label={t('form.price')}
            error={error('price')}
            hint={t('form.priceHint', { count: decimals, currency: v.currency })}
          >
            {(id, describedBy) => (
              <Input
                id={id}
                name="price"
                type="number"
                inputMode="decimal"
                required
                min="0"
                step={priceStep(v.currency)}
                aria-invalid={errors.price ? true : undefined}
                aria-describedby={describedBy}
                value={v.price}
                placeholder={v.currency === 'USD' ? '29.00' : '0.001'}
                onChange={(e) => set('price', e.target.value)}
              />
            )}
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field label={t('form.currency')} error={error('currency')}>
              {(id) => (
                <Select
                  id={id}
                  name="currency"
                  value={v.currency}
                  onChange={(e) => set('currency', e.target.value as TPlanCurrency)}
                >
                  {PLAN_CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={t('form.interval')} error={error('interval')}>
              {(id) => (
                <Select
                  id={id}
                  name="interval"
                  value={v.interval}
                  onChange={(e) => set('interval', e.target.value as TPlanInterval)}
                >
                  {PLAN_INTERVALS.map((i) => (
                    <option key={i} value={i}>
                      {t(`form.${i}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <Field label={t('form.description')} error={error('description')} className="sm:col-span-2">
            {(id, describedBy) => (
              <Textarea
                id={id}
                name="description"
                rows={2}
                maxLength={PLAN_DESCRIPTION_MAX}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={describedBy}
                value={v.description}
                placeholder={t('form.descriptionPlaceholder')}
                onChange={(e) => set('description', e.target.value)}
              />
            )}
          </Field>
          <fieldset className="space-y-2 sm:col-span-2" data-testid="plan-features">
            <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
              {t('form.features')}
            </legend>
            <ul className="space-y-2">
              {v.features.map((feature, i) => (
                // Feature lines have no identity of their own but their place in the list.
                // biome-ignore lint/suspicious/noArrayIndexKey: the inputs are positional
                <li key={i} className="flex items-center gap-2">
                  <Input
                    aria-label={t('form.feature', { number: i + 1 })}
                    name="feature"
                    maxLength={PLAN_FEATURE_MAX}
                    value={feature}
                    placeholder={i === 0 ? t('form.featurePlaceholder') : undefined}
                    onChange={(e) => setFeature(i, e.target.value)}
                  />
                  {canRemoveFeature(v.features) && (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="size-10 shrink-0 px-0 text-slate-500 hover:text-red-600 dark:text-slate-400 dark:hover:text-red-400"
                      aria-label={t('form.removeFeature', { number: i + 1 })}
                      onClick={() => set('features', removeFeature(v.features, i))}
                    >
                      <X className="size-5" aria-hidden="true" />
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {errors.features && <p className="text-sm text-red-600 dark:text-red-400">{error('features')}</p>}
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs text-slate-500 dark:text-slate-400">{t('form.featuresHint')}</p>
              {v.features.length < PLAN_FEATURES_MAX && (
                <Button variant="outline" size="sm" onClick={() => set('features', addFeature(v.features))}>
                  <Plus className="size-4" aria-hidden="true" />
                  {t('form.addFeature')}
                </Button>
              )}
            </div>
          </fieldset>
          <h3 className="border-t border-slate-200 pt-4 text-sm font-semibold text-slate-900 sm:col-span-2 dark:border-white/10 dark:text-white">
            {t('form.renewal')}
          </h3>
          <Field
            label={t('form.leadDays')}
            error={error('renewalLeadDays')}
            hint={Number.isInteger(lead) ? t('form.leadHint', { count: lead }) : undefined}
          >
            {(id, describedBy) => (
              <Input
                id={id}
                name="renewalLeadDays"
                type="number"
                inputMode="numeric"
                min="0"
                max={MAX_RENEWAL_LEAD_DAYS}
                step="1"
                aria-invalid={errors.renewalLeadDays ? true : undefined}
                aria-describedby={describedBy}
                value={v.renewalLeadDays}
                onChange={(e) => set('renewalLeadDays', e.target.value)}
              />
            )}
          </Field>
          <Field
            label={t('form.graceDays')}
            error={error('graceDays')}
            hint={Number.isInteger(grace) ? t('form.graceHint', { count: grace }) : undefined}
          >
            {(id, describedBy) => (
              <Input
                id={id}
                name="graceDays"
                type="number"
                inputMode="numeric"
                min="0"
                max={MAX_GRACE_DAYS}
                step="1"
                aria-invalid={errors.graceDays ? true : undefined}
                aria-describedby={describedBy}
                value={v.graceDays}
                onChange={(e) => set('graceDays', e.target.value)}
              />
            )}
          </Field>
        </fieldset>
        {editing && <p className="text-xs text-slate-500 dark:text-slate-400">{t('form.changeNote')}</p>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {busy ? t('form.saving') : editing ? t('form.save') : t('form.create')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
