import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { devMailKey, fetchDevMail } from '../api/dev-mail-api.ts';

/**
 * The mail's HTML as an iframe document: links open in a new tab (the frame may open pop-ups, which escape
 * its sandbox), and nothing in it can run scripts or reach this page (no allow-scripts, no allow-same-origin).
 */
export function mailDocument(html: string) {
  const base = '<base target="_blank"><meta name="color-scheme" content="light">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (m) => `${m}${base}`) : `${base}${html}`;
}

export const MAIL_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

/** The text version with its http(s) addresses made clickable. */
function LinkedText({ text }: { text: string }) {
  let offset = 0;
  const parts = text.split(/(https?:\/\/[^\s<>"')]+)/g).map((part) => {
    const at = offset;
    offset += part.length;
    return { part, at };
  });
  return (
    <>
      {parts.map(({ part, at }) =>
        /^https?:\/\//.test(part) ? (
          <a
            key={at}
            href={part}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-brand-600 underline dark:text-brand-400"
          >
            {part}
          </a>
        ) : (
          <Fragment key={at}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export function MailView({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, i18n } = useTranslation('devMail');
  const [version, setVersion] = useState<'html' | 'text'>('html');
  const mail = useQuery({
    queryKey: devMailKey(id),
    queryFn: () => fetchDevMail(id),
    staleTime: Infinity,
    retry: false,
  });

  if (mail.isPending)
    return (
      <div className="flex h-full min-h-64 items-center justify-center text-brand-500">
        <Spinner className="size-6" />
      </div>
    );
  if (mail.isError)
    return (
      <div className="p-5">
        <Banner tone="error">{errorMessage(mail.error, t('mailFailed'))}</Banner>
      </div>
    );

  const m = mail.data;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(m.createdAt),
  );

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="border-b border-slate-200 p-4 sm:p-5 dark:border-white/10">
        <button
          type="button"
          onClick={onBack}
          className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 lg:hidden dark:text-slate-300 dark:hover:text-white"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('back')}
        </button>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{m.subject}</h2>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-500 dark:text-slate-400">
            <span className="font-medium text-slate-700 dark:text-slate-300">{t('to')}:</span> {m.to}
            {m.replyTo && (
              <>
                <span className="mx-2" aria-hidden="true">
                  ·
                </span>
                <span className="font-medium text-slate-700 dark:text-slate-300">{t('replyTo')}:</span>{' '}
                {m.replyTo}
              </>
            )}
            <span className="mx-2" aria-hidden="true">
              ·
            </span>
            <time dateTime={m.createdAt}>{when}</time>
          </p>
          <fieldset className="inline-flex min-w-0 rounded-lg bg-slate-100 p-0.5 text-sm dark:bg-white/5">
            <legend className="sr-only">{t('view')}</legend>
            {(['html', 'text'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={version === v}
                onClick={() => setVersion(v)}
                className={cn(
                  'rounded-md px-3 py-1 font-medium transition-colors',
                  version === v
                    ? 'bg-white text-slate-900 shadow-sm dark:bg-white/15 dark:text-white'
                    : 'text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-white',
                )}
              >
                {t(v)}
              </button>
            ))}
          </fieldset>
        </div>
      </div>
      <div className="min-h-0 flex-1 bg-slate-50 p-3 sm:p-4 dark:bg-slate-950/40">
        {version === 'html' ? (
          <iframe
            title={t('frameTitle', { subject: m.subject })}
            srcDoc={mailDocument(m.html)}
            sandbox={MAIL_SANDBOX}
            referrerPolicy="no-referrer"
            className="h-[65vh] w-full rounded-lg border border-slate-200 bg-white lg:h-full dark:border-white/10"
          />
        ) : m.text ? (
          <pre className="h-full overflow-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-white p-4 font-mono text-sm leading-6 text-slate-800 dark:border-white/10 dark:bg-slate-900 dark:text-slate-200">
            <LinkedText text={m.text} />
          </pre>
        ) : (
          <p className="p-4 text-sm text-slate-500">{t('noText')}</p>
        )}
      </div>
    </div>
  );
}
