import { ArrowLeft, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Logo } from '../../../components/ui/logo.tsx';

/** The frame of every sign-in screen: logo, a centred card on a soft gradient, a trust note below. */
export function AuthShell({
  title,
  subtitle,
  icon,
  children,
  footer,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden bg-gradient-to-br from-slate-100 via-white to-brand-50 dark:from-slate-950 dark:via-slate-900 dark:to-indigo-950">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 -z-10 h-[28rem] w-[48rem] -translate-x-1/2 rounded-full bg-brand-400/20 blur-3xl dark:bg-brand-600/20"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-32 bottom-0 -z-10 h-72 w-72 rounded-full bg-violet-400/20 blur-3xl dark:bg-violet-700/15"
      />
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-5 py-5 sm:px-8">
        <Link
          to={paths.home}
          className="rounded-lg text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500 dark:text-white"
        >
          <Logo />
        </Link>
        <Link
          to={paths.home}
          className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-400 dark:hover:text-white"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('backToHome')}
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <Card className="p-6 shadow-xl shadow-slate-900/5 sm:p-8 dark:bg-slate-900/80 dark:shadow-black/30 dark:backdrop-blur">
            {icon && (
              <div className="mb-5 flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100 dark:bg-brand-500/10 dark:text-brand-300 dark:ring-brand-400/20 [&>svg]:size-6">
                {icon}
              </div>
            )}
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
            {subtitle && <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>}
            <div className="mt-6">{children}</div>
          </Card>
          {footer && (
            <div className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">{footer}</div>
          )}
          <p className="mt-6 px-4 text-center text-xs text-slate-500 dark:text-slate-500">
            <ShieldCheck className="mr-1.5 inline size-3.5 align-[-2px]" aria-hidden="true" />
            {t('secureNote')}
          </p>
        </div>
      </main>
    </div>
  );
}

/** A link inside auth texts, in the brand colour. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="rounded font-medium text-brand-600 hover:text-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:text-brand-400 dark:hover:text-brand-300"
    >
      {children}
    </Link>
  );
}
