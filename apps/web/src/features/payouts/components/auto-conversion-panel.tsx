import type { TPayoutSettings, TUpdatePayoutSettingsRequest } from '@coinlane/core/api/payouts';
import { CONVERSION_CURRENCIES } from '@coinlane/core/options';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Input, Select, Toggle } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { usePayoutMutations, usePayoutSettings } from '../hooks/use-payouts.ts';
import { refusalOr } from '../utils/error-text.ts';
import { bpsToPercent, slippageBpsOf } from '../utils/slippage.ts';

/**
 * Instant Payouts' Auto Conversion tab: the switch, the target currency (shown only while on, merchant spec 2),
 * the maximum slippage of swaps, and who holds the funds while they are converted.
 */
export function AutoConversionPanel() {
  const { t, i18n } = useTranslation('payouts');
  const settings = usePayoutSettings();
  const { saveSettings } = usePayoutMutations();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const toggleId = useId();
  const describedBy = `${toggleId}-text`;

  const save = (body: TUpdatePayoutSettingsRequest) => {
    setError(null);
    setSaved(false);
    saveSettings.mutate(body, {
      onSuccess: () => setSaved(true),
      onError: (err) => setError(refusalOr(err, t('errors.settings'))),
    });
  };

  if (settings.isError) {
    return (
      <Card className="space-y-3 p-5">
        <Banner>{t('errors.load')}</Banner>
        <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
          {t('retry')}
        </Button>
      </Card>
    );
  }
  const s = settings.data;
  return (
    <div className="space-y-6">
      <Card className="overflow-hidden">
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-white/10">
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('auto.heading')}</h2>
            <p id={describedBy} className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
              {t('auto.description')}
            </p>
          </div>
          {s ? (
            <div className="flex shrink-0 items-center gap-2 pt-0.5">
              <span className="text-sm font-medium text-slate-600 dark:text-slate-300" aria-hidden="true">
                {s.autoConversionEnabled ? t('auto.on') : t('auto.off')}
              </span>
              <Toggle
                id={toggleId}
                checked={s.autoConversionEnabled}
                label={t('auto.toggle')}
                describedBy={describedBy}
                disabled={saveSettings.isPending}
                onChange={(on) => save({ autoConversionEnabled: on })}
              />
            </div>
          ) : (
            <Skeleton className="h-6 w-20" />
          )}
        </div>
        <div className="space-y-5 p-5">
          {error && <Banner>{error}</Banner>}
          {saved && !error && <Banner tone="success">{t('auto.saved')}</Banner>}
          {!s ? (
            <div className="space-y-3" aria-busy="true">
              <Skeleton className="h-4 w-56" />
              <Skeleton className="h-9 w-64" />
            </div>
          ) : s.autoConversionEnabled ? (
            <div className="grid gap-5 md:grid-cols-2">
              <Field label={t('auto.target')} hint={t('auto.targetHint')}>
                {(id, d) => (
                  <Select
                    id={id}
                    aria-describedby={d}
                    value={s.conversionCurrency}
                    disabled={saveSettings.isPending}
                    onChange={(e) =>
                      save({ conversionCurrency: e.target.value as TPayoutSettings['conversionCurrency'] })
                    }
                  >
                    {CONVERSION_CURRENCIES.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <SlippageForm
                key={`${s.maxSlippageBps}:${i18n.language}`}
                bps={s.maxSlippageBps}
                busy={saveSettings.isPending}
                onSave={(maxSlippageBps) => save({ maxSlippageBps })}
              />
            </div>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('auto.offText')}</p>
          )}
        </div>
      </Card>

      <Card className="p-5" data-testid="custody">
        <div className="flex items-start gap-3">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-brand-500" aria-hidden="true" />
          <div className="min-w-0 space-y-2 text-sm text-slate-600 dark:text-slate-300">
            <h3 className="text-base font-semibold text-slate-900 dark:text-white">{t('custody.title')}</h3>
            <p>{t('custody.evm')}</p>
            <p>{t('custody.utxo')}</p>
          </div>
        </div>
      </Card>
    </div>
  );
}

/** The maximum slippage as a percentage (0.1 to 5, two decimals), saved with its own button. */
function SlippageForm({ bps, busy, onSave }: { bps: number; busy: boolean; onSave: (bps: number) => void }) {
  const { t, i18n } = useTranslation('payouts');
  const decimalSign = i18n.language === 'en' ? '.' : ',';
  const [text, setText] = useState(bpsToPercent(bps).replace('.', decimalSign));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = slippageBpsOf(text);
    if (value === null) {
      setProblem(t('errors.slippage'));
      return;
    }
    onSave(value);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field label={t('auto.slippage')} hint={t('auto.slippageHint')} error={problem ?? undefined}>
        {(id, d) => (
          <div className="flex gap-2">
            <div className="relative w-32">
              <Input
                id={id}
                aria-describedby={d}
                aria-invalid={problem ? true : undefined}
                inputMode="decimal"
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setProblem(null);
                }}
                className="pr-8"
              />
              <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500">
                %
              </span>
            </div>
            <Button type="submit" variant="outline" loading={busy} disabled={slippageBpsOf(text) === bps}>
              {t('auto.save')}
            </Button>
          </div>
        )}
      </Field>
    </form>
  );
}
