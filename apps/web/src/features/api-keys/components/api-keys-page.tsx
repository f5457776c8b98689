import type { TApiKey, TCreatedApiKey } from '@coinlane/core/api/api-keys';
import type { TUserSettings } from '@coinlane/core/api/settings';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.ts';
import { useApiKeyMutations, useApiKeys } from '../hooks/use-api-keys.ts';
import { apiKeyErrorText } from '../utils/messages.ts';
import { KeyForm } from './key-form.tsx';
import { KeyList, KeyListSkeleton } from './key-list.tsx';
import { NewKeyAlert } from './new-key-alert.tsx';
import { PosDevicesCard } from './pos-devices-card.tsx';
import { UsageSnippet } from './usage-snippet.tsx';

type Notice = { tone: 'success' | 'error'; text: string };

/** The account's settings, for the expiry new keys get (same query as the settings page, same cache). */
const useKeyExpiryDays = () =>
  useQuery({
    queryKey: ['settings'],
    queryFn: () => api<TUserSettings>('/settings'),
    staleTime: 60_000,
    select: (s) => s.apiKeyExpiryDays,
  });

/** /api-keys (merchant spec 2, 5, 6, 8): the keys of the current mode, create, edit, rotate, delete. */
export default function ApiKeysPage() {
  const { t } = useTranslation('apiKeys');
  const { user } = useSession();
  const mode = user?.mode ?? 'test';
  const keys = useApiKeys();
  const expiryDays = useKeyExpiryDays();
  const { create, update, rotate, remove } = useApiKeyMutations();

  const [formOpen, setFormOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [shown, setShown] = useState<{ key: TCreatedApiKey; rotated: boolean } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<TApiKey | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const [rotating, setRotating] = useState<TApiKey | null>(null);
  const [deleting, setDeleting] = useState<TApiKey | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const closeDialogs = () => {
    setEditing(null);
    setRotating(null);
    setDeleting(null);
    setDialogError(null);
    setEditError(null);
  };

  const expiryText =
    expiryDays.data === undefined
      ? null
      : expiryDays.data === -1
        ? t('form.expiryNever')
        : t('form.expiryDays', { count: expiryDays.data });

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
            {t('title')}
          </h1>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('subtitle')}</p>
        </div>
        <Button
          variant={formOpen ? 'outline' : 'primary'}
          aria-expanded={formOpen}
          aria-controls="create-api-key"
          onClick={() => {
            setFormOpen((o) => !o);
            setFormError(null);
            setNotice(null);
          }}
        >
          {formOpen ? (
            <X className="size-4" aria-hidden="true" />
          ) : (
            <Plus className="size-4" aria-hidden="true" />
          )}
          {formOpen ? t('cancel') : t('create')}
        </Button>
      </header>

      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm dark:border-white/10 dark:bg-slate-900/60">
        <Badge tone={mode === 'live' ? 'green' : 'brand'} dot>
          {mode === 'live' ? t('mode.live') : t('mode.test')}
        </Badge>
        <p className="min-w-0 flex-1 text-slate-600 dark:text-slate-300">
          {mode === 'live' ? t('mode.liveHint') : t('mode.testHint')}
        </p>
      </div>

      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}

      {shown && (
        <NewKeyAlert
          key={`${shown.key.id}:${shown.key.keyPrefix}`}
          created={shown.key}
          rotated={shown.rotated}
          onDismiss={() => setShown(null)}
        />
      )}

      {formOpen && (
        <Card id="create-api-key" className="overflow-hidden">
          <div className="border-b border-slate-200 px-5 py-4 dark:border-white/10">
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('form.title')}</h2>
            <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{t('form.description')}</p>
          </div>
          <div className="p-5">
            <KeyForm
              id="create-api-key-form"
              onChange={() => setFormError(null)}
              onSubmit={async (values) => {
                setFormError(null);
                setNotice(null);
                try {
                  const created = await create.mutateAsync(values);
                  setShown({ key: created, rotated: false });
                  setFormOpen(false);
                } catch (err) {
                  setFormError(apiKeyErrorText(err, 'create', t));
                }
              }}
              footer={(submitting) => (
                <div className="space-y-4">
                  {formError && <Banner tone="error">{formError}</Banner>}
                  <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
                    {expiryText && (
                      <p className="text-xs text-slate-500 dark:text-slate-400">
                        {t('form.expiryHint', { expiry: expiryText })}
                      </p>
                    )}
                    <Button type="submit" loading={submitting} className="sm:ml-auto">
                      <KeyRound className="size-4" aria-hidden="true" />
                      {t('form.submit')}
                    </Button>
                  </div>
                </div>
              )}
            />
          </div>
        </Card>
      )}

      <Card className="overflow-hidden">
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-white/10">
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('list.title')}</h2>
          {keys.data && (
            <span className="text-sm text-slate-500 dark:text-slate-400">
              {t('list.count', { count: keys.data.length })}
            </span>
          )}
        </div>
        {keys.isError ? (
          <div className="p-5">
            <Banner tone="error" className="flex flex-wrap items-center justify-between gap-3">
              <span>{apiKeyErrorText(keys.error, 'list', t)}</span>
              <Button size="sm" variant="outline" onClick={() => void keys.refetch()}>
                {t('retry')}
              </Button>
            </Banner>
          </div>
        ) : keys.isPending ? (
          <KeyListSkeleton />
        ) : keys.data.length === 0 ? (
          <div className="flex flex-col items-center px-5 py-12 text-center">
            <span className="rounded-full bg-brand-50 p-3 text-brand-600 dark:bg-brand-500/10 dark:text-brand-300">
              <KeyRound className="size-6" aria-hidden="true" />
            </span>
            <p className="mt-3 text-sm font-medium text-slate-900 dark:text-white">{t('empty.title')}</p>
            <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('empty.text')}</p>
            {!formOpen && (
              <Button className="mt-4" onClick={() => setFormOpen(true)}>
                <Plus className="size-4" aria-hidden="true" />
                {t('create')}
              </Button>
            )}
          </div>
        ) : (
          <KeyList
            keys={keys.data}
            onEdit={(key) => {
              closeDialogs();
              setEditing(key);
            }}
            onRotate={(key) => {
              closeDialogs();
              setRotating(key);
            }}
            onDelete={(key) => {
              closeDialogs();
              setDeleting(key);
            }}
          />
        )}
      </Card>

      <PosDevicesCard />

      <Card className="space-y-3 p-5">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('usage.title')}</h2>
        <UsageSnippet />
      </Card>

      <ConfirmDialog
        open={!!deleting}
        title={t('deleteDialog.title')}
        confirmLabel={t('deleteDialog.confirm')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        busy={remove.isPending}
        error={dialogError}
        onClose={closeDialogs}
        onConfirm={() => {
          if (!deleting) return;
          setDialogError(null);
          remove.mutate(deleting.id, {
            onSuccess: () => {
              closeDialogs();
              setNotice({ tone: 'success', text: t('deleted') });
            },
            onError: (err) => setDialogError(apiKeyErrorText(err, 'delete', t)),
          });
        }}
      >
        <p>{t('deleteDialog.text')}</p>
        {deleting && (
          <p className="rounded-lg bg-slate-100 px-3 py-2 dark:bg-white/5">
            <span className="font-medium text-slate-900 dark:text-white">{deleting.name}</span>{' '}
            <span className="font-mono text-xs">{deleting.maskedKey}</span>
          </p>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        open={!!rotating}
        title={t('rotateDialog.title')}
        confirmLabel={t('rotateDialog.confirm')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        tone="primary"
        busy={rotate.isPending}
        error={dialogError}
        onClose={closeDialogs}
        onConfirm={() => {
          if (!rotating) return;
          setDialogError(null);
          rotate.mutate(rotating.id, {
            onSuccess: (created) => {
              closeDialogs();
              setNotice(null);
              setShown({ key: created, rotated: true });
            },
            onError: (err) => setDialogError(apiKeyErrorText(err, 'rotate', t)),
          });
        }}
      >
        <p>{t('rotateDialog.text', { name: rotating?.name ?? '' })}</p>
      </ConfirmDialog>

      <Dialog
        open={!!editing}
        onClose={closeDialogs}
        title={t('editDialog.title')}
        description={editing?.maskedKey}
        closeLabel={t('close')}
        className="max-w-xl"
      >
        {editing && (
          <KeyForm
            key={editing.id}
            id="edit-api-key-form"
            initial={{ name: editing.name, permissions: editing.permissions }}
            onChange={() => setEditError(null)}
            onSubmit={async (values) => {
              setEditError(null);
              try {
                await update.mutateAsync({ id: editing.id, body: values });
                closeDialogs();
                setNotice({ tone: 'success', text: t('saved') });
              } catch (err) {
                setEditError(apiKeyErrorText(err, 'update', t));
              }
            }}
            footer={(submitting) => (
              <div className="space-y-4">
                {editError && <Banner tone="error">{editError}</Banner>}
                <div className="flex justify-end gap-2">
                  <Button variant="outline" onClick={closeDialogs} disabled={submitting}>
                    {t('cancel')}
                  </Button>
                  <Button type="submit" loading={submitting}>
                    {t('editDialog.save')}
                  </Button>
                </div>
              </div>
            )}
          />
        )}
      </Dialog>
    </div>
  );
}
