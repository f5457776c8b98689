import type { TInvoice, TPortal } from '@coinlane/core/api/subscriptions';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PaymentI18nProvider } from '../i18n.tsx';
import { englishTexts } from '../locales.ts';
import { SubscriptionTextsProvider } from '../subscription-i18n.tsx';
import { englishSubscriptionTexts } from '../subscription-locales.ts';
import { PortalPage } from './portal-page.tsx';

// The subscriber's portal against a stand-in fetch answering like the server's public API.

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'Sm9pbi10aGUtY2x1Yi1wb3J0YWwtdG9rZW4tZm9yLXRlc3Rz';
const invoice = (over: Partial<TInvoice> = {}): TInvoice => ({
  id: 'inv_1',
  period: 0,
  periodStart: '2026-01-15T10:00:00.000Z',
  periodEnd: '2026-02-15T10:00:00.000Z',
  amount: '9.99',
  creditApplied: '0',
  amountDue: '9.99',
  currency: 'USD',
  status: 'paid',
  dueAt: '2026-01-15T10:00:00.000Z',
  paidAt: '2026-01-15T10:20:00.000Z',
  payUrl: null,
  paymentId: 'pay_1',
  createdAt: '2026-01-15T10:00:00.000Z',
  ...over,
});
const portal = (over: Partial<TPortal> = {}): TPortal => ({
  merchantName: 'Chez Marie',
  mode: 'live',
  email: 'ana@example.com',
  plan: { name: 'Pro', price: '9.99', currency: 'USD', interval: 'monthly' },
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-03-15T10:00:00.000Z',
  nextPaymentAt: '2026-03-15T10:00:00.000Z',
  credit: '0',
  openInvoice: null,
  paidInvoices: [
    invoice(),
    invoice({
      id: 'inv_2',
      period: 1,
      periodStart: '2026-02-15T10:00:00.000Z',
      periodEnd: '2026-03-15T10:00:00.000Z',
      paidAt: '2026-02-13T09:00:00.000Z',
    }),
  ],
  ...over,
});
const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });
const fail = (status: number, code: string, message = 'server text') =>
  new Response(JSON.stringify({ success: false, data: null, error: { code, message } }), { status });

type TCall = { url: string; method: string; body: unknown };
function serve(answer: (call: TCall) => Response) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

function show(token: string | null = TOKEN) {
  render(
    <PaymentI18nProvider initial={{ lang: 'en', texts: englishTexts }}>
      <SubscriptionTextsProvider initial={{ lang: 'en', texts: englishSubscriptionTexts }}>
        <PortalPage token={token} />
      </SubscriptionTextsProvider>
    </PaymentI18nProvider>,
  );
}

