import { T } from '@coinlane/core/texts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { authErrorText, fieldText, translateKnown } from './messages.ts';

// A stand-in for i18next's t(): shows which key and values were asked for.
const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

describe('translateKnown', () => {
  it('recognises spec texts, including those with a number', () => {
    expect(translateKnown(T.passwordsDoNotMatch, t)).toBe('msg.passwordsDoNotMatch');
    expect(translateKnown(T.passwordTooShort(12), t)).toBe('msg.passwordTooShort {"min":12}');
    expect(translateKnown(T.lockedOut(15), t)).toBe('msg.lockedOut {"minutes":15}');
    expect(translateKnown('Something the server made up', t)).toBeNull();
  });
});

describe('authErrorText', () => {
  const err = (code: string, message: string, status = 400) => new ApiError(message, status, code);

  it('translates known codes and texts', () => {
    expect(
      authErrorText(err('INVALID_CREDENTIALS', T.invalidCredentials, 401), t, {
        fallback: 'invalidCredentials',
      }),
    ).toBe('msg.invalidCredentials');
    expect(authErrorText(err('OTP_INVALID', 'Wrong code, 3 tries left'), t, { fallback: 'otpInvalid' })).toBe(
      'msg.otpInvalid',
    );
    expect(
      authErrorText(err('LOCKED_OUT', T.lockedOut(15), 429), t, { fallback: 'invalidCredentials' }),
    ).toBe('msg.lockedOut {"minutes":15}');
  });

  it('shows unknown server messages as sent', () => {
    expect(
      authErrorText(err('LOCKED_OUT', 'Come back tomorrow', 429), t, { fallback: 'invalidCredentials' }),
    ).toBe('Come back tomorrow');
  });

  it('uses the network text for network failures and the fallback otherwise', () => {
    const network = new ApiError('Failed to fetch', 0, 'NETWORK_ERROR');
    expect(authErrorText(network, t, { fallback: 'otpInvalid', network: 'otpVerifyNetwork' })).toBe(
      'msg.otpVerifyNetwork',
    );
    expect(authErrorText(new Error('boom'), t, { fallback: 'signupFailed' })).toBe('msg.signupFailed');
    expect(
      authErrorText(new ApiError('HTTP 502: Bad Gateway', 502, 'HTTP_502'), t, { fallback: 'signupFailed' }),
    ).toBe('msg.serverError');
  });
});

describe('fieldText', () => {
  it('translates zod messages of the shared schemas', () => {
    expect(fieldText(T.emailInvalid, t)).toBe('msg.emailInvalid');
    expect(fieldText('Full name is too long', t)).toBe('Full name is too long');
    expect(fieldText(undefined, t)).toBeUndefined();
  });
});
