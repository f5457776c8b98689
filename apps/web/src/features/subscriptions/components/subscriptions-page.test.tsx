import type { TSubscriptionsSummary } from '@coinlane/core/api/subscriptions';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Call,
  initI18n,
  mockApi,
  ok,
  page,
  plan,
  renderWithQuery,
  subscriber,
} from '../testing/kit.tsx';
import SubscriptionsPage from './subscriptions-page.tsx';

beforeAll(initI18n);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const SUMMARY: TSubscriptionsSummary = {
  monthlyRevenueUsd: '1234.5',
  activeSubscribers: 3,
  activePlans: 1,
  totalPlans: 2,
};

type Data = { plans?: unknown[]; subscribers?: unknown[]; summary?: TSubscriptionsSummary };

/** The page's reads: plans, summary, subscribers, currencies; `other` answers writes. */
function api(data: Data, other: (c: Call) => Response = () => ok(null), mode: 'test' | 'live' = 'test') {
  return mockApi((c) => {
    if (c.method !== 'GET') return other(c);
    if (c.url.startsWith('/api/v1/subscriptions/plans')) return page(data.plans ?? []);
    if (c.url === '/api/v1/subscriptions/summary') return ok(data.summary ?? SUMMARY);
    if (c.url.startsWith('/api/v1/subscriptions/subscribers')) return page(data.subscribers ?? []);
    if (c.url.startsWith('/api/v1/currencies'))
      return ok([
        {
          symbol: 'BTC',
          name: 'Bitcoin',
          networks: [
            {
              id: 'bitcoin',
              name: 'Bitcoin',
              decimals: 8,
              requiredConfirmations: 1,
              feeText: null,
              speedText: null,
            },
          ],
        },
        {
          symbol: 'USDT',
          name: 'Tether',
          networks: [
            {
              id: 'ethereum',
              name: 'Ethereum',
              decimals: 6,
              requiredConfirmations: 12,
              feeText: null,
              speedText: null,
            },
            {
              id: 'tron',
              name: 'Tron',
              decimals: 6,
              requiredConfirmations: 20,
              feeText: null,
              speedText: null,
            },
          ],
        },
      ]);
    return ok(null);
  }, mode);
}

const openSubscribers = async () => {
  fireEvent.click(await screen.findByRole('tab', { name: 'Subscribers' }));
};

