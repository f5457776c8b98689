import type { TAdminUser } from '@coinlane/core/api/admin';
import type { TSystemHealth } from '@coinlane/core/api/admin-operations';
import { ROLE_PERMISSIONS } from '@coinlane/core/permissions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../../lib/auth.ts';
import { locales } from '../locales.ts';
import { locales as operations } from '../operations-locales.ts';
import AdminDashboardPage from './admin-dashboard-page.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { admin: locales.en, adminOperations: operations.en } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });

const health: TSystemHealth = {
  overallStatus: 'unhealthy',
  overallScore: 63,
  services: [
    { name: 'api', kind: 'api', status: 'healthy', responseTime: 9, error: null, details: {} },
    {
      name: 'watcher:litecoin',
      kind: 'watcher',
      status: 'healthy',
      responseTime: null,
      error: null,
      details: { network: 'litecoin', lag: 0 },
    },
    {
      name: 'webhooks',
      kind: 'webhooks',
      status: 'unhealthy',
      responseTime: 4,
      error: 'No webhook worker has run in the last 60 seconds',
      details: {},
    },
    { name: 'jobs', kind: 'jobs', status: 'healthy', responseTime: 3, error: null, details: {} },
    {
      name: 'mail',
      kind: 'mail',
      status: 'unhealthy',
      responseTime: 5000,
      error: 'Network error',
      details: {},
    },
    { name: 'rates', kind: 'rates', status: 'healthy', responseTime: 2, error: null, details: {} },
  ],
  database: { status: 'healthy', responseTime: 1, error: null, details: {} },
  authentication: { status: 'healthy', responseTime: 2, error: null, details: {} },
  timestamp: '2026-11-28T09:00:00.000Z',
};

function renderDashboard(healthReply: () => Response, usersReply: () => Response = () => ok([])) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      paths.push(path);
      if (path === '/api/v1/admin/users') return usersReply();
      return path === '/api/v1/admin/health' ? healthReply() : ok([]);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKey, {
    id: 'usr_a',
    email: 'a@coinlane.test',
    name: 'A',
    avatarUrl: null,
    mode: 'test',
    status: 'active',
    isAdmin: true,
    adminRole: 'finance_admin',
    permissions: [...ROLE_PERMISSIONS.finance_admin],
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AdminDashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return paths;
}

const panel = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('.rounded-xl') as HTMLElement;

describe('Admin Dashboard: Core and Backend Services from the Health Monitor', () => {
  it('shows the API, database and authentication, then every backend part with its problem', async () => {
    const paths = renderDashboard(() => ok(health));
    await screen.findByText('Chain watcher: litecoin');
    const core = within(panel('Core Services'));
    expect(core.getByText('API')).toBeTruthy();
    expect(core.getByText('Database')).toBeTruthy();
    expect(core.getByText('Authentication')).toBeTruthy();
    expect(core.getByText(/63\/100 · Unhealthy/)).toBeTruthy();
    const backend = within(panel('Backend Services'));
    expect(backend.getByText('Webhook worker')).toBeTruthy();
    expect(backend.getByText('No webhook worker has run in the last 60 seconds')).toBeTruthy();
    expect(backend.getByText('Mail')).toBeTruthy();
    expect(backend.getByText('Network error')).toBeTruthy();
    expect(backend.getAllByText('Unhealthy')).toHaveLength(2);
    expect(backend.getAllByText('Healthy')).toHaveLength(3);
    expect(paths).toContain('/api/v1/admin/health');
  });

  it('says the health could not load, with Retry', async () => {
    let fail = true;
    renderDashboard(() =>
      fail
        ? new Response(JSON.stringify({ success: false, data: null, error: { message: 'x', code: 'X' } }), {
            status: 500,
          })
        : ok(health),
    );
    const messages = await screen.findAllByText(
      'Failed to load system health. Some services may be unavailable.',
    );
    expect(messages).toHaveLength(2);
    fail = false;
    fireEvent.click(within(panel('Core Services')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Chain watcher: litecoin')).toBeTruthy();
  });

  it('says No service data available when the monitor has no backend part', async () => {
    renderDashboard(() => ok({ ...health, services: [health.services[0]] }));
    expect(await screen.findByText('No service data available')).toBeTruthy();
  });
});

const DAY = 24 * 3600_000;
const account = (i: number, ageDays: number, over: Partial<TAdminUser> = {}): TAdminUser => ({
  id: `usr_${i}`,
  name: `Merchant ${i}`,
  email: `m${i}@example.com`,
  businessName: null,
  businessType: null,
  country: null,
  status: 'active',
  kycStatus: 'pending',
  isAdmin: false,
  adminRole: null,
  riskScore: 5,
  firstName: null,
  lastName: null,
  totalTransactions: 0,
  totalVolume: '0.00',
  monthlyVolume: '0.00',
  lastLogin: null,
  createdAt: new Date(Date.now() - ageDays * DAY - 60_000).toISOString(),
  ...over,
});
const failure = () =>
  new Response(JSON.stringify({ success: false, data: null, error: { message: 'x', code: 'X' } }), {
    status: 500,
  });

describe('Admin Dashboard: stat cards, Recent Users and User Growth (admin spec 2 and 9)', () => {
  // 12 accounts: one signed up each day of the last 3 days, the others 10 to 40 days ago; one admin, two pending.
  const accounts = [
    account(1, 0),
    account(2, 1, { status: 'pending' }),
    account(3, 2, { status: 'pending' }),
    account(4, 10, { isAdmin: true, adminRole: 'super_admin' }),
    ...Array.from({ length: 8 }, (_, i) => account(5 + i, 12 + i * 4)),
  ];

  it('counts the accounts, lists the 10 newest, and charts the sign-ups of the last 7 days by day', async () => {
    renderDashboard(
      () => ok(health),
      () => ok([...accounts].reverse()),
    );
    const recent = within(panel('Recent Users'));
    await recent.findByText('Merchant 1');
    // The 10 newest, newest first; the two oldest are left out.
    expect(recent.getAllByText(/^Merchant \d+$/).map((n) => n.textContent)).toEqual(
      accounts.slice(0, 10).map((a) => a.name),
    );
    const card = (label: string) => screen.getByText(label).closest('.rounded-xl') as HTMLElement;
    expect(within(card('Total Users')).getByText('12')).toBeTruthy();
    expect(within(card('Admins')).getByText('1')).toBeTruthy();
    expect(within(card('Pending approval')).getByText('2')).toBeTruthy();
    expect(within(card('New users')).getByText('3')).toBeTruthy();
    // User Growth: 7 days, 3 sign-ups (the account of 10 days ago is outside).
    const growth = within(panel('User Growth'));
    expect(growth.getByText('3 sign-ups')).toBeTruthy();
    expect(growth.getByRole('img', { name: '3 sign-ups in the last 7 days' })).toBeTruthy();
  });

  it('says the dashboard could not load, with a Retry that loads it', async () => {
    let fail = true;
    renderDashboard(
      () => ok(health),
      () => (fail ? failure() : ok(accounts)),
    );
    expect(
      await screen.findByText('Failed to load dashboard data. Please check your connection and try again.'),
    ).toBeTruthy();
    fail = false;
    const banner = screen
      .getByText('Failed to load dashboard data. Please check your connection and try again.')
      .closest('[role="alert"], div') as HTMLElement;
    fireEvent.click(within(banner.parentElement as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Merchant 1')).toBeTruthy();
  });
});
