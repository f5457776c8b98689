import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, BookOpen, ChevronDown } from 'lucide-react';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Banner } from '../../../components/ui/banner.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Logo } from '../../../components/ui/logo.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { docsErrorText, docsKey, fetchDocs } from '../api/fetch-docs.ts';
import { type Heading, headingsOf } from './markdown-headings.ts';
import { MarkdownView } from './markdown-view.tsx';

/**
 * The heading currently at the top of the viewport, for the contents' highlight. At the very end of the page the
 * last sections can never reach the top band, so there the last heading on screen is the current one.
 */
function useActiveHeading(ids: string[]) {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (!ids.length || typeof IntersectionObserver === 'undefined') return;
    const seen = new Map<string, boolean>();
    const atEnd = () =>
      window.scrollY > 0 && window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    const lastOnScreen = () =>
      ids.findLast((id) => {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        return top !== undefined && top < window.innerHeight;
      });
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) seen.set(e.target.id, e.isIntersecting);
        const first = atEnd() ? lastOnScreen() : ids.find((id) => seen.get(id));
        if (first) setActive(first);
      },
      { rootMargin: '-80px 0px -65% 0px' },
    );
    for (const id of ids) {
      const el = document.getElementById(id);
      if (el) observer.observe(el);
    }
    const onScroll = () => {
      if (!atEnd()) return;
      const last = lastOnScreen();
      if (last) setActive(last);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [ids]);
  return active;
}

/**
 * Keeps the highlighted entry of a scrolling contents list in view: as the reader moves down the page the
 * highlight moves down the list, past the list's visible part; the list itself (never the page) scrolls so the
 * entry shows whole, with a little room above and below.
 */
function useActiveInView(list: RefObject<HTMLElement | null>, active: string | null) {
  useEffect(() => {
    const box = list.current;
    if (!box || !active || box.scrollHeight <= box.clientHeight) return;
    const entry = box.querySelector<HTMLElement>(`a[href="#${CSS.escape(active)}"]`);
    if (!entry) return;
    const room = 24;
    // The entry's place in the list's scrolled content.
    const top = entry.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    const bottom = top + entry.getBoundingClientRect().height;
    if (top - room < box.scrollTop) box.scrollTop = Math.max(0, top - room);
    else if (bottom + room > box.scrollTop + box.clientHeight)
      box.scrollTop = bottom + room - box.clientHeight;
  }, [list, active]);
}

