import type { TTheme } from '@coinlane/core/options';

const THEME_KEY = 'coinlane.theme';
let media: MediaQueryList | null = null;
let listener: (() => void) | null = null;

/** Applies dark, light or auto (follows the system, live) and remembers it for the next first paint. */
export function applyTheme(theme: TTheme) {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {}
  if (media && listener) media.removeEventListener('change', listener);
  media = null;
  listener = null;
  const set = (dark: boolean) => document.documentElement.classList.toggle('dark', dark);
  if (theme === 'auto') {
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    media = query;
    listener = () => set(query.matches);
    query.addEventListener('change', listener);
    set(query.matches);
  } else set(theme === 'dark');
}

/** The theme remembered on this device (dark by default, merchant spec 9). */
export function storedTheme(): TTheme {
  try {
    const t = localStorage.getItem(THEME_KEY);
    if (t === 'dark' || t === 'light' || t === 'auto') return t;
  } catch {}
  return 'dark';
}
