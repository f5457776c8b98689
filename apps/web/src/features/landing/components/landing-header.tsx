import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { cn } from '../../../components/ui/cn.ts';
import { Logo } from '../../../components/ui/logo.tsx';

/** Buttons drawn on the dark header and hero, in either theme. */
export const lightButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-white font-semibold text-slate-900 shadow-sm transition-colors hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
export const ghostButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-white/20 font-semibold text-white transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

const ANCHORS = [
  ['#features', 'nav.features'],
  ['#use-cases', 'nav.useCases'],
  ['#pricing', 'nav.pricing'],
] as const;

/** The landing page's header: logo, in-page anchors, Docs, Sign in, Get started; a menu on phones. */
export function LandingHeader() {
  const { t } = useTranslation('landing');
  const [open, setOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 8);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const link = 'rounded-md px-3 py-2 text-sm font-medium text-slate-300 transition-colors hover:text-white';

  return (
    <header
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b transition-colors',
        scrolled || open
          ? 'border-white/10 bg-slate-950/80 backdrop-blur-lg'
          : 'border-transparent bg-transparent',
      )}
    >
      <nav className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home} aria-label={t('nav.home')} className="text-white">
          <Logo />
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {ANCHORS.map(([href, key]) => (
            <a key={href} href={href} className={link}>
              {t(key)}
            </a>
          ))}
          <Link to={paths.docs} className={link}>
            {t('nav.docs')}
          </Link>
        </div>
        <div className="hidden items-center gap-2 md:flex">
          <Link to={paths.login} className={link}>
            {t('nav.signIn')}
          </Link>
          <Link to={paths.signup} className={cn(lightButton, 'h-9 px-4 text-sm')}>
            {t('nav.getStarted')}
          </Link>
        </div>
        <button
          type="button"
          className="-mr-2 rounded-lg p-2 text-slate-200 hover:bg-white/10 md:hidden"
          aria-expanded={open}
          aria-controls="landing-menu"
          aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
        </button>
      </nav>
      {open && (
        <div id="landing-menu" className="border-t border-white/10 px-4 pb-6 pt-2 md:hidden">
          <div className="flex flex-col">
            {ANCHORS.map(([href, key]) => (
              <a
                key={href}
                href={href}
                onClick={() => setOpen(false)}
                className="rounded-lg px-3 py-3 text-base font-medium text-slate-200 hover:bg-white/5"
              >
                {t(key)}
              </a>
            ))}
            <Link
              to={paths.docs}
              onClick={() => setOpen(false)}
              className="rounded-lg px-3 py-3 text-base font-medium text-slate-200 hover:bg-white/5"
            >
              {t('nav.docs')}
            </Link>
          </div>
          <div className="mt-4 grid grid-cols-2 gap-3">
            <Link to={paths.login} className={cn(ghostButton, 'h-11 px-4 text-sm')}>
              {t('nav.signIn')}
            </Link>
            <Link to={paths.signup} className={cn(lightButton, 'h-11 px-4 text-sm')}>
              {t('nav.getStarted')}
            </Link>
          </div>
        </div>
      )}
    </header>
  );
}
