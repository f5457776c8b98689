import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Inbox, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Banner } from '../../../components/ui/banner.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Logo } from '../../../components/ui/logo.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { devMailListKey, fetchDevMailList } from '../api/dev-mail-api.ts';
import { MailView } from './mail-view.tsx';

const REFRESH_MS = 3000;

function useRelativeTime() {
  const { i18n } = useTranslation();
  const rtf = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  return (iso: string) => {
    const seconds = Math.round((new Date(iso).getTime() - Date.now()) / 1000);
    const abs = Math.abs(seconds);
    if (abs < 60) return rtf.format(seconds, 'second');
    if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
    if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
    return rtf.format(Math.round(seconds / 86_400), 'day');
  };
}

/** /dev/mail: the development outbox, newest first, refreshed every 3 s. */
export default function DevMailPage() {
  const { t } = useTranslation('devMail');
  const [params, setParams] = useSearchParams();
  const selected = params.get('id');
  const relative = useRelativeTime();
  const list = useQuery({
    queryKey: devMailListKey,
    queryFn: fetchDevMailList,
    refetchInterval: (q) => (q.state.error ? false : REFRESH_MS),
    refetchIntervalInBackground: false,
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
    staleTime: 0,
  });
  const off = list.error instanceof ApiError && list.error.status === 404;
  const mails = list.data ? [...list.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) : [];

  const select = (id: string | null) => setParams(id ? { id } : {}, { replace: !id });

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      <header className="border-b border-slate-200 bg-white dark:border-white/10 dark:bg-slate-900/60">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <div className="flex min-w-0 items-center gap-3">
            <Link to={paths.home} aria-label={t('home')} className="shrink-0 text-slate-900 dark:text-white">
              <Logo />
            </Link>
            <span className="h-5 w-px bg-slate-200 dark:bg-white/15" aria-hidden="true" />
            <h1 className="inline-flex items-center gap-1.5 truncate text-sm font-medium text-slate-700 dark:text-slate-200">
              <Inbox className="size-4 shrink-0" aria-hidden="true" />
              {t('title')}
            </h1>
          </div>
          <Link to={paths.home} className={buttonClass('ghost', 'sm')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('home')}
          </Link>
        </div>
      </header>

      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-4 px-4 py-6 sm:px-6 lg:px-8">
        <Banner tone="warning">{t('banner')}</Banner>

        {off ? (
          <Banner tone="info">{t('off')}</Banner>
        ) : list.isError ? (
          <Banner tone="error">{errorMessage(list.error, t('loadFailed'))}</Banner>
        ) : (
          <div className="grid grid-cols-1 overflow-hidden lg:min-h-[70vh] lg:flex-1 rounded-xl border border-slate-200 bg-white shadow-sm lg:grid-cols-[22rem_1fr] dark:border-white/10 dark:bg-slate-900/60">
            <section
              aria-label={t('title')}
              className={cn(
                'flex min-h-0 flex-col border-slate-200 lg:border-r dark:border-white/10',
                selected && 'hidden lg:flex',
              )}
            >
              <p className="flex items-center gap-2 border-b border-slate-200 px-4 py-2.5 text-xs text-slate-500 dark:border-white/10 dark:text-slate-400">
                <span className="relative flex size-2" aria-hidden="true">
                  <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60" />
                  <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
                </span>
                {t('autoRefresh')}
              </p>
              {list.isPending ? (
                <div className="space-y-3 p-4">
                  {[0, 1, 2, 3].map((i) => (
                    <div key={i} className="space-y-2">
                      <Skeleton className="h-4 w-3/4" />
                      <Skeleton className="h-3 w-1/2" />
                    </div>
                  ))}
                </div>
              ) : mails.length === 0 ? (
                <div className="flex flex-1 flex-col items-center justify-center px-6 py-16 text-center">
                  <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-400 dark:bg-white/5">
                    <Mail className="size-6" aria-hidden="true" />
                  </span>
                  <p className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">{t('empty')}</p>
                  <p className="mt-1 max-w-xs text-sm text-slate-500 dark:text-slate-400">{t('emptyHint')}</p>
                </div>
              ) : (
                <ul className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto dark:divide-white/5">
                  {mails.map((m) => (
                    <li key={m.id}>
                      <button
                        type="button"
                        onClick={() => select(m.id)}
                        aria-current={selected === m.id ? 'true' : undefined}
                        className={cn(
                          'block w-full px-4 py-3 text-left transition-colors',
                          selected === m.id
                            ? 'bg-brand-50 dark:bg-brand-500/10'
                            : 'hover:bg-slate-50 dark:hover:bg-white/5',
                        )}
                      >
                        <span className="flex items-baseline justify-between gap-3">
                          <span className="truncate text-sm font-medium text-slate-900 dark:text-white">
                            {m.subject}
                          </span>
                          <time
                            dateTime={m.createdAt}
                            className="shrink-0 text-xs text-slate-500 dark:text-slate-400"
                          >
                            {relative(m.createdAt)}
                          </time>
                        </span>
                        <span className="mt-0.5 block truncate text-xs text-slate-500 dark:text-slate-400">
                          {t('to')}: {m.to}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className={cn('min-h-0', !selected && 'hidden lg:block')}>
              {selected ? (
                <MailView key={selected} id={selected} onBack={() => select(null)} />
              ) : (
                <div className="flex h-full items-center justify-center p-10 text-sm text-slate-500 dark:text-slate-400">
                  {t('pick')}
                </div>
              )}
            </section>
          </div>
        )}
      </div>
    </div>
  );
}
