import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

type TPost = { url: string; body: Record<string, unknown> };
function renderForm(
  defaultCurrency: string,
  ratesReady: Promise<void> = Promise.resolve(),
  posts: TPost[] = [],
  onCreated: (link: unknown) => void = () => {},
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push({ url, body });
        return new Response(JSON.stringify({ success: true, data: { id: 'lnk_1', ...body }, error: null }), {
          status: 201,
        });
      }
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
      <CreateLinkForm onCreated={onCreated} />
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

  it('takes an optional return URL under More options, refusing what the server would refuse', async () => {
    const posts: TPost[] = [];
    const onCreated = vi.fn();
    renderForm('BTC', Promise.resolve(), posts, onCreated);
    const button = await screen.findByRole('button', { name: locales.en.form.submit });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '25' } });
    const advanced = screen.getByTestId('link-advanced') as HTMLDetailsElement;
    expect(advanced.open).toBe(false);
    fireEvent.click(screen.getByText(locales.en.form.advanced));
    await waitFor(() => expect(advanced.open).toBe(true));
    const field = screen.getByLabelText(locales.en.form.returnUrl) as HTMLInputElement;
    expect(screen.getByText(locales.en.form.returnUrlHint)).toBeTruthy();

    fireEvent.change(field, { target: { value: 'http://shop.example.com/thanks' } });
    fireEvent.click(button);
    expect(await screen.findByText(locales.en.returnUrlErrors.http_not_local)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);

    fireEvent.change(field, { target: { value: ' https://shop.example.com/thanks?order=7 ' } });
    expect(screen.queryByText(locales.en.returnUrlErrors.http_not_local)).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe('/api/v1/payment-links');
    expect(posts[0]?.body).toMatchObject({
      fiatAmount: '25',
      currency: 'BTC',
      returnUrl: 'https://shop.example.com/thanks?order=7',
    });
  });

  it('sends no return URL when the field is left empty', async () => {
    const posts: TPost[] = [];
    const onCreated = vi.fn();
    renderForm('BTC', Promise.resolve(), posts, onCreated);
    const button = await screen.findByRole('button', { name: locales.en.form.submit });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '25' } });
    fireEvent.click(button);
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(posts[0]?.body).not.toHaveProperty('returnUrl');
  });
});