function Contents({
  headings,
  active,
  onPick,
}: {
  headings: Heading[];
  active: string | null;
  onPick?: () => void;
}) {
  return (
    <ul className="space-y-1 text-sm break-words">
      {headings.map((h) => (
        <li key={h.id}>
          <a
            href={`#${h.id}`}
            onClick={onPick}
            aria-current={active === h.id ? 'location' : undefined}
            className={cn(
              'block rounded-md py-1 transition-colors',
              h.depth === 3 ? 'pl-5 text-[13px]' : 'pl-2 font-medium',
              active === h.id
                ? 'bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-300'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
            )}
          >
            {h.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** /docs (merchant spec 2): the developer documentation, rendered from /docs.md. */
export default function DocsPage() {
  const { t, i18n } = useTranslation('docs');
  const docs = useQuery({
    queryKey: docsKey,
    queryFn: ({ signal }) => fetchDocs({ signal }),
    staleTime: 5 * 60_000,
  });
  const headings = useMemo(
    () => (docs.data ? headingsOf(docs.data).filter((h) => h.depth === 2 || h.depth === 3) : []),
    [docs.data],
  );
  const ids = useMemo(() => headings.map((h) => h.id), [headings]);
  const active = useActiveHeading(ids);
  const contents = useRef<HTMLElement>(null);
  useActiveInView(contents, active);
  const [tocOpen, setTocOpen] = useState(false);

  // Opening /docs#section scrolls there once the text is in the page.
  useEffect(() => {
    if (!docs.data || !window.location.hash) return;
    const el = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    el?.scrollIntoView();
  }, [docs.data]);

  return (
    <div className="min-h-dvh bg-white dark:bg-slate-950">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/85 backdrop-blur dark:border-white/10 dark:bg-slate-950/85">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <div className="flex min-w-0 items-center gap-3">
            <Link to={paths.home} aria-label={t('home')} className="shrink-0 text-slate-900 dark:text-white">
              <Logo />
            </Link>
            <span className="hidden h-5 w-px bg-slate-200 sm:block dark:bg-white/15" aria-hidden="true" />
            <span className="hidden items-center gap-1.5 text-sm font-medium text-slate-600 sm:inline-flex dark:text-slate-300">
              <BookOpen className="size-4" aria-hidden="true" />
              {t('title')}
            </span>
          </div>
          <nav className="flex items-center gap-1 sm:gap-2">
            <Link to={paths.home} className={buttonClass('ghost', 'sm')}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">{t('backToHome')}</span>
              <span className="sm:hidden">{t('home')}</span>
            </Link>
            <Link to={paths.login} className={buttonClass('primary', 'sm')}>
              {t('signIn')}
            </Link>
          </nav>
        </div>
      </header>

      {docs.isPending ? (
        <div className="flex min-h-[60vh] items-center justify-center text-brand-500">
          <Spinner className="size-8" label={t('loading')} />
        </div>
      ) : docs.isError ? (
        <div className="mx-auto max-w-xl px-4 py-24 text-center">
          <Banner tone="error">{docsErrorText(docs.error, t)}</Banner>
          <Link to={paths.home} className={buttonClass('outline', 'md', 'mt-6')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('backToHome')}
          </Link>
        </div>
      ) : (
        <div className="mx-auto flex max-w-7xl gap-10 px-4 sm:px-6 lg:px-8">
          <aside className="hidden w-60 shrink-0 lg:block">
            {/* Exactly the viewport below the header (4rem and its 1px border): the list's end is never below
                the screen's edge, and the list scrolls by itself, keeping the current entry in view. */}
            <nav
              ref={contents}
              aria-label={t('onThisPage')}
              className="sticky top-[calc(4rem+1px)] max-h-[calc(100dvh-4rem-1px)] overflow-y-auto overscroll-contain py-10 pr-2"
            >
              <p className="mb-3 px-2 text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400">
                {t('onThisPage')}
              </p>
              <Contents headings={headings} active={active} />
            </nav>
          </aside>
          <main className="min-w-0 flex-1 py-8 lg:py-10">
            <div className="mb-6 rounded-xl border border-slate-200 lg:hidden dark:border-white/10">
              <button
                type="button"
                onClick={() => setTocOpen((o) => !o)}
                aria-expanded={tocOpen}
                className="flex w-full items-center justify-between px-4 py-3 text-sm font-medium text-slate-700 dark:text-slate-200"
              >
                {t('onThisPage')}
                <ChevronDown
                  className={cn('size-4 transition-transform', tocOpen && 'rotate-180')}
                  aria-hidden="true"
                />
              </button>
              {tocOpen && (
                <nav
                  aria-label={t('onThisPage')}
                  className="border-t border-slate-200 px-2 py-3 dark:border-white/10"
                >
                  <Contents headings={headings} active={active} onPick={() => setTocOpen(false)} />
                </nav>
              )}
            </div>
            <article className="mx-auto max-w-3xl" lang="en">
              {!i18n.language.startsWith('en') && (
                <p
                  lang={i18n.language}
                  className="mb-8 rounded-lg bg-slate-100 px-4 py-2.5 text-sm text-slate-600 dark:bg-white/5 dark:text-slate-400"
                >
                  {t('englishOnly')}
                </p>
              )}
              <MarkdownView source={docs.data} />
            </article>
          </main>
        </div>
      )}
    </div>
  );
}
