import type { TPaymentLink } from '@coinlane/core/api/payment-links';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatFiat } from '../../../lib/amounts.ts';
import { locales } from '../locales.ts';
import { LinkCard } from './link-card.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: Object.fromEntries(
      (['en', 'es', 'fr', 'de'] as const).map((l) => [l, { paymentLinks: locales[l] }]),
    ),
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const link = (over: Partial<TPaymentLink> & { fiat?: [string, string] }): TPaymentLink => {
  const [fiatAmount, fiatCurrency] = over.fiat ?? [null, null];
  return {
    id: 'lnk_1',
    merchantId: 'usr_1',
    mode: 'test',
    url: 'http://localhost/payment/lnk_1',
    amount: '0.01',
    currency: 'ETH',
    network: 'ethereum',
    networkName: 'Ethereum',
    decimals: 18,
    fiatAmount,
    fiatCurrency,
    description: null,
    returnUrl: null,
    status: 'active',
    expiresAt: null,
    completedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    metadata: {
      createdVia: 'dashboard',
      currency: over.currency ?? 'ETH',
      network: 'ethereum',
      networkName: 'Ethereum',
      fiatAmount,
      fiatCurrency,
      lockedExchangeRate: null,
      lockedFiatRate: null,
      lockedCryptoAmount: over.amount ?? '0.01',
      usdEquivalent: null,
      rateLockedAt: null,
      rateSource: null,
      expiresInHours: null,
      paymentLinkId: 'lnk_1',
      source: 'dashboard',
    },
    payments: [],
    ...over,
  };
};

const NB = '\u00a0';

describe('LinkCard amounts', () => {
  it.each([
    ['en', '0.01000000', 'Priced at CA$19.99', `Priced at CHF${NB}250.00`],
    ['es', '0,01000000', `Precio: 19,99${NB}CAD`, `Precio: 250,00${NB}CHF`],
    ['fr', '0,01000000', `Prix : 19,99${NB}$CA`, `Prix : 250,00${NB}CHF`],
    ['de', '0,01000000', `Preis: 19,99${NB}CA$`, `Preis: 250,00${NB}CHF`],
  ])(
    '%s: the coin with its display digits, the price once with its currency',
    async (lang, eth, cad, chf) => {
      await i18n.changeLanguage(lang);
      render(<LinkCard link={link({ fiat: ['19.99', 'CAD'] })} />);
      expect(screen.getByTestId('link-amount').textContent).toBe(eth);
      // The same text as the hosted payment page's fiat amount (both formatFiat): CA$19.99, never "$19.99 CAD".
      expect(screen.getByTestId('link-fiat').textContent).toBe(cad);
      expect(screen.getByTestId('link-fiat').textContent).toContain(formatFiat('19.99', 'CAD', lang));
      cleanup();
      render(
        <LinkCard
          link={link({ fiat: ['250.00', 'CHF'], amount: '271.74', currency: 'USDT', decimals: 6 })}
        />,
      );
      expect(screen.getByTestId('link-fiat').textContent).toBe(chf);
      expect(screen.getByTestId('link-amount').textContent).toBe(lang === 'en' ? '271.74' : '271,74');
    },
  );
});
