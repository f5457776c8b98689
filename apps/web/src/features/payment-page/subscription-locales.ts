import type { TLanguage } from '@coinlane/core/options';
import { englishSubscriptionTexts, type TSubscriptionTexts } from './locales/subscriptions/en.ts';

/**
 * Texts of the subscribe page and the subscriber's portal: a set of their own beside the payment page's
 * (locales.ts), so the payment page never downloads them. English comes with the pages' chunk; the other
 * languages load on demand, like the payment page's.
 */
export {
  englishSubscriptionTexts,
  type TSubscriptionTextKey,
  type TSubscriptionTexts,
} from './locales/subscriptions/en.ts';

const cache: Partial<Record<TLanguage, TSubscriptionTexts>> = { en: englishSubscriptionTexts };
export async function loadSubscriptionTexts(lang: TLanguage): Promise<TSubscriptionTexts> {
  const cached = cache[lang];
  if (cached) return cached;
  const mod =
    lang === 'es'
      ? await import('./locales/subscriptions/es.ts')
      : lang === 'fr'
        ? await import('./locales/subscriptions/fr.ts')
        : await import('./locales/subscriptions/de.ts');
  cache[lang] = mod.default;
  return mod.default;
}
