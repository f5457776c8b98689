import { LANGUAGES } from '@coinlane/core/options';
import { describe, expect, it } from 'vitest';
import { pickLanguage, translate } from './i18n.tsx';
import { englishTexts, loadPaymentTexts } from './locales.ts';

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('payment page texts', () => {
  it('every language has every text, with the same placeholders as English', async () => {
    for (const lang of LANGUAGES) {
      const texts = await loadPaymentTexts(lang);
      for (const [key, en] of Object.entries(englishTexts)) {
        const text = texts[key as keyof typeof texts];
        expect(text, `${lang}.${key}`).toBeTruthy();
        expect(placeholders(text), `${lang}.${key}`).toEqual(placeholders(en));
        if (lang !== 'en' && !['fiatApprox', 'test.fullHint', 'transaction'].includes(key)) {
          expect(text, `${lang}.${key} is translated`).not.toBe(en);
        }
      }
    }
  });

  it("keeps the spec's English texts", () => {
    expect(englishTexts.errorTitle).toBe('Payment Error');
    expect(englishTexts.tryAgain).toBe('Try Again');
    expect(englishTexts.live).toBe('Real-time updates active');
    expect(englishTexts.checking).toBe('Checking for updates...');
    expect(englishTexts.amountDue).toBe('Amount Due');
    expect(englishTexts.remainingAmount).toBe('Remaining Amount');
    expect(englishTexts.scan).toBe('Scan with your crypto wallet');
    expect(englishTexts.addressCopied).toBe('Address copied!');
    expect(englishTexts.uriCopied).toBe('Payment URI copied!');
    expect(englishTexts.closePage).toBe('You can now close this page');
    expect(englishTexts['errors.notFound']).toBe('Payment link not found');
    expect(englishTexts['errors.createFailed']).toBe('Failed to create payment');
    expect(englishTexts['errors.linkExpired']).toBe('This payment link has expired');
    expect(englishTexts['errors.loadFailed']).toBe('Failed to load payment');
  });

  it('fills placeholders', () => {
    expect(translate(englishTexts, 'pageTitle', { merchant: 'Chez Marie' })).toBe('Pay Chez Marie');
    expect(translate(englishTexts, 'confirmations', { count: 3, required: 12 })).toBe(
      'Confirmations: 3 of 12',
    );
  });

  it('picks ?lang=, then the stored choice, then the browser, then English', () => {
    expect(pickLanguage('?lang=de', 'fr', ['es-ES'])).toBe('de');
    expect(pickLanguage('?lang=xx', 'fr', ['es-ES'])).toBe('fr');
    expect(pickLanguage('', null, ['pt-BR', 'es-ES'])).toBe('es');
    expect(pickLanguage('', 'jp', ['pt-BR'])).toBe('en');
  });
});
