import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Link2Off, MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { confirmEmail } from '../api/auth-api.ts';
import { authErrorText } from '../utils/messages.ts';
import { AuthShell } from './auth-shell.tsx';

/** Target of the confirmation e-mail: /confirm-email?token=... confirms once, on arrival. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirm = useMutation({ mutationFn: confirmEmail });
  const sent = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; a token is single-use, so it is sent only once.
    if (sent.current || !token) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm.mutate]);

  const signIn = (
    <Link to={paths.login} className={buttonClass('primary', 'lg', 'mt-6 w-full')}>
      {t('confirm.signIn')}
    </Link>
  );

  if (confirm.isSuccess) {
    return (
      <AuthShell icon={<CircleCheck />} title={t('confirm.doneTitle')}>
        <Banner tone="success">{t('msg.emailConfirmed')}</Banner>
        {signIn}
      </AuthShell>
    );
  }
  const invalid = !token || (confirm.error instanceof ApiError && confirm.error.code === 'TOKEN_INVALID');
  if (invalid) {
    return (
      <AuthShell icon={<Link2Off />} title={t('confirm.failedTitle')}>
        <Banner tone="warning">{t('msg.linkExpired')}</Banner>
        <Link to={paths.login} className={buttonClass('primary', 'lg', 'mt-6 w-full')}>
          {t('confirm.goToLogin')}
        </Link>
      </AuthShell>
    );
  }
  if (confirm.isError) {
    return (
      <AuthShell icon={<MailCheck />} title={t('confirm.checking')}>
        <Banner>{authErrorText(confirm.error, t, { fallback: 'serverError' })}</Banner>
        <Button size="lg" className="mt-6 w-full" onClick={() => confirm.mutate(token)}>
          {t('confirm.retry')}
        </Button>
      </AuthShell>
    );
  }
  return (
    <AuthShell icon={<MailCheck />} title={t('confirm.checking')}>
      <div className="flex justify-center py-6 text-brand-500">
        <Spinner className="size-8" label={t('confirm.checking')} />
      </div>
    </AuthShell>
  );
}
