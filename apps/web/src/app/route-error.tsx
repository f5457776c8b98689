import { AlertTriangle, RefreshCw, RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { Logo } from '../components/ui/logo.tsx';
import { NotFoundView } from './not-found-view.tsx';

/** The route error boundary: a 404 answer shows the not-found page; anything else the crash screen. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    if (!(isRouteErrorResponse(error) && error.status === 404)) console.error(error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return <CrashScreen error={error} />;
}

/** 'Something went wrong' on a dark gradient, with Reload Page and Try Again (merchant spec 2). */
export function CrashScreen({ error }: { error?: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const detail = import.meta.env.DEV && error instanceof Error ? `${error.name}: ${error.message}` : null;
  return (
    <div className="dark relative isolate flex min-h-dvh flex-col overflow-hidden bg-gradient-to-br from-slate-950 via-slate-900 to-indigo-950 text-slate-100">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 left-1/2 -z-10 h-96 w-[40rem] -translate-x-1/2 rounded-full bg-red-500/10 blur-3xl"
      />
      <header className="px-6 py-5">
        <Logo className="text-white" />
      </header>
      <main className="flex flex-1 items-center justify-center px-5 pb-20">
        <div className="w-full max-w-lg text-center">
          <div className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-red-500/10 text-red-400 ring-1 ring-red-400/20">
            <AlertTriangle className="size-8" aria-hidden="true" />
          </div>
          <h1 className="mt-6 text-3xl font-semibold tracking-tight text-white">{t('crash.title')}</h1>
          <p className="mt-3 text-base leading-relaxed text-slate-300">{t('crash.text')}</p>
          {detail && (
            <details className="mx-auto mt-6 max-w-md rounded-lg border border-white/10 bg-white/5 px-4 py-3 text-left text-xs text-slate-400">
              <summary className="cursor-pointer text-slate-300">{t('crash.details')}</summary>
              <pre className="mt-2 overflow-x-auto whitespace-pre-wrap font-mono">{detail}</pre>
            </details>
          )}
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <button
              type="button"
              onClick={() => window.location.reload()}
              className="inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 text-sm font-medium text-white shadow-lg shadow-brand-900/30 hover:bg-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
            >
              <RefreshCw className="size-4" aria-hidden="true" />
              {t('crash.reload')}
            </button>
            <button
              type="button"
              onClick={() =>
                void navigate(location.pathname + location.search + location.hash, { replace: true })
              }
              className="inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-white/15 px-5 text-sm font-medium text-slate-100 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
            >
              <RotateCcw className="size-4" aria-hidden="true" />
              {t('crash.tryAgain')}
            </button>
          </div>
        </div>
      </main>
    </div>
  );
}
