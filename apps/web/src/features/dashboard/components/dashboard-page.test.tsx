import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import DashboardPage from './dashboard-page.tsx';

beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { dashboard: locales.en } }, interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDashboard(status: 'pending' | 'active', element = <DashboardPage />) {
  const fetch = vi.fn(
    async () =>
      new Response(
        JSON.stringify({
          success: true,
          error: null,
          data: {
            user: {
              id: 'usr_1',
              email: 'ada@example.com',
              name: 'Ada Lovelace',
              avatarUrl: null,
              mode: 'test',
              status,
              isAdmin: false,
            },
          },
        }),
      ),
  );
  vi.stubGlobal('fetch', fetch);
  const qc = new QueryClient();
  const router = createMemoryRouter([{ path: '/dashboard', element }], { initialEntries: ['/dashboard'] });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetch;
}

describe('/dashboard', () => {
  it('welcomes the user, shows true zero figures and the empty states, fetching only the session', async () => {
    const fetch = renderDashboard('active');
    expect(await screen.findByText('Welcome back, Ada Lovelace')).toBeTruthy();
    expect(screen.getByTestId('balance-total').textContent).toBe('$0.00');
    expect(screen.getByText('No confirmed transactions yet')).toBeTruthy();
    expect(screen.getByText('No transactions yet')).toBeTruthy();
    expect(screen.getByText('Your recent transactions will appear here')).toBeTruthy();
    expect(screen.getByText('Total Volume')).toBeTruthy();
    expect(screen.getByText('Active Links')).toBeTruthy();
    expect(screen.getByText('This Month')).toBeTruthy();
    expect(screen.queryByText(/awaiting approval/)).toBeNull();
    expect(fetch.mock.calls.map((c) => (c as unknown[])[0])).toEqual(['/api/v1/auth/session']);
  });

  it('masks the balance on demand', async () => {
    renderDashboard('active');
    await screen.findByText('Welcome back, Ada Lovelace');
    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByTestId('balance-total').textContent).toBe('••••••');
    fireEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(screen.getByTestId('balance-total').textContent).toBe('$0.00');
  });

  it('tells a pending account that test mode works meanwhile', async () => {
    renderDashboard('pending');
    expect(
      await screen.findByText('Your account is awaiting approval; test mode is fully available meanwhile.'),
    ).toBeTruthy();
  });

  it('links to pages only once they exist', async () => {
    renderDashboard('active');
    await screen.findByText('Welcome back, Ada Lovelace');
    expect(screen.queryByRole('link', { name: /Create Link|API Key|View All/ })).toBeNull();
    cleanup();
    renderDashboard(
      'active',
      <DashboardPage
        links={{ createLink: '/payment-links', apiKeys: '/api-keys', allTransactions: '/transactions' }}
      />,
    );
    await screen.findByText('Welcome back, Ada Lovelace');
    expect(screen.getByRole('link', { name: /Create Link/ }).getAttribute('href')).toBe('/payment-links');
    expect(screen.getByRole('link', { name: /API Key/ }).getAttribute('href')).toBe('/api-keys');
    expect(screen.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/transactions');
  });
});
