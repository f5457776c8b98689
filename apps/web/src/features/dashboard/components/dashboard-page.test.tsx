import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import DashboardPage from './dashboard-page.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { dashboard: locales.en } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SESSION = (status: 'pending' | 'active', mode: 'test' | 'live' = 'test') => ({
  user: {
    id: 'usr_1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    avatarUrl: null,
    mode,
    status,
    isAdmin: false,
  },
});

const days = (usdByDate: Record<string, string> = {}) =>
  Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 9, 22 + i)).toISOString().slice(0, 10);
    return { date, usd: usdByDate[date] ?? '0.00', count: usdByDate[date] ? 1 : 0 };
  });

const EMPTY_ANALYTICS = {
  timeZone: 'UTC',
  totalVolume: { usd: '0.00', change: '0', confirmedCount: 0 },
  thisMonth: { usd: '0.00', previousMonthUsd: '0.00', change: '0', monthStart: '2026-11-01T00:00:00.000Z' },
  activeLinks: { count: 0, change: 0 },
  dailyVolume: days(),
  counts: { total: 0, confirmed: 0, pending: 0, failed: 0, byPaymentStatus: {} },
  links: {
    total: 0,
    active: 0,
    completed: 0,
    expired: 0,
    totalValueUsd: '0.00',
    totalValueByCurrency: [],
    conversionRate: '0.0',
    recent: [],
  },
};

type Replies = {
  analytics?: unknown;
  balances?: unknown;
  transactions?: unknown[];
  analyticsFails?: boolean;
  mode?: 'test' | 'live';
  rates?: unknown;
};

