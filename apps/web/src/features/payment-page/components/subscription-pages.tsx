import type { TLanguage } from '@coinlane/core/options';
import type { ReactNode } from 'react';
import type { THostedRoute } from '../hosted-route.ts';
import { SubscriptionTextsProvider } from '../subscription-i18n.tsx';
import { englishSubscriptionTexts, loadSubscriptionTexts } from '../subscription-locales.ts';
import { PortalPage } from './portal-page.tsx';
import { SubscribePage } from './subscribe-page.tsx';

/**
 * The subscribe page and the subscriber's portal with their texts in `lang`: the chunk the hosted pages' entry
 * (payment-main.tsx) imports on demand, so /payment/{id} never downloads it.
 */
export async function subscriptionPage(
  route: Exclude<THostedRoute, { page: 'payment' }>,
  portalToken: string | null,
  lang: TLanguage,
): Promise<ReactNode> {
  const texts = await loadSubscriptionTexts(lang).catch(() => englishSubscriptionTexts);
  return (
    <SubscriptionTextsProvider initial={{ lang: texts === englishSubscriptionTexts ? 'en' : lang, texts }}>
      {route.page === 'subscribe' ? (
        <SubscribePage planId={route.planId} />
      ) : (
        <PortalPage token={portalToken} />
      )}
    </SubscriptionTextsProvider>
  );
}
