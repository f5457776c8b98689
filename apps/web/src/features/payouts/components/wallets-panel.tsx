import { type TCreatedWallet, type TWallet, WALLET_CODE_RESEND_SECONDS } from '@coinlane/core/api/wallets';
import { Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useWalletMutations, useWallets } from '../hooks/use-wallets.ts';
import { VerifyDialog } from './verify-dialog.tsx';
import { type WalletFieldErrors, WalletForm } from './wallet-form.tsx';
import { WalletList, WalletListSkeleton } from './wallet-list.tsx';

type Notice = { tone: 'success' | 'error'; text: string };

/** The server's field messages of a failed add, keyed by the form's fields; null when none applies. */
function fieldErrorsOf(err: unknown): WalletFieldErrors | null {
  if (!(err instanceof ApiError)) return null;
  // A second copy of a wallet is about the address, though a 409 carries no field list.
  if (err.code === 'CONFLICT') return { address: err.message };
  const out: WalletFieldErrors = {};
  for (const [key, message] of Object.entries(err.fields)) {
    if (key === 'address' || key === 'label' || key === 'scriptType' || key === 'receiveMode')
      out[key] = message;
    else if (key === 'network' || key === 'currency') out.currency = message;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** Problems with the e-mailed code itself: shown under the code field. */
const isCodeProblem = (err: unknown) =>
  err instanceof ApiError && ['OTP_INVALID', 'OTP_EXPIRED', 'OTP_TOO_MANY_ATTEMPTS'].includes(err.code);

/**
 * Instant Payouts' Wallets tab (merchant spec 2): the list, the add form (opened by the page's Add Wallet button),
 * verification, Set as Default and delete.
 */
export function WalletsPanel({
  formOpen,
  setFormOpen,
}: {
  formOpen: boolean;
  setFormOpen: (open: boolean) => void;
}) {
  const { t } = useTranslation('payouts');
  const wallets = useWallets();
  const { create, sendCode, confirm, makeDefault, remove } = useWalletMutations();
  const [formError, setFormError] = useState<string | null>(null);
  const [formFieldErrors, setFormFieldErrors] = useState<WalletFieldErrors | undefined>(undefined);
  const [added, setAdded] = useState<TCreatedWallet | null>(null);
  const [verifying, setVerifying] = useState<TWallet | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  // When each wallet may be sent a new code (epoch ms): the server allows one per WALLET_CODE_RESEND_SECONDS.
  const [resendAt, setResendAt] = useState<Record<string, number>>({});
  const [deleting, setDeleting] = useState<TWallet | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  // The page's Add Wallet button opens the form afresh: no message of an earlier attempt.
  useEffect(() => {
    if (formOpen) {
      setFormError(null);
      setFormFieldErrors(undefined);
      setNotice(null);
    }
  }, [formOpen]);

  const send = (w: TWallet) => {
    setVerifyError(null);
    setCodeError(null);
    sendCode.mutate(w.id, {
      onSuccess: () => {
        setCodeSent(true);
        setResendAt((r) => ({ ...r, [w.id]: Date.now() + WALLET_CODE_RESEND_SECONDS * 1000 }));
      },
      onError: (err) => {
        // Too soon: the code sent less than a minute ago still works.
        if (err instanceof ApiError && err.code === 'RATE_LIMITED') setCodeSent(true);
        setVerifyError(errorMessage(err, t('errors.verify')));
      },
    });
  };
  const startVerify = (w: TWallet) => {
    setAdded(null);
    setVerifying(w);
    setVerifyError(null);
    setCodeError(null);
    // A code sent moments ago (the dialog was closed and opened again) is still valid: no new mail.
    if ((resendAt[w.id] ?? 0) > Date.now()) {
      setCodeSent(true);
      return;
    }
    setCodeSent(false);
    send(w);
  };

  return (
    <>
      <div className="space-y-6">
        {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}

        {formOpen && (
          <Card className="overflow-hidden">
            <div className="border-b border-slate-200 px-5 py-4 dark:border-white/10">
              <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('form.title')}</h2>
            </div>
            <div className="p-5">
              <WalletForm
                busy={create.isPending}
                error={formError}
                fieldErrors={formFieldErrors}
                onCancel={() => setFormOpen(false)}
                onSubmit={(body) => {
                  setFormError(null);
                  setFormFieldErrors(undefined);
                  create.mutate(body, {
                    onSuccess: (res) => {
                      setFormOpen(false);
                      setAdded(res);
                      setNotice({ tone: 'success', text: t('notices.added') });
                    },
                    onError: (err) => {
                      const fields = fieldErrorsOf(err);
                      if (fields) setFormFieldErrors(fields);
                      else setFormError(errorMessage(err, t('errors.add')));
                    },
                  });
                }}
              />
            </div>
          </Card>
        )}

        {added && (
          <Card className="overflow-hidden" data-testid="wallet-preview">
            <div className="border-b border-slate-200 px-5 py-4 dark:border-white/10">
              <h2 className="text-base font-semibold text-slate-900 dark:text-white">
                {added.previewAddresses.length > 0 ? t('preview.title') : added.wallet.label}
              </h2>
              {added.previewAddresses.length > 0 && (
                <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{t('preview.text')}</p>
              )}
            </div>
            <div className="space-y-4 p-5">
              {added.previewAddresses.length > 0 && (
                <ol className="space-y-1 font-mono text-sm break-all">
                  {added.previewAddresses.map((a, i) => (
                    <li key={a} className="flex gap-3">
                      <span className="w-12 shrink-0 text-slate-400">m/0/{i}</span>
                      <span>{a}</span>
                    </li>
                  ))}
                </ol>
              )}
              <div className="flex justify-end gap-2">
                <Button variant="outline" onClick={() => setAdded(null)}>
                  {t('preview.done')}
                </Button>
                <Button onClick={() => startVerify(added.wallet)}>{t('preview.verifyNow')}</Button>
              </div>
            </div>
          </Card>
        )}

        <Card className="overflow-hidden">
          <div className="border-b border-slate-200 px-5 py-4 dark:border-white/10">
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('wallets.heading')}</h2>
            <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{t('wallets.description')}</p>
          </div>
          {wallets.isPending ? (
            <WalletListSkeleton />
          ) : wallets.isError ? (
            <div className="space-y-3 p-5">
              <Banner>{t('errors.load')}</Banner>
              <Button variant="outline" size="sm" onClick={() => void wallets.refetch()}>
                {t('retry')}
              </Button>
            </div>
          ) : wallets.data.wallets.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-5 py-12 text-center">
              <Wallet className="size-8 text-slate-400" aria-hidden="true" />
              <p className="font-medium">{t('wallets.empty')}</p>
              <p className="text-sm text-slate-500 dark:text-slate-400">{t('wallets.emptyHint')}</p>
            </div>
          ) : (
            <WalletList
              wallets={wallets.data.wallets}
              busyId={makeDefault.isPending ? (makeDefault.variables ?? null) : null}
              onVerify={startVerify}
              onMakeDefault={(w) =>
                makeDefault.mutate(w.id, {
                  onSuccess: () => setNotice({ tone: 'success', text: t('notices.defaultSet') }),
                  onError: (err) =>
                    setNotice({ tone: 'error', text: errorMessage(err, t('errors.setDefault')) }),
                })
              }
              onDelete={(w) => {
                setDeleteError(null);
                setDeleting(w);
              }}
            />
          )}
        </Card>
      </div>

      <VerifyDialog
        wallet={verifying}
        sending={sendCode.isPending}
        sent={codeSent}
        confirming={confirm.isPending}
        error={verifyError}
        codeError={codeError}
        resendAt={verifying ? (resendAt[verifying.id] ?? null) : null}
        onSend={() => verifying && send(verifying)}
        onClose={() => setVerifying(null)}
        onConfirm={(code) => {
          if (!verifying) return;
          setVerifyError(null);
          setCodeError(null);
          confirm.mutate(
            { id: verifying.id, code },
            {
              onSuccess: () => {
                setVerifying(null);
                setNotice({ tone: 'success', text: t('notices.verified') });
              },
              onError: (err) =>
                isCodeProblem(err)
                  ? setCodeError(errorMessage(err, t('errors.verify')))
                  : setVerifyError(errorMessage(err, t('errors.verify'))),
            },
          );
        }}
      />

      <Dialog
        open={deleting !== null}
        onClose={() => {
          if (!remove.isPending) setDeleting(null);
        }}
        title={t('deleteDialog.title')}
        closeLabel={t('close')}
        className="max-w-md"
        footer={
          <>
            <Button variant="outline" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              {t('form.cancel')}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    setDeleting(null);
                    setNotice({ tone: 'success', text: t('notices.deleted') });
                  },
                  onError: (err) => setDeleteError(errorMessage(err, t('errors.delete'))),
                })
              }
            >
              {t('deleteDialog.confirm')}
            </Button>
          </>
        }
      >
        <div className="space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('deleteDialog.text')}</p>
          {deleting && <p className="font-mono text-sm">{deleting.label}</p>}
          {deleteError && <Banner>{deleteError}</Banner>}
        </div>
      </Dialog>
    </>
  );
}
