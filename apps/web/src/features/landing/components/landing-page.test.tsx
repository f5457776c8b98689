import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import LandingPage from './landing-page.tsx';

beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { landing: locales.en } }, interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const overview = {
  platformName: 'Coinlane',
  feePercent: '0.75',
  coins: [
    { symbol: 'BTC', name: 'Bitcoin', featured: true, networks: [{ id: 'bitcoin', name: 'Bitcoin' }] },
    { symbol: 'LTC', name: 'Litecoin', featured: false, networks: [{ id: 'litecoin', name: 'Litecoin' }] },
    {
      symbol: 'USDT',
      name: 'Tether USD',
      featured: true,
      networks: [
        { id: 'ethereum', name: 'Ethereum' },
        { id: 'tron', name: 'Tron' },
      ],
    },
  ],
  coinCount: 3,
  networkCount: 4,
};

function renderLanding() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, data: overview, error: null }))),
  );
  const router = createMemoryRouter([{ path: '/', element: <LandingPage /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('landing page', () => {
  it('takes its figures and coins from the live configuration', async () => {
    renderLanding();
    expect(await screen.findByTestId('fee')).toBeTruthy();
    expect(screen.getByTestId('fee').textContent).toBe('0.75%');
    expect(screen.getByText('0.75% per successful payment')).toBeTruthy();
    expect(screen.getByText('3 coins across 4 networks, each with the networks it runs on.')).toBeTruthy();
    const usdt = screen.getByRole('list', { name: 'Networks of Tether USD' });
    expect(
      within(usdt)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ethereum', 'Tron']);
    expect(screen.getByText('Litecoin')).toBeTruthy();
  });

  it('has the anchors, the six audiences and no dead buttons', async () => {
    renderLanding();
    await screen.findByTestId('fee');
    for (const id of ['features', 'use-cases', 'pricing']) expect(document.getElementById(id)).toBeTruthy();
    for (const audience of [
      'Independent journalists',
      'Charities and donations',
      'Gaming and casinos',
      'Businesses in sanctioned regions',
      'High-risk businesses',
      'Freelancers',
    ])
      expect(screen.getByText(audience)).toBeTruthy();
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href')).toMatch(/^(\/|#)/);
    expect(screen.queryByText(/Talk to Sales/i)).toBeNull();
  });
});
