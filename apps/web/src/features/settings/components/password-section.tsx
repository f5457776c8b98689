import { changePasswordSchema, DEFAULT_PASSWORD_POLICY } from '@coinlane/core/api/auth';
import { T } from '@coinlane/core/texts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, PasswordInput } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  authConfigKey,
  changePassword,
  fetchAuthConfig,
  type TChangePasswordBody,
} from '../api/settings-api.ts';
import { useErrorText } from '../hooks/use-error-text.ts';
import { SettingsSection } from './settings-section.tsx';

type Notice = { tone: 'success' | 'error'; text: string };

/** Security: change the password (its own form and button, POST /auth/password). */
export function PasswordSection({ clearSignal, onEdit }: { clearSignal: number; onEdit: () => void }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const config = useQuery({ queryKey: authConfigKey, queryFn: fetchAuthConfig, staleTime: 5 * 60_000 });
  const policy = config.data
    ? { minLength: config.data.passwordMinLength, requireSpecial: config.data.passwordRequireSpecial }
    : DEFAULT_PASSWORD_POLICY;
  const schema = useMemo(
    () => changePasswordSchema({ minLength: policy.minLength, requireSpecial: policy.requireSpecial }),
    [policy.minLength, policy.requireSpecial],
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  const form = useForm<TChangePasswordBody>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { register, handleSubmit, formState, reset, setError, watch } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page signals a change
  useEffect(() => setNotice(null), [clearSignal]);

  useEffect(() => {
    const sub = watch((_values, { type }) => {
      if (type === 'change') {
        setNotice(null);
        onEdit();
      }
    });
    return () => sub.unsubscribe();
  }, [watch, onEdit]);

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      await changePassword(values);
      reset();
      setNotice({ tone: 'success', text: t('security.success') });
    } catch (err) {
      if (err instanceof ApiError) {
        let onField = false;
        for (const [name, message] of Object.entries(err.fields)) {
          if (name === 'currentPassword' || name === 'newPassword' || name === 'confirmPassword') {
            setError(name, { message });
            onField = true;
          }
        }
        if (err.code === 'INVALID_CREDENTIALS' || err.message === T.currentPasswordWrong) {
          setError('currentPassword', { message: err.message });
          onField = true;
        }
        // An error shown under its field is not repeated in the banner.
        if (!onField)
          setNotice({
            tone: 'error',
            text: (err.status > 0 && errorText(err.message)) || t('security.failed'),
          });
      } else setNotice({ tone: 'error', text: t('security.failed') });
    }
  });

  const toggle: [string, string] = [t('security.show'), t('security.hide')];
  const hint = policy.requireSpecial
    ? t('security.policySpecial', { count: policy.minLength })
    : t('security.policy', { count: policy.minLength });

  return (
    <form onSubmit={onSubmit} noValidate>
      <SettingsSection
        id="security"
        title={t('security.title')}
        description={t('security.description')}
        footer={
          <Button type="submit" variant="secondary" loading={formState.isSubmitting}>
            {t('security.update')}
          </Button>
        }
      >
        {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
        <Field
          label={t('security.currentPassword')}
          error={errorText(formState.errors.currentPassword?.message)}
        >
          {(id, describedBy) => (
            <PasswordInput
              id={id}
              autoComplete="current-password"
              toggleLabel={toggle}
              aria-describedby={describedBy}
              aria-invalid={!!formState.errors.currentPassword}
              {...register('currentPassword')}
            />
          )}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={t('security.newPassword')}
            error={errorText(formState.errors.newPassword?.message)}
            hint={hint}
          >
            {(id, describedBy) => (
              <PasswordInput
                id={id}
                autoComplete="new-password"
                toggleLabel={toggle}
                aria-describedby={describedBy}
                aria-invalid={!!formState.errors.newPassword}
                {...register('newPassword')}
              />
            )}
          </Field>
          <Field
            label={t('security.confirmPassword')}
            error={errorText(formState.errors.confirmPassword?.message)}
          >
            {(id, describedBy) => (
              <PasswordInput
                id={id}
                autoComplete="new-password"
                toggleLabel={toggle}
                aria-describedby={describedBy}
                aria-invalid={!!formState.errors.confirmPassword}
                {...register('confirmPassword')}
              />
            )}
          </Field>
        </div>
      </SettingsSection>
    </form>
  );
}
