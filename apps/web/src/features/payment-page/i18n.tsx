import { LANGUAGE_NAMES, LANGUAGES, type TLanguage } from '@coinlane/core/options';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { englishTexts, loadPaymentTexts, type TPaymentTextKey, type TPaymentTexts } from './locales.ts';

/** The hosted page's own tiny t(): no i18next, so the page's bundle stays light. */
const LANG_KEY = 'coinlane.lang';

const isLanguage = (v: string | null | undefined): v is TLanguage =>
  !!v && (LANGUAGES as readonly string[]).includes(v);

/** ?lang=, else the language remembered on this device, else the browser's, else English. */
export function pickLanguage(search: string, stored: string | null, browser: readonly string[]): TLanguage {
  const asked = new URLSearchParams(search).get('lang');
  if (isLanguage(asked)) return asked;
  if (isLanguage(stored)) return stored;
  for (const l of browser) {
    const code = l.slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return 'en';
}

export function storedLanguage() {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null;
  }
}

/** Fills {{name}} placeholders. */
export const fill = (text: string, vars?: Record<string, string | number>) =>
  vars ? text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;

/** Fills {{name}} placeholders; a key missing in a language falls back to English. */
export function translate(
  texts: TPaymentTexts,
  key: TPaymentTextKey,
  vars?: Record<string, string | number>,
) {
  return fill(texts[key] ?? englishTexts[key], vars);
}

export type TTranslate = (key: TPaymentTextKey, vars?: Record<string, string | number>) => string;

type TI18n = { lang: TLanguage; t: TTranslate; setLang: (l: TLanguage) => void };
const I18nContext = createContext<TI18n | null>(null);

export function PaymentI18nProvider({
  initial,
  children,
}: {
  initial: { lang: TLanguage; texts: TPaymentTexts };
  children: ReactNode;
}) {
  const [current, setCurrent] = useState(initial);
  const setLang = useCallback((lang: TLanguage) => {
    try {
      localStorage.setItem(LANG_KEY, lang);
    } catch {}
    void loadPaymentTexts(lang).then(
      (texts) => {
        document.documentElement.lang = lang;
        setCurrent({ lang, texts });
      },
      () => {},
    );
  }, []);
  const value = useMemo<TI18n>(
    () => ({ lang: current.lang, setLang, t: (k, v) => translate(current.texts, k, v) }),
    [current, setLang],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useT() {
  const ctx = useContext(I18nContext);
  if (!ctx) throw new Error('useT must be used inside PaymentI18nProvider');
  return ctx;
}

export { LANGUAGE_NAMES, LANGUAGES };
