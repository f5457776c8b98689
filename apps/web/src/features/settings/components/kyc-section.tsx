import {
  KYC_DOCUMENT_KINDS,
  KYC_DOCUMENT_MAX_BYTES,
  KYC_DOCUMENT_TYPES,
  KYC_MAX_DOCUMENTS,
  type TKyc,
  type TKycDocument,
  type TKycDocumentKind,
} from '@coinlane/core/api/kyc';
import { T } from '@coinlane/core/texts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileText, ShieldCheck, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Select } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.ts';
import { deleteKycDocument, fetchKyc, kycDocumentUrl, kycKey, uploadKycDocument } from '../api/kyc-api.ts';
import { SettingsSection } from './settings-section.tsx';

type Notice = { tone: 'success' | 'error'; text: string };

const MAX_MB = KYC_DOCUMENT_MAX_BYTES / (1024 * 1024);
const STATUS_TONE: Record<TKyc['status'], BadgeTone> = {
  pending: 'yellow',
  verified: 'green',
  rejected: 'red',
};
/** What the file picker offers; the server judges the bytes. */
const ACCEPT = [...KYC_DOCUMENT_TYPES, '.pdf', '.jpg', '.jpeg', '.png'].join(',');

/** The client's checks before upload: the size, and a PDF, JPG or PNG by its type or name (the server decides). */
export function checkKycFile(file: File): 'tooLarge' | 'type' | 'fileRequired' | null {
  if (file.size === 0) return 'fileRequired';
  if (file.size > KYC_DOCUMENT_MAX_BYTES) return 'tooLarge';
  const typed = (KYC_DOCUMENT_TYPES as readonly string[]).includes(file.type);
  if (!typed && !/\.(pdf|jpe?g|png)$/i.test(file.name)) return 'type';
  return null;
}

/** The server's refusals (the catalogue's texts) as keys of this section's translations. */
function errorKey(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback;
  const byMessage: Record<string, string> = {
    [T.kycTypeNotAllowed]: 'errors.type',
    [T.kycTooLarge(MAX_MB)]: 'errors.tooLarge',
    [T.kycTooMany(KYC_MAX_DOCUMENTS)]: 'errors.tooMany',
    [T.kycNotRequired]: 'errors.notRequired',
    [T.kycAlreadyVerified]: 'errors.verified',
    [T.kycFileRequired]: 'errors.fileRequired',
    [T.kycDocumentNotFound]: 'errors.notFound',
  };
  return byMessage[err.message] ?? (err.status === 413 ? 'errors.tooLarge' : fallback);
}

function formatSize(bytes: number, lang: string) {
  const mb = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(mb ? bytes / (1024 * 1024) : Math.max(bytes / 1024, 0.1));
}

const formatDate = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

/**
 * Identity verification (KYC) in Settings: the review's status (and the reason of a rejection), the upload of a
 * document while the platform requires KYC and the documents are not verified, and the documents sent, each
 * downloadable and, until verified, deletable. Hidden while KYC is off and nothing was sent.
 */
