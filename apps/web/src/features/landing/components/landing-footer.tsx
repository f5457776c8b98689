import { LANGUAGE_NAMES, LANGUAGES, type TLanguage } from '@coinlane/core/options';
import { ArrowRight, MessageSquare } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { cn } from '../../../components/ui/cn.ts';
import { Logo } from '../../../components/ui/logo.tsx';
import { setLanguage } from '../../../lib/language.ts';
import { ghostButton, lightButton } from './landing-header.tsx';

/** The contact form loads on demand: its code and texts are not part of the landing page's first load. */
const loadSalesDialog = () => import('./sales-dialog.tsx');
const SalesDialog = lazy(loadSalesDialog);

export function CallToAction() {
  const { t } = useTranslation('landing');
  const [salesOpen, setSalesOpen] = useState(false);
  const [salesLoaded, setSalesLoaded] = useState(false);
  const prefetch = () => void loadSalesDialog();
  return (
    <section className="relative isolate overflow-hidden bg-slate-950 py-20 sm:py-24">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_25rem_at_50%_120%,rgba(99,102,241,0.45),transparent_70%)]"
      />
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 className="text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl">
          {t('cta.title')}
        </h2>
        <p className="mt-4 text-base leading-7 text-slate-300">{t('cta.subtitle')}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.signup} className={cn(lightButton, 'h-12 px-6 text-base')}>
            {t('cta.primary')}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
          <Link to={paths.docs} className={cn(ghostButton, 'h-12 px-6 text-base')}>
            {t('cta.secondary')}
          </Link>
          <button
            type="button"
            className={cn(ghostButton, 'h-12 px-6 text-base')}
            onPointerEnter={prefetch}
            onFocus={prefetch}
            onClick={() => {
              setSalesLoaded(true);
              setSalesOpen(true);
            }}
          >
            <MessageSquare className="size-4" aria-hidden="true" />
            {t('cta.sales')}
          </button>
        </div>
      </div>
      {salesLoaded && (
        <Suspense fallback={null}>
          <SalesDialog open={salesOpen} onClose={() => setSalesOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}

export function LandingFooter({ platformName }: { platformName: string }) {
  const { t, i18n } = useTranslation('landing');
  const link = 'text-sm text-slate-400 transition-colors hover:text-white';
  return (
    <footer className="border-t border-white/10 bg-slate-950 text-slate-400">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr] lg:px-8">
        <div className="max-w-xs">
          <Logo className="text-white" />
          <p className="mt-4 text-sm leading-6">{t('footer.tagline')}</p>
          <label className="mt-6 block text-xs font-medium text-slate-500">
            {t('footer.language')}
            <select
              value={i18n.language}
              onChange={(e) => setLanguage(e.target.value as TLanguage)}
              className="mt-1.5 block w-40 rounded-lg border border-white/15 bg-slate-900 px-3 py-2 text-sm text-slate-200 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
            >
              {LANGUAGES.map((lang) => (
                <option key={lang} value={lang} lang={lang}>
                  {LANGUAGE_NAMES[lang]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <nav aria-label={t('footer.product')}>
          <p className="text-sm font-semibold text-white">{t('footer.product')}</p>
          <ul className="mt-4 space-y-3">
            <li>
              <a href="#features" className={link}>
                {t('nav.features')}
              </a>
            </li>
            <li>
              <a href="#use-cases" className={link}>
                {t('nav.useCases')}
              </a>
            </li>
            <li>
              <a href="#pricing" className={link}>
                {t('nav.pricing')}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.developers')}>
          <p className="text-sm font-semibold text-white">{t('footer.developers')}</p>
          <ul className="mt-4 space-y-3">
            <li>
              <Link to={paths.docs} className={link}>
                {t('footer.documentation')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.account')}>
          <p className="text-sm font-semibold text-white">{t('footer.account')}</p>
          <ul className="mt-4 space-y-3">
            <li>
              <Link to={paths.login} className={link}>
                {t('nav.signIn')}
              </Link>
            </li>
            <li>
              <Link to={paths.signup} className={link}>
                {t('nav.getStarted')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-500 sm:px-6 lg:px-8">
          {t('footer.rights', { year: new Date().getFullYear(), name: platformName })}
        </p>
      </div>
    </footer>
  );
}
