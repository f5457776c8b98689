import { ZPasswordResetRequest } from '@coinlane/core/api/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { requestPasswordReset } from '../api/auth-api.ts';
import { applyServerFieldErrors } from '../utils/form-errors.ts';
import { authErrorText, fieldText } from '../utils/messages.ts';
import { AuthShell } from './auth-shell.tsx';

/** Asks for a password-reset link; the answer is the same whether or not the account exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZPasswordResetRequest), defaultValues: { email: '' } });
  const email = useWatch({ control, name: 'email' });
  const [error, setErrorText] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: (v: { email: string }) => requestPasswordReset(v.email),
    onMutate: () => setErrorText(null),
    onError: (err) => {
      if (applyServerFieldErrors(err, setError, ['email'])) return;
      setErrorText(authErrorText(err, t, { fallback: 'serverError' }));
    },
  });

  const back = (
    <Link
      to={paths.login}
      className="inline-flex items-center gap-1.5 rounded font-medium text-brand-600 hover:text-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-400"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('forgot.backToSignIn')}
    </Link>
  );

  if (reset.isSuccess) {
    return (
      <AuthShell icon={<MailCheck />} title={t('login.otpTitle')} footer={back}>
        <Banner tone="success">{t('msg.passwordResetSent')}</Banner>
        <Link to={paths.login} className={buttonClass('primary', 'lg', 'mt-6 w-full')}>
          {t('forgot.backToSignIn')}
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell icon={<KeyRound />} title={t('forgot.title')} subtitle={t('forgot.subtitle')} footer={back}>
      <form noValidate onSubmit={handleSubmit((v) => reset.mutate(v))} className="space-y-5">
        {error && <Banner>{error}</Banner>}
        <Field label={t('email')} error={fieldText(errors.email?.message, t)}>
          {(id, describedBy) => (
            <Input
              id={id}
              type="email"
              autoComplete="email"
              autoFocus
              placeholder={t('emailPlaceholder')}
              aria-describedby={describedBy}
              aria-invalid={!!errors.email}
              {...register('email')}
            />
          )}
        </Field>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!email?.trim()}
          loading={reset.isPending}
        >
          {t('forgot.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
