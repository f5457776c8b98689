import type { TTransaction } from '@coinlane/core/api/transactions';
import { T } from '@coinlane/core/texts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatCrypto } from '../../../lib/amounts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { LIVE_KEYS } from '../../../lib/use-live-payments.ts';
import { acceptLatePayment } from '../api/transactions-api.ts';

/** The text of a refused or failed accept: known server texts translated, any other server text as it came. */
function acceptErrorText(err: unknown, t: (key: string) => string): string {
  if (err instanceof ApiError && err.status > 0 && !err.code.startsWith('HTTP_')) {
    if (err.message === T.paymentAlreadyAccepted) return t('accept.alreadyAccepted');
    return err.message;
  }
  return t('accept.failed');
}

/**
 * 'Accept' on a late payment (the row's canAccept): asks first, in a dialog that says what accepting does, then
 * POST /payments/{id}/accept. The row and the figures are read again after; a refusal shows in the dialog.
 */
export function AcceptLatePayment({ tx }: { tx: TTransaction }) {
  const { t, i18n } = useTranslation('transactions');
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: () => acceptLatePayment(tx.id),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: LIVE_KEYS.transactions });
      void qc.invalidateQueries({ queryKey: LIVE_KEYS.analytics });
    },
  });
  const close = () => {
    if (accept.isPending) return;
    setOpen(false);
    setError(null);
  };
  return (
    <>
      <Button
        size="sm"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        data-testid="accept-late"
      >
        <CheckCircle2 className="size-4" aria-hidden="true" />
        {t('accept.button')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={t('accept.title')}
        closeLabel={t('accept.close')}
        className="max-w-md"
        footer={
          <>
            <Button variant="outline" onClick={close} disabled={accept.isPending}>
              {t('accept.cancel')}
            </Button>
            <Button
              loading={accept.isPending}
              onClick={() => {
                setError(null);
                accept.mutate(undefined, {
                  onSuccess: () => setOpen(false),
                  onError: (err) => setError(acceptErrorText(err, t)),
                });
              }}
            >
              {t('accept.confirm')}
            </Button>
          </>
        }
      >
        <div className="space-y-3 text-sm text-slate-600 dark:text-slate-300" data-testid="accept-dialog">
          <p>
            {t(`accept.text.${tx.paymentStatus === 'failed' ? 'cancelled' : 'expired'}`, {
              received: formatCrypto(tx.amountConfirmed, tx.currency, i18n.language),
              due: formatCrypto(tx.amount, tx.currency, i18n.language),
              currency: tx.currency,
            })}
          </p>
          <p>{t('accept.effects')}</p>
          {error && <Banner tone="error">{error}</Banner>}
        </div>
      </Dialog>
    </>
  );
}