describe('Subscriptions page', () => {
  it('shows the three cards and the empty states of both tabs', async () => {
    api({ summary: { monthlyRevenueUsd: '0.00', activeSubscribers: 0, activePlans: 0, totalPlans: 0 } });
    renderWithQuery(<SubscriptionsPage />);
    expect(await screen.findByText('No subscription plans yet')).toBeTruthy();
    expect(screen.getByText('Create your first subscription plan to get started')).toBeTruthy();
    expect((await screen.findByTestId('summary-revenue')).textContent).toBe('$0.00');
    expect(screen.getByText('Out of 0 total')).toBeTruthy();
    expect(screen.getByText(/yearly plans count a twelfth/)).toBeTruthy();
    await openSubscribers();
    expect(await screen.findByText('No subscribers yet')).toBeTruthy();
    expect(screen.getByTestId('subscribers-count').textContent).toBe('0 subscribers');
  });

  it('shows the revenue as dollars, active subscribers, and the plans out of the total', async () => {
    api({ plans: [plan(), plan({ id: 'pln_2', name: 'Basic', active: false })] });
    renderWithQuery(<SubscriptionsPage />);
    expect((await screen.findByTestId('summary-revenue')).textContent).toBe('$1,234.50');
    expect(screen.getByTestId('summary-subscribers').textContent).toBe('3');
    expect(screen.getByTestId('summary-plans').textContent).toBe('1');
    expect(screen.getByText('Out of 2 total')).toBeTruthy();
    expect(await screen.findAllByTestId('plan-card')).toHaveLength(2);
  });

  it('opens the plan form above the list with Create Plan, and with a plan’s values on Edit', async () => {
    api({ plans: [plan()] });
    renderWithQuery(<SubscriptionsPage />);
    await screen.findAllByTestId('plan-card');
    fireEvent.click(screen.getAllByRole('button', { name: 'Create Plan' })[0]!);
    expect(screen.getByText('New subscription plan')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByText('Edit Pro')).toBeTruthy();
    expect(screen.getByLabelText('Plan name')).toHaveProperty('value', 'Pro');
  });

  it('lists subscribers with status in upper case, N/A without a next payment, dollars paid, and their coin', async () => {
    api({
      plans: [plan()],
      subscribers: [
        subscriber({
          status: 'past_due',
          nextPaymentAt: null,
          totalPaid: '1234.5',
          email: 'late@example.com',
        }),
        subscriber({ id: 'sub_2', email: 'ok@example.com' }),
      ],
    });
    renderWithQuery(<SubscriptionsPage />);
    await openSubscribers();
    const rows = await screen.findAllByTestId('subscriber-row');
    expect(screen.getByTestId('subscribers-count').textContent).toBe('2 subscribers');
    expect(within(rows[0]!).getByTestId('subscriber-status').textContent).toBe('PAST DUE');
    expect(within(rows[0]!).getByTestId('next-payment').textContent).toBe('N/A');
    expect(within(rows[0]!).getByTestId('total-paid').textContent).toBe('$1,234.50');
    expect(within(rows[1]!).getByTestId('subscriber-status').textContent).toBe('ACTIVE');
    expect(within(rows[1]!).getByTestId('next-payment').textContent).toBe('Dec 5, 2026');
    // The network by its name, as the subscribe page offered it (not its id).
    within(rows[0]!).getByText('Pays with USDT · Tron');
  });

  it('filters by plan and status', async () => {
    const calls = api({ plans: [plan()], subscribers: [subscriber()] });
    renderWithQuery(<SubscriptionsPage />);
    await openSubscribers();
    await screen.findAllByTestId('subscriber-row');
    fireEvent.change(screen.getByLabelText('Plan'), { target: { value: 'pln_1' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'past_due' } });
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        '/api/v1/subscriptions/subscribers?limit=20&offset=0&planId=pln_1&status=past_due',
      ),
    );
  });

  it('offers the test clock only to test-mode subscribers, then reads the list and the summary again', async () => {
    const calls = api(
      {
        plans: [plan()],
        subscribers: [
          subscriber({ email: 'live@example.com', testClock: null }),
          subscriber({ id: 'sub_t', email: 'test@example.com', testClock: '2026-11-20T12:00:00.000Z' }),
          subscriber({
            id: 'sub_x',
            email: 'ended@example.com',
            status: 'cancelled',
            testClock: '2026-11-20T12:00:00.000Z',
          }),
        ],
      },
      (c) =>
        c.url.endsWith('/test-clock') ? ok(subscriber({ testClock: '2026-11-21T12:00:00.000Z' })) : ok(null),
    );
    renderWithQuery(<SubscriptionsPage />);
    await openSubscribers();
    const rows = await screen.findAllByTestId('subscriber-row');
    expect(within(rows[0]!).queryByRole('button', { name: '+1 day' })).toBeNull();
    expect(within(rows[0]!).queryByTestId('test-clock')).toBeNull();
    expect(within(rows[1]!).getByText(/^Test clock: Nov 20, 2026/)).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: '+1 period' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Past grace' })).toBeTruthy();
    // An ended subscription has nothing left to fall due: no clock.
    expect(within(rows[2]!).queryByTestId('test-clock')).toBeNull();
    const before = calls.length;
    fireEvent.click(within(rows[1]!).getByRole('button', { name: '+1 day' }));
    await waitFor(() => {
      const after = calls.slice(before);
      expect(after[0]).toMatchObject({
        url: '/api/v1/subscriptions/subscribers/sub_t/test-clock',
        method: 'POST',
        body: { advance: 'day' },
      });
      expect(after.some((c) => c.url === '/api/v1/subscriptions/summary')).toBe(true);
      expect(after.some((c) => c.url.startsWith('/api/v1/subscriptions/subscribers?'))).toBe(true);
    });
    expect(await screen.findByText(/The test clock of test@example.com now reads Nov 21, 2026/)).toBeTruthy();
  });

  it('cancels at the period end after asking, and resumes a cancelling subscription', async () => {
    const calls = api({
      plans: [plan()],
      subscribers: [
        subscriber(),
        subscriber({ id: 'sub_2', email: 'leaving@example.com', cancelAtPeriodEnd: true }),
        subscriber({ id: 'sub_3', email: 'gone@example.com', status: 'expired', nextPaymentAt: null }),
      ],
    });
    renderWithQuery(<SubscriptionsPage />);
    await openSubscribers();
    const rows = await screen.findAllByTestId('subscriber-row');
    expect(within(rows[0]!).queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(within(rows[2]!).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(rows[1]!).getByText('Cancels Dec 5, 2026')).toBeTruthy();

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the subscription of ada@example.com?' });
    expect(within(dialog).getByRole('radio', { name: /Cancel at period end/ })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: /Cancel now/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: '/api/v1/subscriptions/subscribers/sub_1',
        method: 'PUT',
        body: { action: 'cancel_now' },
      }),
    );

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: '/api/v1/subscriptions/subscribers/sub_2',
        method: 'PUT',
        body: { action: 'resume' },
      }),
    );
  });

  it('adds a subscriber: an active plan, the e-mail, a coin the merchant receives and its network', async () => {
    const calls = api({ plans: [plan({ id: 'pln_off', name: 'Old', active: false }), plan()] }, (c) =>
      c.url === '/api/v1/subscriptions/subscribers' ? ok(subscriber({ email: 'new@example.com' })) : ok(null),
    );
    renderWithQuery(<SubscriptionsPage />);
    await screen.findAllByTestId('plan-card');
    await openSubscribers();
    fireEvent.click(screen.getByRole('button', { name: 'Add subscriber' }));
    const dialog = screen.getByRole('dialog', { name: 'Add subscriber' });
    expect(
      within(dialog).getByText(/Test mode: the invitation is sent to your own e-mail address only/),
    ).toBeTruthy();
    const planSelect = within(dialog).getByLabelText('Plan') as HTMLSelectElement;
    expect([...planSelect.options].map((o) => o.text)).toEqual(['Pro']);
    fireEvent.change(within(dialog).getByLabelText('Subscriber e-mail'), {
      target: { value: 'new@example.com' },
    });
    await within(dialog).findByRole('option', { name: 'USDT · Tether' });
    fireEvent.change(within(dialog).getByLabelText('Pays with'), { target: { value: 'USDT' } });
    fireEvent.change(within(dialog).getByLabelText('Network'), { target: { value: 'tron' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('Invitation sent to new@example.com with the first invoice.'),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      planId: 'pln_1',
      email: 'new@example.com',
      currency: 'USDT',
      network: 'tron',
      language: 'en',
    });
  });

  it('shows the spec’s texts when the reads fail', async () => {
    mockApi(() => new Response('down', { status: 503 }));
    renderWithQuery(<SubscriptionsPage />);
    expect(await screen.findByText('Failed to fetch subscription plans')).toBeTruthy();
    expect(await screen.findByText('Failed to load data')).toBeTruthy();
    await openSubscribers();
    expect(await screen.findByText('Failed to fetch subscribers')).toBeTruthy();
  });
});
