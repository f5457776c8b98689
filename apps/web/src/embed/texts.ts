/** The embed's own few words, in the hosted page's languages (the framed page translates itself). */
const TEXTS = {
  en: { button: 'Pay with crypto', close: 'Close', frame: 'Secure payment page' },
  es: { button: 'Pagar con cripto', close: 'Cerrar', frame: 'Página de pago segura' },
  fr: { button: 'Payer en crypto', close: 'Fermer', frame: 'Page de paiement sécurisée' },
  de: { button: 'Mit Krypto bezahlen', close: 'Schließen', frame: 'Sichere Zahlungsseite' },
} as const;

export type TEmbedLanguage = keyof typeof TEXTS;
export type TEmbedTexts = (typeof TEXTS)[TEmbedLanguage];

/** The first supported language among the candidates (data-lang, the host page's lang, the browser's), or English. */
export function embedLanguage(candidates: readonly (string | null | undefined)[]): TEmbedLanguage {
  for (const c of candidates) {
    const code = (c ?? '').slice(0, 2).toLowerCase();
    if (code in TEXTS) return code as TEmbedLanguage;
  }
  return 'en';
}

export const embedTexts = (lang: TEmbedLanguage): TEmbedTexts => TEXTS[lang];
