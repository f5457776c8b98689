import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import { FlaskConical, X, Zap } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useSwitchMode } from '../../lib/auth.ts';

const ERROR_VISIBLE_MS = 6000;

/**
 * Test / Live switch, on every merchant page. Live is amber, so real money is never mistaken for test data.
 * A refusal (a pending account asking for live) shows the server's reason in a small popover.
 */
export function ModeSwitch({ mode, compact = false }: { mode: TMode; compact?: boolean }) {
  const { t } = useTranslation();
  const switchMode = useSwitchMode();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), ERROR_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [error]);

  const choose = (next: TMode) => {
    if (next === mode || switchMode.isPending) return;
    setError(null);
    switchMode.mutate(next, {
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'LIVE_MODE_NOT_ALLOWED') {
          setError(
            err.message === T.liveModeNeedsApproval || !err.message
              ? t('mode.liveNeedsApproval')
              : err.message,
          );
        } else if (
          err instanceof ApiError &&
          err.code !== 'NETWORK_ERROR' &&
          err.message &&
          err.status < 500
        ) {
          setError(err.message);
        } else setError(t('mode.switchFailed'));
      },
    });
  };

  const option = (value: TMode) => {
    const active = mode === value;
    const Icon = value === 'live' ? Zap : FlaskConical;
    return (
      <button
        type="button"
        aria-pressed={active}
        aria-describedby={error ? errorId : undefined}
        disabled={switchMode.isPending}
        onClick={() => choose(value)}
        className={cn(
          'relative inline-flex items-center gap-1.5 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500 disabled:cursor-wait',
          compact ? 'h-7 px-2 text-xs' : 'h-8 px-3 text-sm',
          active && value === 'live' && 'bg-amber-400 text-amber-950 shadow-sm',
          active && value === 'test' && 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white',
          !active && 'text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200',
        )}
      >
        <Icon className={compact ? 'size-3.5' : 'size-4'} aria-hidden="true" />
        {t(value === 'live' ? 'mode.live' : 'mode.test')}
        {active && value === 'live' && (
          <span className="relative flex size-1.5" aria-hidden="true">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-amber-900/60" />
            <span className="relative inline-flex size-1.5 rounded-full bg-amber-900" />
          </span>
        )}
      </button>
    );
  };

  return (
    <div className="relative">
      <fieldset className="m-0 inline-flex min-w-0 items-center gap-0.5 rounded-lg border-0 bg-slate-100 p-0.5 ring-1 ring-slate-200 dark:bg-white/5 dark:ring-white/10">
        <legend className="sr-only">{t('mode.label')}</legend>
        {option('test')}
        {option('live')}
      </fieldset>
      {error && (
        <div
          id={errorId}
          role="alert"
          className="absolute right-0 top-full z-40 mt-2 flex w-72 max-w-[calc(100vw-2rem)] items-start gap-2 rounded-lg border border-red-200 bg-white p-3 text-sm text-red-700 shadow-lg dark:border-red-500/30 dark:bg-slate-900 dark:text-red-300"
        >
          <span className="flex-1">{error}</span>
          <button
            type="button"
            onClick={() => setError(null)}
            aria-label={t('mode.dismiss')}
            className="-m-1 rounded p-1 text-red-500 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-500 dark:hover:bg-red-500/10"
          >
            <X className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}

/** A strip under the header saying which mode the data on screen belongs to. */
export function ModeStripe({ mode }: { mode: TMode }) {
  const { t } = useTranslation();
  if (mode === 'live') return null;
  return (
    <div
      role="note"
      className="flex items-center justify-center gap-2 border-b border-brand-200/70 bg-[repeating-linear-gradient(135deg,var(--color-brand-50)_0_10px,#fff_10px_20px)] px-4 py-1.5 text-center text-xs font-medium text-brand-800 dark:border-brand-400/20 dark:bg-[repeating-linear-gradient(135deg,rgb(99_102_241/0.12)_0_10px,rgb(99_102_241/0.05)_10px_20px)] dark:text-brand-200"
    >
      <FlaskConical className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sm:hidden">{t('mode.testMode')}</span>
      <span className="hidden sm:inline">{t('mode.testBanner')}</span>
    </div>
  );
}

/** The amber 'Live' badge shown beside the page header in live mode. */
export function LiveBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-amber-800 ring-1 ring-inset ring-amber-500/40 dark:bg-amber-400/15 dark:text-amber-300 dark:ring-amber-400/40">
      <Zap className="size-3" aria-hidden="true" />
      {t('mode.liveMode')}
    </span>
  );
}
