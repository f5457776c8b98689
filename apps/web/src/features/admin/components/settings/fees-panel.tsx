import type { TFeeStructure } from '@coinlane/core/api/admin';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../../components/ui/card.tsx';
import { Field, Input } from '../../../../components/ui/field.tsx';
import { formatListDate } from '../../utils/format.ts';
import { FEE_FIELDS, type FeeField, feeValue } from '../../utils/settings-form.ts';

/**
 * Fees & Pricing: the three fee structures (GET/PUT /admin/fees). Amounts are exact decimal strings, typed as
 * text (a number input would round through a float). An empty minimum or maximum means no bound.
 */
export function FeesPanel({
  structures,
  valueFor,
  errorOf,
  onChange,
  disabled,
}: {
  structures: readonly TFeeStructure[];
  valueFor: (structure: TFeeStructure, field: FeeField) => string;
  errorOf: (field: FeeField) => string | undefined;
  onChange: (field: FeeField, value: string) => void;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation('adminSettings');
  return (
    <div className="space-y-6">
      {structures.map((s) => (
        <Card key={s.type}>
          <div className="border-b border-slate-200 px-5 py-4 sm:px-6 dark:border-white/10">
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">
              {t(`fees.${s.type}.title`)}
            </h2>
            <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
              {t(`fees.${s.type}.description`)}
            </p>
            <p className="mt-1 text-xs text-slate-400 dark:text-slate-500">
              {t('fees.updatedAt', { date: formatListDate(s.updatedAt, i18n.language) })}
            </p>
          </div>
          <div className="grid grid-cols-1 gap-x-6 gap-y-5 p-5 sm:p-6 md:grid-cols-3">
            {(FEE_FIELDS[s.type] ?? []).map((f) => (
              <Field
                key={f.id}
                label={t(`fees.fields.${f.name}`)}
                error={errorOf(f)}
                hint={f.optional ? t('fees.noBoundHint') : undefined}
              >
                {(id, describedBy) => (
                  <div className="relative">
                    <Input
                      id={id}
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      value={valueFor(s, f)}
                      placeholder={f.optional ? t('fees.noBound') : feeValue(s, f)}
                      onChange={(e) => onChange(f, e.target.value)}
                      aria-describedby={describedBy}
                      aria-invalid={!!errorOf(f)}
                      disabled={disabled}
                      className="pr-14"
                    />
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs font-medium text-slate-400"
                    >
                      {f.name === 'percentage' ? '%' : s.currency}
                    </span>
                  </div>
                )}
              </Field>
            ))}
          </div>
        </Card>
      ))}
    </div>
  );
}
