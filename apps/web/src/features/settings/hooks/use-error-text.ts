import { T } from '@coinlane/core/texts';
import { useTranslation } from 'react-i18next';

/**
 * Validation messages come in English from the shared schemas and the server (core texts); this shows the
 * known ones in the interface language and passes any other message through unchanged.
 */
export function useErrorText() {
  const { t } = useTranslation('settings');
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const exact: Record<string, string> = {
      [T.invalidUrl]: t('errors.invalidUrl'),
      [T.phoneInvalid]: t('errors.invalidPhone'),
      [T.passwordRequired]: t('errors.passwordRequired'),
      [T.passwordsDoNotMatch]: t('errors.passwordsDoNotMatch'),
      [T.passwordNeedsSpecial]: t('errors.passwordNeedsSpecial'),
      [T.currentPasswordWrong]: t('errors.currentPasswordWrong'),
    };
    if (exact[message]) return exact[message];
    const tooLong = /^Must be at most (\d+) characters$/.exec(message);
    if (tooLong) return t('errors.tooLong', { count: Number(tooLong[1]) });
    const tooShort = /^Password must be at least (\d+) characters long$/.exec(message);
    if (tooShort) return t('errors.passwordTooShort', { count: Number(tooShort[1]) });
    return message;
  };
}
