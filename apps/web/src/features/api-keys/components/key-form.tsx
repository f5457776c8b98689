import {
  API_KEY_DEFAULT_PERMISSIONS,
  API_KEY_NAME_MAX,
  API_KEY_PERMISSIONS,
  type TApiKeyPermission,
  ZCreateApiKeyRequest,
} from '@coinlane/core/api/api-keys';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { translateKnown } from '../utils/messages.ts';

/** Name (required) and permissions (at least one; read by default), validated by the API's own schema. */
export const ZKeyForm = ZCreateApiKeyRequest.pick({ name: true, permissions: true });
export type KeyFormValues = { name: string; permissions: TApiKeyPermission[] };

/**
 * The fields of a key, for the create form and the edit dialog. The caller supplies the buttons; `onSubmit`
 * receives the parsed values (names trimmed, permissions in the order read, write, webhook).
 */
export function KeyForm({
  id,
  initial,
  onSubmit,
  onChange,
  footer,
}: {
  id: string;
  initial?: KeyFormValues;
  onSubmit: (values: KeyFormValues) => Promise<void> | void;
  onChange?: () => void;
  footer: (submitting: boolean) => ReactNode;
}) {
  const { t } = useTranslation('apiKeys');
  const form = useForm<KeyFormValues>({
    resolver: zodResolver(ZKeyForm) as never,
    defaultValues: initial ?? { name: '', permissions: [...API_KEY_DEFAULT_PERMISSIONS] },
  });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  const text = (m: string | undefined) => (m ? (translateKnown(m, t) ?? m) : undefined);
  const permissionsError = text(errors.permissions?.message ?? errors.permissions?.root?.message);

  return (
    <form
      id={id}
      noValidate
      onChange={onChange}
      onSubmit={handleSubmit(async (values) => {
        await onSubmit(values);
      })}
      className="space-y-5"
    >
      <Field label={t('form.name')} error={text(errors.name?.message)}>
        {(fieldId, d) => (
          <Input
            id={fieldId}
            autoComplete="off"
            maxLength={API_KEY_NAME_MAX}
            placeholder={t('form.namePlaceholder')}
            aria-describedby={d}
            aria-invalid={!!errors.name}
            aria-required="true"
            {...register('name')}
          />
        )}
      </Field>
      <fieldset aria-describedby={permissionsError ? `${id}-permissions-error` : undefined}>
        <legend className="mb-2 block text-sm font-medium text-slate-700 dark:text-slate-300">
          {t('form.permissions')}
        </legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {API_KEY_PERMISSIONS.map((p) => (
            <label
              key={p}
              htmlFor={`${id}-${p}`}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 transition-colors hover:bg-slate-50 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40 dark:border-white/15 dark:hover:bg-white/5 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-500/10"
            >
              <Checkbox
                id={`${id}-${p}`}
                value={p}
                className="mt-0.5 shrink-0"
                {...register('permissions')}
              />
              <span className="min-w-0">
                <span className="block text-sm font-medium text-slate-900 dark:text-slate-100">
                  {t(`permissions.${p}.label`)}
                </span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {t(`permissions.${p}.description`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        {permissionsError && (
          <p id={`${id}-permissions-error`} className="mt-2 text-sm text-red-600 dark:text-red-400">
            {permissionsError}
          </p>
        )}
      </fieldset>
      {footer(formState.isSubmitting)}
    </form>
  );
}
