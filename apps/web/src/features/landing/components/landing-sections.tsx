import {
  Code2,
  Coins,
  FlaskConical,
  Gamepad2,
  Globe2,
  HandHeart,
  KeyRound,
  Laptop,
  Link2,
  type LucideIcon,
  Newspaper,
  ShieldAlert,
  ShieldCheck,
  UserRound,
  Wallet,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function SectionHeading({
  kicker,
  title,
  subtitle,
}: {
  kicker: string;
  title: string;
  subtitle?: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-600 dark:text-brand-400">
        {kicker}
      </p>
      <h2 className="mt-3 text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
        {title}
      </h2>
      {subtitle && <p className="mt-4 text-base leading-7 text-slate-600 dark:text-slate-400">{subtitle}</p>}
    </div>
  );
}

const FEATURES: Array<[LucideIcon, string]> = [
  [ShieldCheck, 'custody'],
  [KeyRound, 'address'],
  [UserRound, 'privacy'],
  [Coins, 'stable'],
  [FlaskConical, 'testMode'],
  [Code2, 'developers'],
];

export function FeaturesSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="features" className="scroll-mt-16 bg-white py-24 sm:py-32 dark:bg-slate-950">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          kicker={t('features.kicker')}
          title={t('features.title')}
          subtitle={t('features.subtitle')}
        />
        <div className="mt-16 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(([Icon, key]) => (
            <div
              key={key}
              className="group rounded-2xl border border-slate-200 bg-slate-50/50 p-6 transition-colors hover:border-brand-300 hover:bg-white dark:border-white/10 dark:bg-white/[0.03] dark:hover:border-brand-500/40 dark:hover:bg-white/[0.05]"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm shadow-brand-600/30">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-base font-semibold text-slate-900 dark:text-white">
                {t(`features.${key}.title`)}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">
                {t(`features.${key}.text`)}
              </p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

const STEPS: Array<[LucideIcon, string]> = [
  [Wallet, 'one'],
  [Link2, 'two'],
  [ShieldCheck, 'three'],
];

export function StepsSection() {
  const { t } = useTranslation('landing');
  return (
    <section className="border-y border-slate-200 bg-slate-50 py-24 sm:py-28 dark:border-white/10 dark:bg-slate-900/40">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading kicker={t('steps.kicker')} title={t('steps.title')} />
        <ol className="mt-16 grid gap-8 md:grid-cols-3">
          {STEPS.map(([Icon, key], i) => (
            <li key={key} className="relative">
              <div className="flex items-center gap-4">
                <span className="flex size-10 items-center justify-center rounded-full bg-white text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-brand-300 dark:ring-white/10">
                  {i + 1}
                </span>
                <span
                  aria-hidden="true"
                  className="hidden h-px flex-1 bg-gradient-to-r from-slate-300 to-transparent md:block dark:from-white/15"
                />
                <Icon className="size-5 text-slate-400 md:hidden" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-base font-semibold text-slate-900 dark:text-white">
                {t(`steps.${key}.title`)}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">
                {t(`steps.${key}.text`)}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const USE_CASES: Array<[LucideIcon, string]> = [
  [Newspaper, 'journalists'],
  [HandHeart, 'charities'],
  [Gamepad2, 'gaming'],
  [Globe2, 'sanctioned'],
  [ShieldAlert, 'highRisk'],
  [Laptop, 'freelancers'],
];

export function UseCasesSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="use-cases" className="scroll-mt-16 bg-white py-24 sm:py-32 dark:bg-slate-950">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading kicker={t('useCases.kicker')} title={t('useCases.title')} />
        <ul className="mt-16 grid gap-px overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 sm:grid-cols-2 lg:grid-cols-3 dark:border-white/10 dark:bg-white/10">
          {USE_CASES.map(([Icon, key]) => (
            <li key={key} className="bg-white p-6 sm:p-8 dark:bg-slate-950">
              <Icon className="size-6 text-brand-600 dark:text-brand-400" aria-hidden="true" />
              <h3 className="mt-4 text-base font-semibold text-slate-900 dark:text-white">
                {t(`useCases.${key}.title`)}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">
                {t(`useCases.${key}.text`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
