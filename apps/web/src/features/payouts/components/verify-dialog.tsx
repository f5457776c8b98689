import type { TWallet } from '@coinlane/core/api/wallets';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { useCountdown } from '../../../lib/use-countdown.ts';

/**
 * Sends the whitelisting code when opened, then takes the 6 digits from the e-mail. A problem with the code
 * (wrong, expired, voided) shows under the code field; "Send a new code" counts down while the server's resend
 * cooldown runs (`resendAt`, epoch ms).
 */
export function VerifyDialog({
  wallet,
  sending,
  sent,
  confirming,
  error,
  codeError,
  resendAt,
  onSend,
  onConfirm,
  onClose,
}: {
  wallet: TWallet | null;
  sending: boolean;
  sent: boolean;
  confirming: boolean;
  error: string | null;
  codeError?: string | null;
  resendAt?: number | null;
  onSend: () => void;
  onConfirm: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('payouts');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (wallet) {
      setCode('');
      setProblem(null);
    }
  }, [wallet]);
  const waitSeconds = useCountdown(wallet && resendAt ? resendAt : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setProblem(t('errors.codeFormat'));
    setProblem(null);
    onConfirm(code.trim());
  };

  return (
    <Dialog
      open={wallet !== null}
      onClose={() => {
        if (!confirming) onClose();
      }}
      title={t('verifyDialog.title')}
      closeLabel={t('close')}
      className="max-w-md"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {!sent && !error
            ? t('verifyDialog.sending')
            : t('verifyDialog.text', { label: wallet?.label ?? '' })}
        </p>
        <Field label={t('verifyDialog.code')} error={problem ?? codeError ?? undefined}>
          {(fieldId, d) => (
            <Input
              id={fieldId}
              aria-describedby={d}
              name="code"
              value={code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              className="font-mono tracking-[0.4em]"
              aria-invalid={problem || codeError ? true : undefined}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, ''));
                if (problem) setProblem(null);
              }}
            />
          )}
        </Field>
        {error && <Banner>{error}</Banner>}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={onSend}
            loading={sending}
            disabled={confirming || waitSeconds > 0}
            data-testid="resend-code"
          >
            {waitSeconds > 0
              ? t('verifyDialog.resendIn', { seconds: waitSeconds })
              : t('verifyDialog.resend')}
          </Button>
          <Button type="submit" loading={confirming} disabled={!sent}>
            {t('verifyDialog.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
