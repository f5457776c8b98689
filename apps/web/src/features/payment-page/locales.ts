import type { TLanguage } from '@coinlane/core/options';
import { englishTexts, type TPaymentTexts } from './locales/en.ts';

/**
 * Texts of the hosted payment page, its own small set (the page loads none of the merchant app's i18n).
 * English from the merchant spec (sections 2, 8) where it names a text. English (locales/en.ts, imported
 * statically) is in the page's bundle; the other languages load on demand (locales/es.ts, fr.ts, de.ts), so a
 * visitor downloads only the language shown.
 */
export { englishTexts, type TPaymentTextKey, type TPaymentTexts } from './locales/en.ts';

/** The texts of a language (English at once; the others fetched once, then cached). */
const cache: Partial<Record<TLanguage, TPaymentTexts>> = { en: englishTexts };
export async function loadPaymentTexts(lang: TLanguage): Promise<TPaymentTexts> {
  const cached = cache[lang];
  if (cached) return cached;
  const mod =
    lang === 'es'
      ? await import('./locales/es.ts')
      : lang === 'fr'
        ? await import('./locales/fr.ts')
        : await import('./locales/de.ts');
  cache[lang] = mod.default;
  return mod.default;
}