export function KycSection() {
  const { t, i18n } = useTranslation('kyc');
  const lang = i18n.language;
  const qc = useQueryClient();
  const kyc = useQuery({ queryKey: kycKey, queryFn: fetchKyc });
  // Approval (the account's status) and the documents' review are separate: an approved account may have none.
  const { user } = useSession();
  const inputRef = useRef<HTMLInputElement>(null);
  const kindId = useId();
  const fileId = useId();
  const [kind, setKind] = useState<TKycDocumentKind>('identity');
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [deleting, setDeleting] = useState<TKycDocument | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const vars = { mb: MAX_MB, max: KYC_MAX_DOCUMENTS };

  const upload = useMutation({
    mutationFn: ({ kind, file }: { kind: TKycDocumentKind; file: File }) => uploadKycDocument(kind, file),
    onMutate: () => setNotice(null),
    onSuccess: (doc) => {
      setFile(null);
      setNotice({ tone: 'success', text: t('uploaded', { name: doc.fileName }) });
      void qc.invalidateQueries({ queryKey: kycKey });
    },
    onError: (err) => setNotice({ tone: 'error', text: t(errorKey(err, 'errors.uploadFailed'), vars) }),
  });

  const remove = useMutation({
    mutationFn: (doc: TKycDocument) => deleteKycDocument(doc.id),
    onMutate: () => setDeleteError(null),
    onSuccess: (_reply, doc) => {
      qc.setQueryData<TKyc>(kycKey, (old) =>
        old ? { ...old, documents: old.documents.filter((d) => d.id !== doc.id) } : old,
      );
      setDeleting(null);
      setNotice({ tone: 'success', text: t('deleted') });
    },
    onError: (err) => setDeleteError(t(errorKey(err, 'errors.deleteFailed'), vars)),
  });

  const onPick = (picked: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!picked) return;
    const problem = checkKycFile(picked);
    if (problem) {
      setFile(null);
      setNotice({ tone: 'error', text: t(`errors.${problem}`, vars) });
      return;
    }
    setNotice(null);
    setFile(picked);
  };

  if (kyc.isError) {
    return (
      <SettingsSection id="kyc" title={t('title')} description={t('description')}>
        <Banner tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>{t('loadFailed')}</span>
          <Button size="sm" variant="outline" onClick={() => void kyc.refetch()}>
            {t('retry')}
          </Button>
        </Banner>
      </SettingsSection>
    );
  }
  if (!kyc.data) {
    return (
      <SettingsSection id="kyc" title={t('title')} description={t('description')}>
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-10 w-full" />
        </div>
      </SettingsSection>
    );
  }

  const data = kyc.data;
  if (!data.required && data.documents.length === 0) return null;
  const verified = data.status === 'verified';
  const full = data.documents.length >= data.maxDocuments;
  const canUpload = data.required && !verified && !full;
  const busy = upload.isPending || remove.isPending;
  const statusText =
    data.status === 'pending' && data.documents.length === 0
      ? t('statusText.none')
      : t(`statusText.${data.status}`);

  return (
    <>
      <SettingsSection id="kyc" title={t('title')} description={t('description')}>
        {!data.required && <Banner tone="info">{t('notRequired')}</Banner>}
        {data.required && user?.status === 'active' && !verified && (
          <Banner tone="success">{t('approved')}</Banner>
        )}
        {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}

        <div className="flex flex-wrap items-start gap-3">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
          <div className="min-w-0 flex-1 space-y-1">
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
              {t('statusLabel')}
              <Badge tone={STATUS_TONE[data.status]} dot>
                {t(`status.${data.status}`)}
              </Badge>
            </p>
            <p className="text-sm text-slate-500 dark:text-slate-400">{statusText}</p>
          </div>
        </div>

        {data.status === 'rejected' && data.rejectionReason && (
          <Banner tone="error">
            <span className="font-medium">{t('reasonLabel')} </span>
            <span className="whitespace-pre-line">{data.rejectionReason}</span>
          </Banner>
        )}

        {canUpload && (
          <div className="space-y-3 rounded-lg border border-dashed border-slate-300 p-4 dark:border-white/15">
            <div className="space-y-3">
              <div className="space-y-1.5">
                <label
                  htmlFor={kindId}
                  className="block text-sm font-medium text-slate-700 dark:text-slate-300"
                >
                  {t('kindLabel')}
                </label>
                <Select
                  id={kindId}
                  value={kind}
                  onChange={(e) => setKind(e.target.value as TKycDocumentKind)}
                  disabled={busy}
                >
                  {KYC_DOCUMENT_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`kinds.${k}`)}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="min-w-0 space-y-1.5">
                <label
                  htmlFor={fileId}
                  className="block text-sm font-medium text-slate-700 dark:text-slate-300"
                >
                  {t('fileLabel')}
                </label>
                <input
                  ref={inputRef}
                  id={fileId}
                  type="file"
                  accept={ACCEPT}
                  className="sr-only"
                  onChange={(e) => onPick(e.target.files?.[0])}
                  disabled={busy}
                />
                <div className="flex min-w-0 items-center gap-3">
                  <Button
                    variant="outline"
                    className="shrink-0"
                    onClick={() => inputRef.current?.click()}
                    disabled={busy}
                  >
                    {t('choose')}
                  </Button>
                  <span className="min-w-0 truncate text-sm text-slate-500 dark:text-slate-400">
                    {file ? t('chosen', { name: file.name }) : t('noFile')}
                  </span>
                </div>
              </div>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="min-w-0 flex-1 text-xs text-slate-500 dark:text-slate-400">{t('hint', vars)}</p>
              <Button
                onClick={() => file && upload.mutate({ kind, file })}
                loading={upload.isPending}
                disabled={!file || busy}
              >
                <Upload className="size-4" aria-hidden="true" />
                {t('upload')}
              </Button>
            </div>
          </div>
        )}
        {data.required && !verified && full && <Banner tone="info">{t('full')}</Banner>}

        <div>
          <h3 className="mb-2 text-sm font-medium text-slate-900 dark:text-white">{t('listTitle')}</h3>
          {data.documents.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
              <FileText className="size-4" aria-hidden="true" />
              {t('empty')}
            </p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-white/10 dark:border-white/10">
              {data.documents.map((doc) => (
                <li key={doc.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5">
                  <FileText className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
                  {/* At least 12rem for the name: on a phone the buttons go under it rather than squeeze it. */}
                  <div className="min-w-[12rem] flex-1">
                    <p className="truncate text-sm font-medium text-slate-900 dark:text-white">
                      {doc.fileName}
                    </p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {t(`kinds.${doc.kind}`)} · {formatSize(doc.size, lang)} ·{' '}
                      {t('uploadedOn', { date: formatDate(doc.uploadedAt, lang) })}
                    </p>
                  </div>
                  <div className="ml-auto flex shrink-0 gap-1">
                    <a
                      href={kycDocumentUrl(doc.id)}
                      className={buttonClass('ghost', 'sm')}
                      aria-label={t('downloadLabel', { name: doc.fileName })}
                    >
                      <Download className="size-4" aria-hidden="true" />
                      {t('download')}
                    </a>
                    {!verified && (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-red-600 dark:text-red-400"
                        aria-label={t('deleteLabel', { name: doc.fileName })}
                        onClick={() => {
                          setDeleteError(null);
                          setDeleting(doc);
                        }}
                        disabled={busy}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                        {t('delete')}
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </SettingsSection>

      <ConfirmDialog
        open={!!deleting}
        title={t('deleteTitle')}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        busy={remove.isPending}
        error={deleteError}
        onClose={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
      >
        {deleting && <p>{t('deleteText', { name: deleting.fileName })}</p>}
      </ConfirmDialog>
    </>
  );
}
