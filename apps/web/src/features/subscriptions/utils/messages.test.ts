import { PLAN_PRICE_RULES } from '@coinlane/core/api/subscriptions';
import { PLAN_CURRENCIES } from '@coinlane/core/subscription-status';
import { T } from '@coinlane/core/texts';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { initI18n } from '../testing/kit.tsx';
import { failureText, statusLabel, translateKnown } from './messages.ts';

beforeAll(initI18n);
const t = (key: string, opts?: Record<string, unknown>) => i18n.t(`subscriptions:${key}`, opts);

describe('subscription status labels', () => {
  it('are upper case with underscores as spaces (merchant spec 2)', async () => {
    await i18n.changeLanguage('en');
    expect(statusLabel('past_due', t, 'en')).toBe('PAST DUE');
    expect(statusLabel('active', t, 'en')).toBe('ACTIVE');
    expect(statusLabel('cancelled', t, 'en')).toBe('CANCELLED');
    await i18n.changeLanguage('de');
    expect(statusLabel('past_due', t, 'de')).toBe('ÜBERFÄLLIG');
    await i18n.changeLanguage('en');
  });
});

describe('server texts', () => {
  it('the English catalogue says exactly what the server says', async () => {
    await i18n.changeLanguage('en');
    for (const currency of PLAN_CURRENCIES) {
      const { decimals, max } = PLAN_PRICE_RULES[currency];
      expect(translateKnown(T.planPriceTooManyDecimals(currency, decimals), t)).toBe(
        T.planPriceTooManyDecimals(currency, decimals),
      );
      expect(translateKnown(T.planPriceTooLarge(max, currency), t)).toBe(T.planPriceTooLarge(max, currency));
    }
    for (const n of [1, 2, 12])
      expect(translateKnown(T.planHasSubscribers(n), t)).toBe(T.planHasSubscribers(n));
    expect(translateKnown(T.planCoinNotAccepted('ETH', 'BTC'), t)).toBe(T.planCoinNotAccepted('ETH', 'BTC'));
    // The server's words for a refused change (change-subscription.ts) read the same.
    const refused = [
      ['cancel_now', 'be cancelled'],
      ['cancel_at_period_end', 'be cancelled at the end of its period'],
      ['resume', 'resume'],
    ] as const;
    for (const [action, words] of refused)
      expect(translateKnown(T.subscriptionCannot(words, 'past_due'), t, action)).toBe(
        T.subscriptionCannot(words, 'past_due'),
      );
    expect(translateKnown('Something else', t)).toBeNull();
  });

  it('reads in the interface language', async () => {
    await i18n.changeLanguage('fr');
    expect(translateKnown(T.planHasSubscribers(3), t)).toMatch(/^Cette formule a encore 3 abonnés \(actifs/);
    expect(translateKnown(T.subscriptionCannot('resume', 'past_due'), t, 'resume')).toBe(
      'Cet abonnement ne peut pas être repris tant qu’il est en retard',
    );
    await i18n.changeLanguage('en');
  });

  it('a refusal shows the server message; a failure without one the page’s own text', () => {
    const refused = new ApiError(T.planHasSubscribers(1), 409, 'INVALID_STATE');
    expect(failureText(refused, 'delete', t)).toBe(T.planHasSubscribers(1));
    expect(failureText(new ApiError('Plan gone away', 409, 'INVALID_STATE'), 'delete', t)).toBe(
      'Plan gone away',
    );
    expect(failureText(new ApiError(T.serverError, 500, 'INTERNAL_ERROR'), 'delete', t)).toBe(
      'Failed to delete plan',
    );
    expect(failureText(new ApiError('fetch failed', 0, 'NETWORK_ERROR'), 'delete', t)).toBe(
      'Failed to delete plan',
    );
  });
});
