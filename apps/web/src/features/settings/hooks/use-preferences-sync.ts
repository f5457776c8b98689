import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setLanguage } from '../../../lib/language.ts';
import { applyTheme, storedTheme } from '../../../lib/theme.ts';
import { fetchSettings, settingsKey } from '../api/settings-api.ts';

/**
 * Applies the signed-in merchant's saved theme and language once their settings load (after sign-in, or on
 * another device), so the interface follows the account, not only this browser. Call it once in the
 * merchant layout.
 */
export function usePreferencesSync() {
  const { data } = useQuery({ queryKey: settingsKey, queryFn: fetchSettings, staleTime: 60_000 });
  const theme = data?.theme;
  const language = data?.language;
  useEffect(() => {
    if (theme && theme !== storedTheme()) applyTheme(theme);
  }, [theme]);
  useEffect(() => {
    if (language) setLanguage(language);
  }, [language]);
}
