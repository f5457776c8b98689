import { LANGUAGES } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import { describe, expect, it } from 'vitest';
import { englishTexts } from './locales.ts';
import { englishSubscriptionTexts, loadSubscriptionTexts } from './subscription-locales.ts';

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
/** Words that are the same in a language as in English. */
const SAME_WORD: Record<string, string[]> = {
  fr: ['subscribe.email', 'portal.email'],
  de: ['portal.status'],
};

describe('subscribe page and portal texts', () => {
  it('every language has every text, with the same placeholders as English', async () => {
    for (const lang of LANGUAGES) {
      const texts = await loadSubscriptionTexts(lang);
      expect(Object.keys(texts).sort(), lang).toEqual(Object.keys(englishSubscriptionTexts).sort());
      for (const [key, en] of Object.entries(englishSubscriptionTexts)) {
        const text = texts[key as keyof typeof texts];
        expect(text, `${lang}.${key}`).toBeTruthy();
        expect(placeholders(text), `${lang}.${key}`).toEqual(placeholders(en));
        if (lang !== 'en' && !SAME_WORD[lang]?.includes(key)) {
          expect(text, `${lang}.${key} is translated`).not.toBe(en);
        }
      }
    }
  });

  it('never shadows a text of the payment page (the pages use both sets through one t())', () => {
    const shared = Object.keys(englishSubscriptionTexts).filter((k) => k in englishTexts);
    expect(shared).toEqual([]);
  });

  it('says in English what the server says, where it says the same thing', () => {
    expect(englishSubscriptionTexts['subscribe.inactive']).toBe(T.planInactive);
    expect(englishSubscriptionTexts['subscribe.rateLimited']).toBe(T.subscriptionTooManyRequests);
    expect(englishSubscriptionTexts['portal.linkInvalid']).toBe(T.portalLinkInvalid);
    expect(englishSubscriptionTexts['portal.linkExpired']).toBe(T.portalLinkExpired);
  });
});
