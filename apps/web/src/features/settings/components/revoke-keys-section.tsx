import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { revokeAllApiKeys } from '../api/settings-api.ts';
import { SettingsSection } from './settings-section.tsx';

/**
 * Security: revoke every API key at once. Keys survive a password change or reset on purpose (integrations must
 * not break); this is the way out when someone else may have seen the password or a key. One button, then one
 * confirmation: the keys of both modes stop working at once and the change is audited.
 */
export function RevokeKeysSection() {
  const { t } = useTranslation('settings');
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: revokeAllApiKeys,
    onSuccess: () => {
      setConfirming(false);
      void qc.invalidateQueries({ queryKey: ['api-keys'] });
    },
  });

  return (
    <SettingsSection
      id="api-key-revocation"
      title={t('revokeKeys.title')}
      description={t('revokeKeys.description')}
    >
      {revoke.isSuccess && (
        <Banner tone="success">
          {revoke.data.revoked === 0
            ? t('revokeKeys.none')
            : t('revokeKeys.done', { count: revoke.data.revoked })}
        </Banner>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('revokeKeys.text')}</p>
      <div>
        <Button
          variant="danger"
          onClick={() => {
            revoke.reset();
            setConfirming(true);
          }}
        >
          <KeyRound className="size-4" aria-hidden="true" />
          {t('revokeKeys.button')}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => {
          if (!revoke.isPending) setConfirming(false);
        }}
        title={t('revokeKeys.confirmTitle')}
        closeLabel={t('revokeKeys.close')}
        className="max-w-md"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={revoke.isPending}>
              {t('revokeKeys.cancel')}
            </Button>
            <Button variant="danger" loading={revoke.isPending} onClick={() => revoke.mutate()}>
              {t('revokeKeys.confirm')}
            </Button>
          </>
        }
      >
        <div className="space-y-4 text-sm text-slate-600 dark:text-slate-300">
          <p>{t('revokeKeys.confirmText')}</p>
          {revoke.isError && <Banner tone="error">{t('revokeKeys.failed')}</Banner>}
        </div>
      </Dialog>
    </SettingsSection>
  );
}
