import { useTranslation } from 'react-i18next';
import { usePublicOverview } from '../api/public-overview.ts';
import { CoinsSection } from './coins-section.tsx';
import { Hero } from './hero.tsx';
import { CallToAction, LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import { FeaturesSection, StepsSection, UseCasesSection } from './landing-sections.tsx';
import { PricingSection } from './pricing-section.tsx';
import { SettlementSection } from './settlement-section.tsx';

/**
 * / (merchant spec 1, 2): the public landing page. Every figure and condition on it (the fee with its bounds,
 * coin and network counts, the coins and their networks, the KYC rule, settlement as measured) comes from GET
 * /public/overview, the platform's real configuration and data; a spec claim that is not true of the product
 * is replaced by what is.
 */
export default function LandingPage() {
  useTranslation('landing');
  const overview = usePublicOverview();
  const data = overview.data;
  const loading = overview.isPending;

  return (
    <div className="min-h-dvh bg-white dark:bg-slate-950">
      <LandingHeader />
      <main>
        <Hero overview={data} loading={loading} />
        <FeaturesSection />
        <StepsSection />
        <UseCasesSection />
        <CoinsSection
          overview={data}
          loading={loading}
          failed={overview.isError}
          onRetry={() => void overview.refetch()}
        />
        <SettlementSection overview={data} />
        <PricingSection overview={data} loading={loading} />
        <CallToAction />
      </main>
      <LandingFooter platformName={data?.platformName ?? 'Coinlane'} />
    </div>
  );
}