function renderDashboard(status: 'pending' | 'active', element = <DashboardPage />, replies: Replies = {}) {
  const fetch = vi.fn(async (url: string) => {
    if (replies.analyticsFails && url.startsWith('/api/v1/analytics/payments')) {
      return new Response(
        JSON.stringify({ success: false, data: null, error: { code: 'internal', message: 'Boom' } }),
        { status: 500 },
      );
    }
    const data = url.startsWith('/api/v1/auth/current-user')
      ? SESSION(status, replies.mode)
      : url.startsWith('/api/v1/exchange-rates/status')
        ? replies.rates
        : url.startsWith('/api/v1/analytics/payments')
          ? (replies.analytics ?? EMPTY_ANALYTICS)
          : url.startsWith('/api/v1/analytics/balances')
            ? (replies.balances ?? { totalUsd: '0.00', outsideVolumeUsd: '0.00', balances: [] })
            : url.startsWith('/api/v1/transactions')
              ? (replies.transactions ?? [])
              : null;
    return new Response(
      JSON.stringify({
        success: true,
        error: null,
        data,
        pagination: { page: 1, limit: 10, total: 0, hasMore: false },
        summary: { count: 0, confirmedCount: 0, pendingCount: 0, failedCount: 0, totalVolumeUsd: '0.00' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetch);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/dashboard', element }], { initialEntries: ['/dashboard'] });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetch;
}

describe('/dashboard', () => {
  it('welcomes the user and shows the zero figures and empty states of a new account', async () => {
    const fetch = renderDashboard('active');
    expect(await screen.findByText('Welcome back, Ada Lovelace')).toBeTruthy();
    expect((await screen.findByTestId('balance-total')).textContent).toBe('$0.00');
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    expect(screen.getByText('No confirmed transactions yet')).toBeTruthy();
    expect(screen.queryByTestId('balance-outside')).toBeNull();
    expect(screen.getByText('No transactions yet')).toBeTruthy();
    expect(screen.getByText('Your recent transactions will appear here')).toBeTruthy();
    expect(screen.getByText('Total Volume')).toBeTruthy();
    expect(screen.getByText('Active Links')).toBeTruthy();
    expect(screen.getByText('This Month')).toBeTruthy();
    expect(screen.queryByText(/awaiting approval/)).toBeNull();
    const urls = fetch.mock.calls.map((c) => String((c as unknown[])[0]).split('?')[0]);
    expect(new Set(urls)).toEqual(
      new Set([
        '/api/v1/auth/current-user',
        '/api/v1/analytics/payments',
        '/api/v1/analytics/balances',
        '/api/v1/transactions',
      ]),
    );
  });

  it('masks the balance on demand', async () => {
    renderDashboard('active');
    await screen.findByText('Welcome back, Ada Lovelace');
    await screen.findByTestId('balance-total');
    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByTestId('balance-total').textContent).toBe('••••••');
    fireEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(screen.getByTestId('balance-total').textContent).toBe('$0.00');
  });

  it('warns a live merchant when market rates are stale, and says nothing while they are fresh', async () => {
    renderDashboard('active', <DashboardPage />, {
      mode: 'live',
      rates: { marketUpdatedAt: '2026-11-25T09:00:00.000Z', stale: true, maxAgeSeconds: 300 },
    });
    expect((await screen.findByText(/Exchange rates are out of date/)).textContent).toMatch(
      /Exchange rates are out of date \(last market update: .*2026.*\)\. Live payments priced in fiat are refused/,
    );
    cleanup();
    const fetch = renderDashboard('active', <DashboardPage />, {
      mode: 'live',
      rates: { marketUpdatedAt: new Date().toISOString(), stale: false, maxAgeSeconds: 300 },
    });
    await waitFor(() =>
      expect(fetch.mock.calls.some((c) => String(c[0]).startsWith('/api/v1/exchange-rates/status'))).toBe(
        true,
      ),
    );
    expect(screen.queryByText(/Exchange rates are out of date/)).toBeNull();
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

  it('fills the figures, three currencies and +N more, the chart and the recent transactions', async () => {
    renderDashboard('active', <DashboardPage links={{ allTransactions: '/transactions' }} />, {
      analytics: {
        ...EMPTY_ANALYTICS,
        totalVolume: { usd: '1234.50', change: '-12.5', confirmedCount: 4 },
        thisMonth: {
          usd: '200.00',
          previousMonthUsd: '0.00',
          change: '100',
          monthStart: '2026-11-01T00:00:00.000Z',
        },
        activeLinks: { count: 7, change: 2 },
        dailyVolume: days({ '2026-11-01': '190.00', '2026-11-19': '10.00' }),
      },
      balances: {
        totalUsd: '400.00',
        outsideVolumeUsd: '35.00',
        balances: [
          {
            currency: 'BTC',
            amount: '0.00358824',
            usdAmount: '340.88',
            valuation: 'current',
            rateSource: 'x',
            paymentCount: 3,
          },
          {
            currency: 'USDT',
            amount: '50',
            usdAmount: '50.00',
            valuation: 'current',
            rateSource: 'x',
            paymentCount: 1,
          },
          {
            currency: 'ETH',
            amount: '0.0025',
            usdAmount: '8.75',
            valuation: 'current',
            rateSource: 'x',
            paymentCount: 1,
          },
          {
            currency: 'LTC',
            amount: '0.01',
            usdAmount: '1.00',
            valuation: 'current',
            rateSource: 'x',
            paymentCount: 1,
          },
          {
            currency: 'DOGE',
            amount: '3',
            usdAmount: '0.37',
            valuation: 'current',
            rateSource: 'x',
            paymentCount: 1,
          },
        ],
      },
      transactions: [
        {
          id: 'pay_abcdefghijklmnopqrstuvwxyz',
          txid: null,
          amount: '0.001',
          amountReceived: '0.001',
          amountConfirmed: '0.001',
          amountExcess: '0',
          currency: 'BTC',
          usdAmount: '95.00',
          usdConfirmed: '95.00',
          status: 'confirmed',
          paymentStatus: 'confirmed',
          exception: 'none',
          canAccept: false,
          customerEmail: null,
          description: null,
          confirmations: 1,
          requiredConfirmations: 1,
          network: 'bitcoin',
          paymentLinkId: null,
          createdAt: '2026-11-20T10:00:00.000Z',
          confirmedAt: '2026-11-20T10:01:00.000Z',
          amountRefunded: '0',
          refundState: 'none',
        },
        {
          id: 'pay_latelatelatelatelatelate01',
          txid: null,
          amount: '0.01',
          amountReceived: '0.01',
          amountConfirmed: '0.01',
          amountExcess: '0',
          currency: 'ETH',
          usdAmount: '35.00',
          usdConfirmed: '35.00',
          status: 'failed',
          paymentStatus: 'expired',
          exception: 'paid_late',
          canAccept: true,
          customerEmail: null,
          description: null,
          confirmations: 12,
          requiredConfirmations: 12,
          network: 'ethereum',
          paymentLinkId: null,
          createdAt: '2026-11-20T09:00:00.000Z',
          confirmedAt: null,
          amountRefunded: '0',
          refundState: 'none',
        },
        {
          id: 'pay_overoveroveroveroveroverov',
          txid: null,
          amount: '271.74',
          amountReceived: '298.914',
          amountConfirmed: '298.914',
          amountExcess: '27.174',
          currency: 'USDT',
          usdAmount: '271.74',
          usdConfirmed: '298.91',
          status: 'confirmed',
          paymentStatus: 'confirmed',
          exception: 'paid_over',
          canAccept: false,
          customerEmail: null,
          description: null,
          confirmations: 12,
          requiredConfirmations: 12,
          network: 'ethereum',
          paymentLinkId: null,
          createdAt: '2026-11-20T08:00:00.000Z',
          confirmedAt: '2026-11-20T08:03:00.000Z',
          amountRefunded: '27.174',
          refundState: 'partial',
        },
      ],
    });
    expect((await screen.findByTestId('stat-volume')).textContent).toBe('$1,234.50');
    expect(screen.getByTestId('stat-links').textContent).toBe('7');
    expect(screen.getByTestId('stat-month').textContent).toBe('$200.00');
    expect(screen.getAllByTestId('change').map((e) => e.textContent)).toEqual(['-12.5%', '+2', '+100%']);
    expect((await screen.findByTestId('balance-total')).textContent).toBe('$400.00');
    // What the balance holds beyond Total Volume is named, so the two figures reconcile.
    expect(screen.getByTestId('balance-outside').textContent).toBe(
      'Includes $35.00 received on payments that are not confirmed (paid late, or partly paid): not in Total Volume.',
    );
    // 4 decimals, rounded half-up (0.00358824 is nearer 0.0036 than 0.0035), the exact amount on hover and for
    // screen readers.
    expect(screen.getByTestId('balance-BTC').textContent).toBe('0.0036');
    expect(screen.getByTestId('balance-BTC').parentElement!.getAttribute('title')).toBe(
      '0.00358824\u00a0BTC',
    );
    expect(screen.getByTestId('balance-BTC-exact').textContent).toBe('0.00358824');
    expect(screen.getByTestId('balance-BTC-exact').className).toContain('sr-only');
    expect(screen.getByTestId('balance-ETH').textContent).toBe('0.0025');
    expect(screen.queryByTestId('balance-ETH-exact')).toBeNull();
    expect(screen.getByTestId('balance-USDT').textContent).toBe('50.0000');
    expect(screen.queryByTestId('balance-LTC')).toBeNull();
    expect(screen.getByText('+2 more currencies')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByTestId('balance-BTC').textContent).toBe('••••••');
    expect(screen.getByTestId('balance-outside').textContent).not.toContain('35.00');
    const bars = screen.getByTestId('volume-chart').querySelectorAll('rect');
    expect(bars).toHaveLength(30);
    expect(bars[10]!.getAttribute('data-usd')).toBe('190.00');
    expect(Number(bars[10]!.getAttribute('height'))).toBeGreaterThan(
      Number(bars[28]!.getAttribute('height')),
    );
    expect(await screen.findAllByText('pay_abcd...uvwxyz')).toHaveLength(2);
    // A payment's amount with the coin's display digits (8 for BTC), in the table and in the phone list.
    expect(screen.getByTestId('recent-transactions').textContent).toContain('0.00100000');
    expect(screen.getByTestId('recent-transactions-list').textContent).toContain('0.00100000 BTC');
    // A late payment reads paid late, not failed; money received that is not the amount due shows beside it.
    const table = screen.getByTestId('recent-transactions');
    const late = table.querySelector('tr[data-id="pay_latelatelatelatelatelate01"]')!;
    expect(late.textContent).toContain('Paid late');
    expect(late.textContent).not.toContain('Failed');
    expect(late.textContent).toContain('Received 0.01');
    const over = table.querySelector('tr[data-id="pay_overoveroveroveroveroverov"]')!;
    const paid = table.querySelector('tr[data-id="pay_abcdefghijklmnopqrstuvwxyz"]')!;
    expect(over.textContent).toContain('271.74');
    expect(over.textContent).toContain('Received 298.914');
    // Money sent back shows as on Transactions: the payment is not simply Confirmed.
    expect(over.querySelector('[data-testid="recent-refund-state"]')!.textContent).toBe('Partially refunded');
    expect(paid.querySelector('[data-testid="recent-refund-state"]')).toBeNull();
    expect(paid.querySelector('[data-testid="recent-received"]')).toBeNull();
    const list = screen.getByTestId('recent-transactions-list');
    expect(list.textContent).toContain('Received 298.914 USDT');
    expect(screen.getAllByRole('link', { name: /View$/ })[0]!.getAttribute('href')).toBe(
      '/transactions?search=pay_abcdefghijklmnopqrstuvwxyz',
    );
  });

  it('shows the red banner and no endless skeleton when the figures fail to load', async () => {
    renderDashboard('active', <DashboardPage />, { analyticsFails: true });
    expect(await screen.findByText('Failed to load your figures. Please try again.')).toBeTruthy();
    expect(screen.getByTestId('volume-chart-unavailable')).toBeTruthy();
    expect(screen.queryByText('No confirmed payments in the last 30 days')).toBeNull();
  });
});
