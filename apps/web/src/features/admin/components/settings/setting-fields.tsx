import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../../components/ui/card.tsx';
import { cn } from '../../../../components/ui/cn.ts';
import { Field, Input, Select, Toggle } from '../../../../components/ui/field.tsx';
import type { FormValue, SettingField } from '../../utils/settings-form.ts';

export type FieldState = {
  value: FormValue;
  error?: string;
  disabled: boolean;
  onChange: (value: FormValue) => void;
};

/** A card of settings: inputs in two columns on wide screens, then the switches, one per row. */
export function SettingsCard({
  title,
  description,
  note,
  fields,
  stateOf,
}: {
  title: string;
  description?: string;
  /** A notice about the whole card, above its fields. */
  note?: ReactNode;
  fields: readonly SettingField[];
  stateOf: (field: SettingField) => FieldState;
}) {
  const inputs = fields.filter((f) => f.kind !== 'switch');
  const switches = fields.filter((f) => f.kind === 'switch');
  return (
    <Card>
      <div className="border-b border-slate-200 px-5 py-4 sm:px-6 dark:border-white/10">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
        {description && <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{description}</p>}
      </div>
      <div className="space-y-6 p-5 sm:p-6">
        {note}
        {inputs.length > 0 && (
          <div className="grid grid-cols-1 gap-x-6 gap-y-5 md:grid-cols-2">
            {inputs.map((f) => (
              <InputField key={f.id} field={f} {...stateOf(f)} />
            ))}
          </div>
        )}
        {switches.length > 0 && (
          <ul
            className={cn(
              'divide-y divide-slate-100 dark:divide-white/5',
              inputs.length > 0 && 'border-t border-slate-200 pt-2 dark:border-white/10',
            )}
          >
            {switches.map((f) => (
              <SwitchRow key={f.id} field={f} {...stateOf(f)} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

/** The hint under a field: its own explanation, and whether the platform acts on it yet. */
function useHint(field: SettingField): string | undefined {
  const { t } = useTranslation('adminSettings');
  const own = t(`fields.${field.key}.hint`, { defaultValue: '' });
  const parts = [own, field.notApplied ? t('notApplied') : ''].filter(Boolean);
  return parts.length ? parts.join(' ') : undefined;
}

function InputField({ field, value, error, disabled, onChange }: { field: SettingField } & FieldState) {
  const { t } = useTranslation('adminSettings');
  const hint = useHint(field);
  const text = typeof value === 'string' ? value : '';
  return (
    <Field label={t(`fields.${field.key}.label`)} error={error} hint={hint}>
      {(id, describedBy) =>
        field.kind === 'select' ? (
          <Select
            id={id}
            value={text}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={!!error}
            disabled={disabled}
          >
            {(field.options ?? []).map((o) => (
              <option key={o} value={o} disabled={field.unavailableOptions?.includes(o)}>
                {t(`options.${field.key}.${o}`, { defaultValue: o })}
              </option>
            ))}
          </Select>
        ) : (
          <Input
            id={id}
            type={field.kind === 'number' ? 'number' : field.kind}
            value={text}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={!!error}
            disabled={disabled}
            {...(field.kind === 'number'
              ? { min: field.min, max: field.max, step: 1, inputMode: 'numeric' as const }
              : { maxLength: field.maxLength, autoComplete: 'off', spellCheck: false })}
            {...(field.kind === 'url' ? { placeholder: t(`fields.${field.key}.placeholder`) } : {})}
          />
        )
      }
    </Field>
  );
}

function SwitchRow({ field, value, error, disabled, onChange }: { field: SettingField } & FieldState) {
  const { t } = useTranslation('adminSettings');
  const id = useId();
  const hint = useHint(field);
  const label = t(`fields.${field.key}.label`);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="mt-0.5 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      <Toggle
        id={id}
        label={label}
        checked={field.notConfigured ? false : value === true}
        onChange={onChange}
        disabled={disabled || field.notConfigured}
        describedBy={describedBy || undefined}
      />
    </li>
  );
}
