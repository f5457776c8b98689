import { cn } from './cn.ts';

/**
 * The screen-reader name of a spinner without a visible label, in the page's language. Both bundles (the app and
 * the hosted payment page, which has no i18next) keep <html lang> on the language shown, so it is read from there.
 */
const LOADING: Record<string, string> = {
  en: 'Loading',
  es: 'Cargando',
  fr: 'Chargement',
  de: 'Wird geladen',
};
export const loadingLabel = () =>
  LOADING[(typeof document === 'undefined' ? 'en' : document.documentElement.lang).slice(0, 2)] ?? 'Loading';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label ?? loadingLabel()} className="inline-flex items-center gap-2">
      <svg
        className={cn('animate-spin text-current', className ?? 'size-5')}
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      {label && <span className="text-sm text-slate-500 dark:text-slate-400">{label}</span>}
    </span>
  );
}

/** A centred spinner for a whole page or panel. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-brand-500">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