describe("the subscriber's portal", () => {
  it('shows the plan, the status, the dates and the paid invoices, asking with the token', async () => {
    const calls = serve(() => ok(portal()));
    show();
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('ACTIVE');
    expect(calls[0]).toEqual({
      url: `/api/v1/public/subscription-portal?token=${TOKEN}`,
      method: 'GET',
      body: undefined,
    });
    expect(screen.getByText('Chez Marie')).toBeTruthy();
    expect(screen.getByText('Pro')).toBeTruthy();
    expect(screen.getByTestId('plan-price').textContent).toBe('$9.99 / month');
    expect(screen.getByText('ana@example.com')).toBeTruthy();
    expect(screen.getByText('Next payment').nextSibling?.textContent).toBe('Mar 15, 2026');
    expect(screen.getByText('Current period ends').nextSibling?.textContent).toBe('Mar 15, 2026');
    const rows = within(screen.getByTestId('paid-invoices')).getAllByRole('row');
    // Intl sets the range's dash between thin spaces.
    const cells = (r: HTMLElement) =>
      [...r.querySelectorAll('th, td')].map((c) => c.textContent?.replace(/\s/g, ' '));
    expect(rows.map(cells)).toEqual([
      ['Period', 'Amount', 'Paid on'],
      ['Jan 15 – Feb 15, 2026', '$9.99', 'Jan 15, 2026'],
      ['Feb 15 – Mar 15, 2026', '$9.99', 'Feb 13, 2026'],
    ]);
    expect(screen.queryByTestId('portal-credit')).toBeNull();
    expect(screen.queryByTestId('pay-invoice')).toBeNull();
  });

  it('shows a past-due subscription in capitals, its open invoice to pay and the credit', async () => {
    serve(() =>
      ok(
        portal({
          status: 'past_due',
          nextPaymentAt: null,
          credit: '1.5',
          openInvoice: invoice({
            id: 'inv_3',
            status: 'open',
            amountDue: '8.49',
            creditApplied: '1.5',
            paidAt: null,
            dueAt: '2026-03-15T10:00:00.000Z',
            payUrl: 'http://localhost/payment/lnk_renewal',
          }),
        }),
      ),
    );
    show();
    const badge = await screen.findByTestId('subscription-status');
    expect(badge.textContent).toBe('PAST DUE');
    expect(badge.className).toContain('bg-amber-100');
    expect(
      screen.getByText('The invoice for this period is unpaid. Pay it to keep your subscription.'),
    ).toBeTruthy();
    expect(screen.getByTestId('invoice-amount-due').textContent).toBe('$8.49');
    expect(screen.getByText('Credit of $1.50 applied')).toBeTruthy();
    expect(screen.getByTestId('portal-credit').textContent).toBe('$1.50');
    expect(screen.getByTestId('pay-invoice').getAttribute('href')).toBe(
      'http://localhost/payment/lnk_renewal',
    );
    expect(screen.getByTestId('pay-invoice').textContent).toBe('Pay invoice');
    // Past due: the period already ended, so only Cancel now.
    expect(screen.queryByRole('button', { name: 'Cancel at period end' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel now' })).toBeTruthy();
  });

  it('cancels at the period end after a confirmation, posting the token and when', async () => {
    const calls = serve((c) =>
      c.method === 'GET' ? ok(portal()) : ok(portal({ cancelAtPeriodEnd: true, nextPaymentAt: null })),
    );
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Cancel at the end of the period?')).toBeTruthy();
    expect(dialog.textContent).toContain('Your subscription stays active until Mar 15, 2026, then ends.');
    expect(calls).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    expect((await screen.findByTestId('portal-done')).textContent).toBe(
      'Your subscription will end on Mar 15, 2026.',
    );
    expect(calls[1]).toEqual({
      url: '/api/v1/public/subscription-portal/cancel',
      method: 'POST',
      body: { token: TOKEN, when: 'period_end' },
    });
    expect(screen.getByTestId('cancels-at-period-end').textContent).toBe(
      'Your subscription ends with the current period, on Mar 15, 2026. No new invoice will be issued.',
    );
    expect(screen.queryByRole('button', { name: 'Cancel at period end' })).toBeNull();
  });

  it('cancels now after a confirmation; keeping the subscription sends nothing', async () => {
    const calls = serve((c) =>
      c.method === 'GET'
        ? ok(portal())
        : ok(portal({ status: 'cancelled', nextPaymentAt: null, currentPeriodEnd: null })),
    );
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel now' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep subscription' }));
    expect(calls).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel now' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(
      'Your subscription ends at once and no more invoices will be issued.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel now' }));
    expect((await screen.findByTestId('portal-done')).textContent).toBe('Your subscription is cancelled.');
    expect(calls[1]?.body).toEqual({ token: TOKEN, when: 'now' });
    expect(screen.getByTestId('subscription-status').textContent).toBe('CANCELLED');
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
  });

  it('shows a refused cancellation inside the dialog', async () => {
    serve((c) => (c.method === 'GET' ? ok(portal()) : fail(409, 'INVALID_STATE')));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel now' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel now' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This subscription cannot be changed in its current state. Reload the page to see where it stands.',
    );
  });

  it('renews an expired subscription and shows its new invoice to pay', async () => {
    const renewed = portal({
      status: 'expired',
      nextPaymentAt: null,
      openInvoice: invoice({
        id: 'inv_9',
        status: 'open',
        paidAt: null,
        payUrl: 'http://localhost/payment/lnk_new',
      }),
    });
    const calls = serve((c) =>
      c.method === 'GET' ? ok(portal({ status: 'expired', nextPaymentAt: null })) : ok(renewed),
    );
    show();
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('EXPIRED');
    expect(screen.queryByRole('button', { name: 'Cancel now' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    expect((await screen.findByTestId('portal-done')).textContent).toBe(
      'A new invoice is ready: pay it to renew your subscription.',
    );
    expect(calls[1]).toEqual({
      url: '/api/v1/public/subscription-portal/renew',
      method: 'POST',
      body: { token: TOKEN },
    });
    expect(screen.getByTestId('pay-invoice').getAttribute('href')).toBe('http://localhost/payment/lnk_new');
    expect(screen.queryByRole('button', { name: 'Renew' })).toBeNull();
    expect(screen.getByText('This subscription has expired. Pay its new invoice to renew it.')).toBeTruthy();
  });

  it.each([
    [400, 'TOKEN_INVALID', 'This link does not work', 'This subscription link is not valid.'],
    [410, 'EXPIRED', 'This link has expired', 'This subscription link has expired.'],
  ])('says a link is no good (%s %s), with no Try Again', async (status, code, title, body) => {
    serve(() => fail(status, code));
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(title);
    expect(alert.textContent).toContain(body);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the expired-link page when the link lapses during an action', async () => {
    serve((c) => (c.method === 'GET' ? ok(portal({ status: 'expired' })) : fail(410, 'EXPIRED')));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Renew' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This link has expired');
  });

  it('asks for the e-mail link when there is no token', () => {
    const calls = serve(() => ok(portal()));
    show(null);
    expect(screen.getByRole('alert').textContent).toContain('Open the link from your e-mail');
    expect(calls).toEqual([]);
  });

  it('tries again with the token it holds when the portal could not be loaded', async () => {
    let first = true;
    const calls = serve(() => {
      if (first) {
        first = false;
        throw new TypeError('Failed to fetch');
      }
      return ok(portal());
    });
    show();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load your subscription');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('ACTIVE');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe(`/api/v1/public/subscription-portal?token=${TOKEN}`);
  });
});
