import { LANGUAGES, type TLanguage } from '@coinlane/core/options';
import i18n from 'i18next';

const LANG_KEY = 'coinlane.lang';

const isLanguage = (value: string | null | undefined): value is TLanguage =>
  !!value && (LANGUAGES as readonly string[]).includes(value);

/** The language remembered on this device, else the browser's when supported, else English. */
export function initialLanguage(): TLanguage {
  try {
    const stored = localStorage.getItem(LANG_KEY);
    if (isLanguage(stored)) return stored;
  } catch {}
  const nav = (typeof navigator !== 'undefined' ? navigator.language : 'en').slice(0, 2);
  return isLanguage(nav) ? nav : 'en';
}

/** Switches the interface language now and remembers it on this device. */
export function setLanguage(lang: TLanguage) {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {}
  document.documentElement.lang = lang;
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
}
