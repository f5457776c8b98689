import { ArrowLeft, Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../components/ui/button.tsx';
import { Logo } from '../components/ui/logo.tsx';
import { paths } from './paths.ts';

/** The page for an unknown address, in the product's own look. */
export function NotFoundView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(paths.home);
  };
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden bg-gradient-to-br from-slate-100 via-white to-brand-50 dark:from-slate-950 dark:via-slate-900 dark:to-indigo-950">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 -z-10 h-[28rem] w-[48rem] -translate-x-1/2 rounded-full bg-brand-400/20 blur-3xl dark:bg-brand-600/20"
      />
      <header className="mx-auto w-full max-w-6xl px-5 py-5 sm:px-8">
        <Link
          to={paths.home}
          className="inline-block rounded-lg text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500 dark:text-white"
        >
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-center justify-center px-5 pb-24">
        <div className="max-w-md text-center">
          <div className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100 dark:bg-brand-500/10 dark:text-brand-300 dark:ring-brand-400/20">
            <Compass className="size-7" aria-hidden="true" />
          </div>
          <p className="mt-6 bg-gradient-to-r from-brand-600 to-violet-500 bg-clip-text text-6xl font-bold tracking-tight text-transparent dark:from-brand-300 dark:to-violet-400">
            404
          </p>
          <h1 className="mt-3 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
            {t('notFound.title')}
          </h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">{t('notFound.text')}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={paths.home} className={buttonClass('primary', 'lg')}>
              {t('notFound.home')}
            </Link>
            <Button variant="outline" size="lg" onClick={goBack}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              {t('notFound.back')}
            </Button>
          </div>
        </div>
      </main>
    </div>
  );
}
