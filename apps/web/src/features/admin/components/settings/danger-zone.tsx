import type { TClearCacheResult, TForceLogoutResult, TResetRateLimitsResult } from '@coinlane/core/api/admin';
import { useMutation } from '@tanstack/react-query';
import { AlertTriangle, DatabaseZap, Gauge, LogOut } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../../components/ui/banner.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { clearAllCache, forceLogoutAll, resetRateLimits } from '../../api/settings-api.ts';
import { formatCount } from '../../utils/format.ts';

type Action = 'clearCache' | 'resetRateLimits' | 'forceLogout';
type Result =
  | { action: 'clearCache'; data: TClearCacheResult }
  | { action: 'resetRateLimits'; data: TResetRateLimitsResult }
  | { action: 'forceLogout'; data: TForceLogoutResult };

const ACTIONS: { action: Action; icon: ReactNode; run: () => Promise<Result> }[] = [
  {
    action: 'clearCache',
    icon: <DatabaseZap className="size-4" aria-hidden="true" />,
    run: async () => ({ action: 'clearCache', data: await clearAllCache() }),
  },
  {
    action: 'resetRateLimits',
    icon: <Gauge className="size-4" aria-hidden="true" />,
    run: async () => ({ action: 'resetRateLimits', data: await resetRateLimits() }),
  },
  {
    action: 'forceLogout',
    icon: <LogOut className="size-4" aria-hidden="true" />,
    run: async () => ({ action: 'forceLogout', data: await forceLogoutAll() }),
  },
];

/**
 * The Danger Zone (admin spec 2; system.maintenance only): Clear All Cache, Reset Rate Limits, Force Logout All
 * Users. Each asks first, then shows what the server did (decision 016).
 */
export function DangerZone() {
  const { t, i18n } = useTranslation('adminSettings');
  const lang = i18n.language;
  const [asking, setAsking] = useState<Action | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = useMutation({
    mutationFn: (action: Action) => ACTIONS.find((a) => a.action === action)!.run(),
    onMutate: () => {
      setError(null);
      setResult(null);
    },
    onSuccess: (r) => {
      setResult(r);
      setAsking(null);
    },
    onError: (err) =>
      setError(
        t('danger.failed', {
          reason: err instanceof ApiError || err instanceof Error ? err.message : String(err),
        }),
      ),
  });

  const resultText = (r: Result): ReactNode => {
    switch (r.action) {
      case 'clearCache':
        return (
          <>
            {t('danger.clearCache.done', { count: r.data.caches.length })}
            <ul className="mt-1 list-disc pl-5">
              {r.data.caches.map((c) => (
                <li key={c.name}>
                  {t('danger.clearCache.entry', {
                    name: t(`danger.cacheNames.${c.name}`, { defaultValue: c.name }),
                    count: c.entriesCleared,
                    formatted: formatCount(c.entriesCleared, lang),
                  })}
                </li>
              ))}
            </ul>
          </>
        );
      case 'resetRateLimits':
        return t('danger.resetRateLimits.done', {
          count: r.data.countersCleared,
          formatted: formatCount(r.data.countersCleared, lang),
        });
      case 'forceLogout':
        return `${t('danger.forceLogout.done', {
          count: r.data.sessionsEnded,
          formatted: formatCount(r.data.sessionsEnded, lang),
        })} ${t('danger.forceLogout.signIns', {
          count: r.data.signInsCancelled,
          formatted: formatCount(r.data.signInsCancelled, lang),
        })}`;
    }
  };

  return (
    <section
      aria-labelledby="danger-zone-title"
      className="rounded-xl border border-red-300 bg-white shadow-sm dark:border-red-500/40 dark:bg-slate-900/60"
    >
      <div className="flex items-start gap-3 border-b border-red-200 px-5 py-4 sm:px-6 dark:border-red-500/30">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-400" aria-hidden="true" />
        <div>
          <h2 id="danger-zone-title" className="text-base font-semibold text-red-700 dark:text-red-300">
            {t('danger.title')}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{t('danger.intro')}</p>
        </div>
      </div>
      <div className="space-y-4 p-5 sm:p-6">
        {result && (
          <Banner tone="success">
            <span className="block">{resultText(result)}</span>
          </Banner>
        )}
        <ul className="divide-y divide-slate-100 dark:divide-white/5">
          {ACTIONS.map(({ action, icon }) => (
            <li
              key={action}
              className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900 dark:text-white">
                  {t(`danger.${action}.button`)}
                </p>
                <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                  {t(`danger.${action}.hint`)}
                </p>
              </div>
              <Button
                variant="dangerOutline"
                className="shrink-0"
                onClick={() => {
                  setError(null);
                  setAsking(action);
                }}
                disabled={run.isPending}
              >
                {icon}
                {t(`danger.${action}.button`)}
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`danger.${asking}.confirmTitle`) : ''}
        confirmLabel={asking ? t(`danger.${asking}.button`) : ''}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        busy={run.isPending}
        error={error}
        onClose={() => {
          setAsking(null);
          setError(null);
        }}
        onConfirm={() => {
          if (asking) run.mutate(asking);
        }}
      >
        {asking && <p>{t(`danger.${asking}.confirmText`)}</p>}
      </ConfirmDialog>
    </section>
  );
}
