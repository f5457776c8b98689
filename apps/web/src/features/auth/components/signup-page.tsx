import { registerSchema, type TPasswordPolicy } from '@coinlane/core/api/auth';
import { SIGNUP_REDIRECT_MS } from '@coinlane/core/options';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Lock } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Field, Input, PasswordInput } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { register as registerAccount } from '../api/auth-api.ts';
import { useAuthConfig } from '../hooks/use-auth-config.ts';
import { applyServerFieldErrors } from '../utils/form-errors.ts';
import { authErrorText, fieldText } from '../utils/messages.ts';
import { AuthLink, AuthShell } from './auth-shell.tsx';

/** Sign-up (merchant spec 2, 4, 5, 8); the password policy comes from the server's auth configuration. */
export default function SignupPage() {
  const { t } = useTranslation('auth');
  const { config, policy, loading } = useAuthConfig();
  const [closed, setClosed] = useState(false);
  const footer = (
    <>
      {t('signup.haveAccount')} <AuthLink to={paths.login}>{t('signup.signIn')}</AuthLink>
    </>
  );

  if (closed || (config && !config.registrationEnabled)) {
    return (
      <AuthShell icon={<Lock />} title={t('signup.closedTitle')} footer={footer}>
        <Banner tone="info">{t('msg.registrationDisabled')}</Banner>
        <Link to={paths.login} className={buttonClass('primary', 'lg', 'mt-6 w-full')}>
          {t('signup.signIn')}
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('signup.title')} subtitle={t('signup.subtitle')} footer={footer}>
      {loading ? (
        <div className="space-y-5" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-9 w-full" />
            </div>
          ))}
          <Skeleton className="h-12 w-full" />
        </div>
      ) : (
        <SignupForm policy={policy} onClosed={() => setClosed(true)} />
      )}
    </AuthShell>
  );
}

function SignupForm({ policy, onClosed }: { policy: TPasswordPolicy; onClosed: () => void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const schema = useMemo(() => registerSchema(policy), [policy]);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const values = useWatch({ control });
  const [error, setErrorText] = useState<string | null>(null);

  const signup = useMutation({
    mutationFn: registerAccount,
    onMutate: () => setErrorText(null),
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'REGISTRATION_DISABLED') return onClosed();
      if (applyServerFieldErrors(err, setError, ['name', 'email', 'password', 'confirmPassword'])) return;
      setErrorText(authErrorText(err, t, { fallback: 'signupFailed' }));
    },
  });

  // After success: the confirmation message, then /login after 2 s (merchant spec 4).
  useEffect(() => {
    if (!signup.isSuccess) return;
    const timer = setTimeout(() => void navigate(paths.login), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [signup.isSuccess, navigate]);

  if (signup.isSuccess) {
    return (
      <div className="space-y-4 text-center">
        <CircleCheck className="mx-auto size-12 text-green-500" aria-hidden="true" />
        <Banner tone="success">{t('msg.signupSuccess')}</Banner>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('signup.redirecting')}</p>
      </div>
    );
  }

  const empty = !values.name?.trim() || !values.email?.trim() || !values.password || !values.confirmPassword;
  const hint = t(policy.requireSpecial ? 'policyHintSpecial' : 'policyHint', { min: policy.minLength });
  const toggle: [string, string] = [t('showPassword'), t('hidePassword')];
  return (
    <form noValidate onSubmit={handleSubmit((v) => signup.mutate(v))} className="space-y-5">
      {error && <Banner>{error}</Banner>}
      <Field label={t('signup.fullName')} error={fieldText(errors.name?.message, t)}>
        {(id, describedBy) => (
          <Input
            id={id}
            autoComplete="name"
            autoFocus
            placeholder={t('signup.fullNamePlaceholder')}
            aria-describedby={describedBy}
            aria-invalid={!!errors.name}
            {...register('name')}
          />
        )}
      </Field>
      <Field label={t('email')} error={fieldText(errors.email?.message, t)}>
        {(id, describedBy) => (
          <Input
            id={id}
            type="email"
            autoComplete="email"
            placeholder={t('emailPlaceholder')}
            aria-describedby={describedBy}
            aria-invalid={!!errors.email}
            {...register('email')}
          />
        )}
      </Field>
      <Field label={t('password')} hint={hint} error={fieldText(errors.password?.message, t)}>
        {(id, describedBy) => (
          <PasswordInput
            id={id}
            autoComplete="new-password"
            aria-describedby={describedBy}
            aria-invalid={!!errors.password}
            toggleLabel={toggle}
            {...register('password')}
          />
        )}
      </Field>
      <Field label={t('signup.confirmPassword')} error={fieldText(errors.confirmPassword?.message, t)}>
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
      <Button type="submit" size="lg" className="w-full" disabled={empty} loading={signup.isPending}>
        {t('signup.submit')}
      </Button>
    </form>
  );
}
