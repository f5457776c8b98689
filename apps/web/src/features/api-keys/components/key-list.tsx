import type { TApiKey } from '@coinlane/core/api/api-keys';
import { Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

export function KeyListSkeleton() {
  return (
    <ul aria-busy="true" className="divide-y divide-slate-200 dark:divide-white/10">
      {[0, 1, 2].map((i) => (
        <li key={i} className="space-y-3 px-5 py-4">
          <div className="flex items-center justify-between gap-4">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-8 w-28" />
          </div>
          <Skeleton className="h-4 w-64 max-w-full" />
          <div className="flex gap-2">
            <Skeleton className="h-5 w-14 rounded-full" />
            <Skeleton className="h-5 w-14 rounded-full" />
          </div>
          <Skeleton className="h-4 w-80 max-w-full" />
        </li>
      ))}
    </ul>
  );
}

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="break-words text-sm text-slate-800 tabular-nums dark:text-slate-200">{value}</dd>
    </div>
  );
}

/** The keys of the current mode: name, prefix with a masked tail, permissions, dates, and the actions. */
export function KeyList({
  keys,
  onEdit,
  onRotate,
  onDelete,
}: {
  keys: TApiKey[];
  onEdit: (key: TApiKey) => void;
  onRotate: (key: TApiKey) => void;
  onDelete: (key: TApiKey) => void;
}) {
  const { t, i18n } = useTranslation('apiKeys');
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const dayTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ul className="divide-y divide-slate-200 dark:divide-white/10">
      {keys.map((key) => (
        <li key={key.id} className="px-5 py-4" data-testid="api-key-row" data-key-id={key.id}>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-2">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="break-words text-sm font-semibold text-slate-900 dark:text-white">
                  {key.name}
                </h3>
                {key.status === 'expired' && (
                  <Badge tone="red" dot>
                    {t('list.expired')}
                  </Badge>
                )}
              </div>
              <p className="break-all font-mono text-xs text-slate-600 dark:text-slate-300">
                <span className="sr-only">{t('list.key')}: </span>
                {key.maskedKey}
              </p>
              <ul className="flex flex-wrap gap-1.5" aria-label={t('list.permissions')}>
                {key.permissions.map((p) => (
                  <li key={p}>
                    <Badge tone={p === 'read' ? 'grey' : p === 'write' ? 'brand' : 'amber'}>
                      {t(`badges.${p}`)}
                    </Badge>
                  </li>
                ))}
              </ul>
            </div>
            <div className="flex shrink-0 gap-1.5">
              <Button
                size="sm"
                variant="outline"
                onClick={() => onEdit(key)}
                aria-label={`${t('list.edit')} ${key.name}`}
              >
                <Pencil className="size-4" aria-hidden="true" />
                <span className="max-sm:sr-only">{t('list.edit')}</span>
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => onRotate(key)}
                aria-label={`${t('list.rotate')} ${key.name}`}
              >
                <RefreshCw className="size-4" aria-hidden="true" />
                <span className="max-sm:sr-only">{t('list.rotate')}</span>
              </Button>
              <Button
                size="sm"
                variant="outline"
                className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10"
                onClick={() => onDelete(key)}
                aria-label={`${t('list.delete')} ${key.name}`}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                <span className="max-sm:sr-only">{t('list.delete')}</span>
              </Button>
            </div>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
            <Meta label={t('list.created')} value={day.format(new Date(key.createdAt))} />
            <Meta
              label={t('list.lastUsed')}
              value={key.lastUsedAt ? dayTime.format(new Date(key.lastUsedAt)) : t('list.never')}
            />
            <Meta
              label={t('list.expires')}
              value={key.expiresAt ? day.format(new Date(key.expiresAt)) : t('list.noExpiry')}
            />
          </dl>
        </li>
      ))}
    </ul>
  );
}
