import { useMutation } from '@tanstack/react-query';
import { CircleCheck, KeyRound, Link2Off } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { revokeApiKeysByLink } from '../api/auth-api.ts';
import { authErrorText } from '../utils/messages.ts';
import { AuthShell } from './auth-shell.tsx';

/**
 * Target of the "Revoke all API keys" link of the password-reset notice: /revoke-api-keys?token=... Nothing
 * happens on arrival (a mail scanner that follows links must not revoke anything); one button does it.
 */
export default function RevokeApiKeysPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const revoke = useMutation({ mutationFn: revokeApiKeysByLink });

  const signIn = (
    <Link to={paths.login} className={buttonClass('primary', 'lg', 'mt-6 w-full')}>
      {t('revokeKeys.signIn')}
    </Link>
  );

  if (revoke.isSuccess) {
    const n = revoke.data.revoked;
    return (
      <AuthShell icon={<CircleCheck />} title={t('revokeKeys.doneTitle')}>
        <Banner tone="success">{n === 0 ? t('revokeKeys.none') : t('revokeKeys.done', { count: n })}</Banner>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t('revokeKeys.next')}</p>
        {signIn}
      </AuthShell>
    );
  }
  if (!token || (revoke.error instanceof ApiError && revoke.error.code === 'TOKEN_INVALID')) {
    return (
      <AuthShell icon={<Link2Off />} title={t('revokeKeys.failedTitle')}>
        <Banner tone="warning">{t('revokeKeys.invalid')}</Banner>
        {signIn}
      </AuthShell>
    );
  }
  return (
    <AuthShell icon={<KeyRound />} title={t('revokeKeys.title')}>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('revokeKeys.text')}</p>
      {revoke.isError && (
        <Banner className="mt-4">{authErrorText(revoke.error, t, { fallback: 'serverError' })}</Banner>
      )}
      <Button
        variant="danger"
        size="lg"
        className="mt-6 w-full"
        loading={revoke.isPending}
        onClick={() => revoke.mutate(token)}
      >
        {t('revokeKeys.button')}
      </Button>
    </AuthShell>
  );
}
