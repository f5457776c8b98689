import type { TMerchantProfile } from '@coinlane/core/api/settings';
import { AVATAR_MAX_BYTES } from '@coinlane/core/options';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { sessionKey } from '../../../lib/auth.ts';
import { profileKey, removeAvatar, uploadAvatar } from '../api/settings-api.ts';
import { SettingsSection } from './settings-section.tsx';

type Notice = { tone: 'success' | 'error'; key: string };

/** The client's checks before upload (merchant spec 5): under 5 MB, and an image. */
export function checkAvatarFile(file: File): 'avatar.tooLarge' | 'avatar.notImage' | null {
  if (file.size >= AVATAR_MAX_BYTES) return 'avatar.tooLarge';
  if (!file.type.startsWith('image/')) return 'avatar.notImage';
  return null;
}

function initials(profile: TMerchantProfile) {
  const source =
    [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.name || profile.email;
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** Profile Picture: choose a file, see it, Upload; or Remove the current one. */
export function AvatarSection({ profile, clearSignal }: { profile: TMerchantProfile; clearSignal: number }) {
  const { t } = useTranslation('settings');
  const qc = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  // Changing any field of the page clears the messages shown (merchant spec 2).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page signals a change
  useEffect(() => setNotice(null), [clearSignal]);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const afterChange = (avatarUrl: string | null) => {
    qc.setQueryData<TMerchantProfile>(profileKey, (old) => (old ? { ...old, avatarUrl } : old));
    void qc.invalidateQueries({ queryKey: sessionKey });
  };

  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: ({ avatarUrl }) => {
      afterChange(avatarUrl);
      setFile(null);
      setNotice({ tone: 'success', key: 'avatar.updated' });
    },
    onError: () => setNotice({ tone: 'error', key: 'avatar.uploadFailed' }),
  });

  const remove = useMutation({
    mutationFn: removeAvatar,
    onSuccess: () => {
      afterChange(null);
      setNotice({ tone: 'success', key: 'avatar.removed' });
    },
    onError: () => setNotice({ tone: 'error', key: 'avatar.removeFailed' }),
  });

  const onPick = (picked: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!picked) return;
    const problem = checkAvatarFile(picked);
    if (problem) {
      setFile(null);
      setNotice({ tone: 'error', key: problem });
      return;
    }
    setNotice(null);
    setFile(picked);
  };

  const busy = upload.isPending || remove.isPending;
  const shown = preview ?? profile.avatarUrl;

  return (
    <SettingsSection
      divider={false}
      id="profile-picture"
      title={t('avatar.title')}
      description={t('avatar.description')}
    >
      {notice && <Banner tone={notice.tone}>{t(notice.key)}</Banner>}
      <div className="flex items-center gap-5">
        <div className="relative size-20 shrink-0 overflow-hidden rounded-full bg-gradient-to-br from-brand-500 to-violet-600 ring-4 ring-white shadow-md dark:ring-slate-900">
          {shown ? (
            <img
              src={shown}
              alt={preview ? t('avatar.previewAlt') : t('avatar.alt')}
              className="size-full object-cover"
            />
          ) : (
            <span className="flex size-full items-center justify-center text-2xl font-semibold text-white">
              {initials(profile)}
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <input
            ref={inputRef}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            className="hidden"
            aria-label={t('avatar.choose')}
            onChange={(e) => onPick(e.target.files?.[0])}
            disabled={busy}
          />
          <div className="flex flex-wrap gap-2">
            {file ? (
              <>
                <Button onClick={() => upload.mutate(file)} loading={upload.isPending} disabled={busy}>
                  <ImageUp className="size-4" aria-hidden="true" />
                  {t('avatar.upload')}
                </Button>
                <Button variant="ghost" onClick={() => setFile(null)} disabled={busy}>
                  {t('avatar.cancel')}
                </Button>
              </>
            ) : (
              <>
                <Button variant="outline" onClick={() => inputRef.current?.click()} disabled={busy}>
                  {t('avatar.choose')}
                </Button>
                {profile.avatarUrl && (
                  <Button
                    variant="ghost"
                    onClick={() => remove.mutate()}
                    loading={remove.isPending}
                    disabled={busy}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    {t('avatar.remove')}
                  </Button>
                )}
              </>
            )}
          </div>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">
            {file ? t('avatar.selected', { name: file.name }) : t('avatar.hint')}
          </p>
        </div>
      </div>
    </SettingsSection>
  );
}
