import { APPROVE_REASON_MAX } from '@coinlane/core/api/admin-transactions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { approveTransaction } from '../api/admin-risk-api.ts';
import { adminTransactionsKey } from '../api/admin-transactions-api.ts';

/**
 * Approve, inside the details dialog (transactions.write; decision 021): why the administrator confirms the payment
 * by hand (required), then POST /admin/transactions/:id/approve. On success the list and the details are read again;
 * on failure the spec's 'Failed to approve transaction. Please try again.' with the server's reason beneath.
 */
export function ApproveTransactionForm({
  id,
  onCancel,
  onApproved,
}: {
  id: string;
  onCancel: () => void;
  onApproved: () => void;
}) {
  const { t } = useTranslation('adminRisk');
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const approving = useMutation({
    mutationFn: (why: string) => approveTransaction(id, why),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminTransactionsKey });
      onApproved();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    approving.mutate(reason.trim());
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t('approveTitle')}
      className="mb-6 space-y-3 rounded-lg border border-green-200 bg-green-50/60 p-4 dark:border-green-500/30 dark:bg-green-500/5"
    >
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-slate-100">
        <CheckCircle2 className="size-4 text-green-600" aria-hidden="true" />
        {t('approveTitle')}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('approveIntro')}</p>
      {approving.isError && (
        <Banner>
          {t('approveFailed')}
          {approving.error.message && (
            <span className="mt-1 block text-xs opacity-90">{approving.error.message}</span>
          )}
        </Banner>
      )}
      <Field
        label={t('approveReason')}
        hint={t('approveReasonHint')}
        error={missing && !reason.trim() ? t('approveReasonRequired') : undefined}
      >
        {(fieldId, describedBy) => (
          <Textarea
            id={fieldId}
            aria-describedby={describedBy}
            aria-invalid={missing && !reason.trim() ? true : undefined}
            rows={3}
            maxLength={APPROVE_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            autoFocus
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={approving.isPending}>
          {t('approveCancel')}
        </Button>
        <Button type="submit" loading={approving.isPending}>
          {t('approveConfirm')}
        </Button>
      </div>
    </form>
  );
}
