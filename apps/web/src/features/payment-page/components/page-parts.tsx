import type { TLanguage } from '@coinlane/core/options';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { LANGUAGE_NAMES, LANGUAGES, useT } from '../i18n.tsx';
import { LockIcon, XCircleIcon } from './icons.tsx';

/** The frame the hosted pages share (payment, subscribe, subscription portal): cards, header, footer. */

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn('space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6', className)}
    >
      {children}
    </div>
  );
}

export function MerchantHeader({
  name,
  testMode,
  label,
}: {
  name: string;
  testMode: boolean;
  /** What the merchant is to the visitor ('Payment to' by default). */
  label?: string;
}) {
  const { t } = useT();
  return (
    <header className="flex items-center gap-3">
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-slate-900 text-lg font-semibold text-white"
      >
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium text-slate-500">{label ?? t('payTo')}</p>
        <h1 className="text-lg leading-tight font-semibold break-words text-slate-900">{name}</h1>
      </div>
      {testMode && (
        <span className="shrink-0 rounded-full border border-amber-300 bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
          {t('testBadge')}
        </span>
      )}
    </header>
  );
}

function LanguagePicker() {
  const { t, lang, setLang } = useT();
  return (
    <label className="inline-flex items-center gap-2">
      <span className="sr-only">{t('language')}</span>
      <select
        value={lang}
        onChange={(e) => setLang(e.target.value as TLanguage)}
        aria-label={t('language')}
        className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The page's footer. `convertedBy`: the exchange a converted payment passes through (decision 024), named instead
 * of the plain non-custodial line, which would not be true of it.
 */
export function Footer({ convertedBy }: { convertedBy?: string | null } = {}) {
  const { t } = useT();
  return (
    <footer className="mx-auto flex w-full max-w-md flex-col items-center gap-3 px-4 pb-8 text-center text-xs text-slate-500 lg:max-w-4xl">
      <LanguagePicker />
      <p className="flex items-center justify-center gap-1.5 font-semibold text-slate-600">
        <LockIcon className="size-3.5" />
        {t('secured')}
      </p>
      <p>{convertedBy ? t('nonCustodialConverted', { provider: convertedBy }) : t('nonCustodial')}</p>
    </footer>
  );
}

/**
 * A page that cannot be shown: what went wrong, and Try Again when trying again may help (a reload, or
 * `onRetry`).
 */
export function ErrorPanel({
  title,
  message,
  retry = true,
  onRetry = () => window.location.reload(),
}: {
  title: string;
  message: string;
  retry?: boolean;
  onRetry?: () => void;
}) {
  const { t } = useT();
  return (
    <div
      className="mx-auto mt-8 max-w-md rounded-2xl border border-red-200 bg-white p-6 text-center shadow-sm"
      role="alert"
    >
      <XCircleIcon className="mx-auto size-10 text-red-600" />
      <h1 className="mt-3 text-lg font-semibold">{title}</h1>
      <p className="mt-1 text-sm text-red-700">{message}</p>
      {retry && (
        <Button className="mt-5 w-full" size="lg" onClick={onRetry}>
          {t('tryAgain')}
        </Button>
      )}
    </div>
  );
}
