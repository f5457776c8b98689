import { resetPasswordConfirmSchema, type TPasswordPolicy } from '@coinlane/core/api/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, KeyRound, Link2Off } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Field, PasswordInput } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { confirmPasswordReset } from '../api/auth-api.ts';
import { useAuthConfig } from '../hooks/use-auth-config.ts';
import { applyServerFieldErrors } from '../utils/form-errors.ts';
import { authErrorText, fieldText } from '../utils/messages.ts';
import { AuthShell } from './auth-shell.tsx';

/** Target of the password-reset e-mail: /reset-password?token=... */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { policy, loading } = useAuthConfig();
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(token ? 'form' : 'invalid');

  if (state === 'invalid') {
    return (
      <AuthShell icon={<Link2Off />} title={t('reset.invalidTitle')}>
        <Banner tone="warning">{token ? t('msg.linkExpired') : t('msg.resetLinkMissing')}</Banner>
        <Link to={paths.forgotPassword} className={buttonClass('primary', 'lg', 'mt-6 w-full')}>
          {t('reset.requestNew')}
        </Link>
      </AuthShell>
    );
  }
  if (state === 'done') {
    return (
      <AuthShell icon={<CircleCheck />} title={t('reset.title')}>
        <Banner tone="success">{t('msg.passwordResetDone')}</Banner>
        <Link to={paths.login} className={buttonClass('primary', 'lg', 'mt-6 w-full')}>
          {t('reset.signIn')}
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell icon={<KeyRound />} title={t('reset.title')} subtitle={t('reset.subtitle')}>
      {loading ? (
        <div className="space-y-5" aria-busy="true">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : (
        <ResetForm
          token={token}
          policy={policy}
          onDone={() => setState('done')}
          onInvalid={() => setState('invalid')}
        />
      )}
    </AuthShell>
  );
}

function ResetForm({
  token,
  policy,
  onDone,
  onInvalid,
}: {
  token: string;
  policy: TPasswordPolicy;
  onDone: () => void;
  onInvalid: () => void;
}) {
  const { t } = useTranslation('auth');
  const schema = useMemo(() => resetPasswordConfirmSchema(policy), [policy]);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { token, password: '', confirmPassword: '' } });
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const [error, setErrorText] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: confirmPasswordReset,
    onMutate: () => setErrorText(null),
    onSuccess: onDone,
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'TOKEN_INVALID') return onInvalid();
      if (applyServerFieldErrors(err, setError, ['password', 'confirmPassword'])) return;
      setErrorText(authErrorText(err, t, { fallback: 'serverError' }));
    },
  });
  const toggle: [string, string] = [t('showPassword'), t('hidePassword')];
  const hint = t(policy.requireSpecial ? 'policyHintSpecial' : 'policyHint', { min: policy.minLength });
  return (
    <form noValidate onSubmit={handleSubmit((v) => reset.mutate(v))} className="space-y-5">
      {error && <Banner>{error}</Banner>}
      {errors.token && <Banner>{t('msg.resetLinkMissing')}</Banner>}
      <Field label={t('reset.newPassword')} hint={hint} error={fieldText(errors.password?.message, t)}>
        {(id, describedBy) => (
          <PasswordInput
            id={id}
            autoComplete="new-password"
            autoFocus
            aria-describedby={describedBy}
            aria-invalid={!!errors.password}
            toggleLabel={toggle}
            {...register('password')}
          />
        )}
      </Field>
      <Field label={t('reset.confirmPassword')} error={fieldText(errors.confirmPassword?.message, t)}>
        {(id, describedBy) => (
          <PasswordInput
            id={id}
            autoComplete="new-password"
            aria-describedby={describedBy}
            aria-invalid={!!errors.confirmPassword}
            toggleLabel={toggle}
            {...register('confirmPassword')}
          />
        )}
      </Field>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!password || !confirmPassword}
        loading={reset.isPending}
      >
        {t('reset.submit')}
      </Button>
    </form>
  );
}
