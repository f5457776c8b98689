import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import { CreateLinkForm } from './create-link-form.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { paymentLinks: locales.en } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const net = (id: string, decimals: number) => ({
  id,
  name: id,
  decimals,
  requiredConfirmations: 1,
  feeText: null,
  speedText: null,
});
const CURRENCIES = [
  { symbol: 'BTC', name: 'Bitcoin', networks: [net('bitcoin', 8)] },
  { symbol: 'ETH', name: 'Ethereum', networks: [net('ethereum', 18)] },
  { symbol: 'LTC', name: 'Litecoin', networks: [net('litecoin', 8)] },
];

function renderForm(defaultCurrency: string, ratesReady: Promise<void> = Promise.resolve()) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/exchange-rates')) await ratesReady;
      const data = url.startsWith('/api/v1/auth/current-user')
        ? {
            user: {
              id: 'usr_1',
              email: 'a@example.com',
              name: 'A',
              mode: 'test',
              status: 'active',
              isAdmin: false,
            },
          }
        : url.startsWith('/api/v1/currencies')
          ? CURRENCIES
          : url.startsWith('/api/v1/settings')
            ? { defaultCurrency }
            : url.startsWith('/api/v1/exchange-rates')
              ? { BTC: '0.00001', ETH: '0.0003', LTC: '0.01' }
              : null;
      return new Response(JSON.stringify({ success: true, data, error: null }));
    }),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <CreateLinkForm onCreated={() => {}} />
    </QueryClientProvider>,
  );
}

describe('CreateLinkForm', () => {
  it("starts from the merchant's default currency (Settings → Preferences)", async () => {
    renderForm('LTC');
    const select = (await screen.findByLabelText('Cryptocurrency')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('LTC'));
  });

  it('starts from BTC when that is the default', async () => {
    renderForm('BTC');
    const select = (await screen.findByLabelText('Cryptocurrency')) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(3));
    expect(select.value).toBe('BTC');
  });

  it('offers Create Payment Link only once the coin is priced (no "rate not available" while the rates load)', async () => {
    let ratesArrive = () => {};
    renderForm('BTC', new Promise<void>((resolve) => (ratesArrive = resolve)));
    const select = (await screen.findByLabelText('Cryptocurrency')) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(3));
    expect(screen.getByTestId('crypto-preview').textContent).toBe(locales.en.form.rateLoading);
    const button = screen.getByRole('button', { name: locales.en.form.submit });
    expect(button).toHaveProperty('disabled', true);
    ratesArrive();
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
  });
});
