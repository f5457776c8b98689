import { KYC_REASON_MAX, type TKyc } from '@coinlane/core/api/kyc';
import { T } from '@coinlane/core/texts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Eye, FileText, XCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { TUserRow } from '../api/admin-api.ts';
import { adminKycKey, fetchUserKyc, setUserKyc, userKycDocumentUrl } from '../api/kyc-api.ts';
import { useMergeUsers } from '../hooks/use-admin-users.ts';
import { formatListDate } from '../utils/format.ts';
import { DetailSection } from './admin-parts.tsx';

/** The server's refusals (the catalogue's texts) as keys of this section's translations. */
const REFUSALS: Record<string, string> = {
  [T.kycReasonRequired]: 'errors.reasonRequired',
  [T.kycReasonTooLong(KYC_REASON_MAX)]: 'errors.reasonTooLong',
  [T.kycNothingToVerify]: 'errors.nothingToVerify',
  [T.kycUnchanged]: 'errors.unchanged',
};

/**
 * Submitted Documents of the user details (admin spec 2): the account's real documents, names with underscores as
 * spaces, each with View (an attachment; the server audits every view). For a viewer with users.verify: Verify,
 * and Reject with a reason that is e-mailed to the merchant. The account's KYC badge in the list follows at once.
 * Keyed by the account in the dialog: another account starts afresh (no half-typed reason carried over).
 */
export function UserKycSection({
  user,
  canReview,
}: {
  user: TUserRow;
  /** users.verify, and the server would accept it for this account (not one's own, an admin's only with admin.manage). */
  canReview: boolean;
}) {
  const { t, i18n } = useTranslation('adminKyc');
  const lang = i18n.language;
  const qc = useQueryClient();
  const merge = useMergeUsers();
  const reasonId = useId();
  const kyc = useQuery({
    queryKey: adminKycKey(user.id),
    queryFn: ({ signal }) => fetchUserKyc(user.id, signal),
  });
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  // The review's outcome is told here, beside the buttons (the dialog's own notice is scrolled out of view).
  const [notice, onNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const name = user.name || user.email;

  const review = useMutation({
    mutationFn: (body: { status: 'verified' } | { status: 'rejected'; reason: string }) =>
      setUserKyc(user.id, body),
    onMutate: () => {
      onNotice(null);
      setReasonError(null);
    },
    onSuccess: (data) => {
      qc.setQueryData<TKyc>(adminKycKey(user.id), data);
      merge([{ ...user, kycStatus: data.status }]);
      setRejecting(false);
      setReason('');
      onNotice({ tone: 'success', text: t(data.status === 'verified' ? 'verified' : 'rejected', { name }) });
    },
    onError: (err) => {
      const key = err instanceof ApiError ? REFUSALS[err.message] : undefined;
      const text = key
        ? t(key)
        : err instanceof ApiError && err.status < 500 && err.message
          ? err.message
          : t('failed');
      if (rejecting && key?.startsWith('errors.reason')) setReasonError(text);
      else onNotice({ tone: 'error', text });
    },
  });

  const submitReject = (e: FormEvent) => {
    e.preventDefault();
    const value = reason.trim();
    if (!value) {
      setReasonError(t('errors.reasonRequired'));
      return;
    }
    review.mutate({ status: 'rejected', reason: value });
  };

  const data = kyc.data;
  return (
    <DetailSection title={t('title')}>
      {kyc.isError ? (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-red-700 dark:text-red-400">
          <span>{t('loadFailed')}</span>
          <Button size="sm" variant="outline" onClick={() => void kyc.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : !data ? (
        <p
          className="flex items-center gap-2 py-1 text-sm text-slate-500 dark:text-slate-400"
          aria-busy="true"
        >
          <Spinner className="size-4" />
          {t('loading')}
        </p>
      ) : (
        <div className="space-y-4">
          {!data.required && <p className="text-xs text-slate-500 dark:text-slate-400">{t('notRequired')}</p>}
          {data.documents.length === 0 ? (
            <p className="flex items-center gap-2 py-1 text-sm text-slate-500 dark:text-slate-400">
              <FileText className="size-4" aria-hidden="true" />
              {t('empty')}
            </p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-white/10">
              {data.documents.map((doc) => {
                const shown = doc.fileName.replaceAll('_', ' ');
                return (
                  <li key={doc.id} className="flex items-center gap-3 py-2 first:pt-0 last:pb-0">
                    <FileText className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                        {shown}
                      </p>
                      <p className="text-xs text-slate-500 dark:text-slate-400">
                        {t(`kinds.${doc.kind}`)} ·{' '}
                        {t('uploaded', { date: formatListDate(doc.uploadedAt, lang) })}
                      </p>
                    </div>
                    <a
                      href={userKycDocumentUrl(user.id, doc.id)}
                      className={buttonClass('outline', 'sm', 'shrink-0')}
                      aria-label={t('viewLabel', { name: shown })}
                    >
                      <Eye className="size-4" aria-hidden="true" />
                      {t('view')}
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
          {data.status === 'rejected' && data.rejectionReason && (
            <Banner tone="error" className="whitespace-pre-line">
              {t('rejectedBecause', { reason: data.rejectionReason })}
            </Banner>
          )}
          {data.reviewedAt && data.status !== 'pending' && (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {t('reviewedOn', { date: formatListDate(data.reviewedAt, lang) })}
            </p>
          )}
          {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
          {canReview &&
            (rejecting ? (
              <form onSubmit={submitReject} noValidate className="space-y-2">
                <label
                  htmlFor={reasonId}
                  className="block text-sm font-medium text-slate-700 dark:text-slate-300"
                >
                  {t('reasonLabel')}
                </label>
                <Textarea
                  id={reasonId}
                  rows={3}
                  value={reason}
                  maxLength={KYC_REASON_MAX}
                  placeholder={t('reasonPlaceholder')}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setReasonError(null);
                  }}
                  aria-invalid={!!reasonError}
                  aria-describedby={reasonError ? `${reasonId}-error` : undefined}
                  disabled={review.isPending}
                />
                {reasonError && (
                  <p id={`${reasonId}-error`} className="text-sm text-red-600 dark:text-red-400">
                    {reasonError}
                  </p>
                )}
                <div className="flex flex-wrap justify-end gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => {
                      setRejecting(false);
                      setReasonError(null);
                    }}
                    disabled={review.isPending}
                  >
                    {t('cancel')}
                  </Button>
                  <Button type="submit" variant="danger" size="sm" loading={review.isPending}>
                    {t('confirmReject')}
                  </Button>
                </div>
              </form>
            ) : (
              <div className="flex flex-wrap justify-end gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  className="text-red-600 dark:text-red-400"
                  onClick={() => {
                    onNotice(null);
                    setRejecting(true);
                  }}
                  disabled={review.isPending}
                >
                  <XCircle className="size-4" aria-hidden="true" />
                  {t('reject')}
                </Button>
                {data.status !== 'verified' && (
                  <Button
                    size="sm"
                    onClick={() => review.mutate({ status: 'verified' })}
                    loading={review.isPending}
                    disabled={data.documents.length === 0}
                  >
                    <BadgeCheck className="size-4" aria-hidden="true" />
                    {t('verify')}
                  </Button>
                )}
              </div>
            ))}
        </div>
      )}
    </DetailSection>
  );
}
