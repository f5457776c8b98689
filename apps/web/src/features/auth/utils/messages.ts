import { T } from '@coinlane/core/texts';
import { ApiError } from '../../../lib/api-client.ts';

/** Spec texts with a translation in the `auth` catalogue (`msg.<key>`), recognised by their English wording. */
export const MESSAGE_KEYS = [
  'invalidCredentials',
  'credentialsVerified',
  'twoFactorComplete',
  'otpSendFailed',
  'otpSendNetwork',
  'otpResendFailed',
  'otpInvalid',
  'otpVerifyNetwork',
  'finalSignInFailed',
  'signupFailed',
  'signupSuccess',
  'passwordsDoNotMatch',
  'passwordNeedsSpecial',
  'nameRequired',
  'emailInvalid',
  'emailRequired',
  'passwordRequired',
  'registrationDisabled',
  'emailNotConfirmed',
  'accountSuspended',
  'otpExpired',
  'otpTooManyAttempts',
  'otpResendTooSoon',
  'otpResent',
  'otpTooManyResends',
  'loginAttemptEnded',
  'linkExpired',
  'emailConfirmed',
  'passwordResetSent',
  'passwordResetDone',
  'confirmationSent',
  'sessionExpired',
  'rateLimited',
  'serverError',
  'unknownError',
] as const satisfies readonly (keyof typeof T)[];
export type TMessageKey = (typeof MESSAGE_KEYS)[number];

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A spec text function turned into a pattern: passwordTooShort(8) -> /^Password must be at least (\d+) .../ */
const pattern = (text: string, marker: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(marker, '(\\d+)')}$`);
const TEMPLATES: { key: string; param: string; re: RegExp }[] = [
  { key: 'msg.passwordTooShort', param: 'min', re: pattern(T.passwordTooShort(999_999), '999999') },
  { key: 'msg.lockedOut', param: 'minutes', re: pattern(T.lockedOut(999_999), '999999') },
];

/** The translation of a known English spec text (a server or zod message), or null when it is not one. */
export function translateKnown(message: string, t: Translate): string | null {
  const key = MESSAGE_KEYS.find((k) => T[k] === message);
  if (key) return t(`msg.${key}`);
  for (const tpl of TEMPLATES) {
    const m = tpl.re.exec(message);
    if (m) return t(tpl.key, { [tpl.param]: Number(m[1]) });
  }
  return null;
}

/** Error codes that alone say what went wrong, whatever the wording of the server's message. */
const CODE_KEYS: Record<string, TMessageKey> = {
  INVALID_CREDENTIALS: 'invalidCredentials',
  EMAIL_NOT_CONFIRMED: 'emailNotConfirmed',
  ACCOUNT_SUSPENDED: 'accountSuspended',
  RATE_LIMITED: 'rateLimited',
  REGISTRATION_DISABLED: 'registrationDisabled',
  TOKEN_INVALID: 'linkExpired',
  OTP_INVALID: 'otpInvalid',
  OTP_EXPIRED: 'otpExpired',
  OTP_TOO_MANY_ATTEMPTS: 'otpTooManyAttempts',
};

/**
 * The text of a failed auth call, in the user's language: a known spec text is translated; a known code gives
 * its text; a network failure gives `network`; other server messages are shown as sent; else `fallback`.
 */
export function authErrorText(
  err: unknown,
  t: Translate,
  { fallback, network }: { fallback: TMessageKey; network?: TMessageKey },
): string {
  if (err instanceof ApiError) {
    if (err.code === 'NETWORK_ERROR') return t(`msg.${network ?? fallback}`);
    const known = translateKnown(err.message, t);
    if (known) return known;
    // LOCKED_OUT carries the wait in its wording; when the wording is unknown, the server's text is kept.
    const byCode = CODE_KEYS[err.code];
    if (byCode) return t(`msg.${byCode}`);
    if (err.message && !err.code.startsWith('HTTP_')) return err.message;
    if (err.status >= 500 || err.status === 0) return t('msg.serverError');
    return err.message || t(`msg.${fallback}`);
  }
  return t(`msg.${fallback}`);
}

/** A field message of a zod schema or of the server, translated when it is a known spec text. */
export const fieldText = (message: string | undefined, t: Translate) =>
  message ? (translateKnown(message, t) ?? message) : undefined;
