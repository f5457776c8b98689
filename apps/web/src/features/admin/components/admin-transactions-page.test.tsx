import type {
  TAdminTransaction,
  TAdminTransactionDetails,
  TAdminTransactionList,
} from '@coinlane/core/api/admin-transactions';
import { T } from '@coinlane/core/texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales as admin } from '../locales.ts';
import { locales as adminRefunds } from '../refund-locales.ts';
import { locales as risk } from '../risk-locales.ts';
import { locales } from '../transactions-locales.ts';
import AdminTransactionsPage from './admin-transactions-page.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: {
      en: {
        adminTransactions: locales.en,
        admin: admin.en,
        adminRefunds: adminRefunds.en,
        adminRisk: risk.en,
      },
    },
    interpolation: { escapeValue: false },
  });
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

const row: TAdminTransaction = {
  id: 'pay_1abc',
  mode: 'live',
  customerEmail: 'buyer@example.com',
  merchant: { id: 'usr_m1', label: 'Acme Ltd' },
  amountUsd: '95.10',
  cryptoAmount: '0.001',
  amountReceived: '0.001',
  amountLate: '0',
  amountRefunded: '0',
  refundState: 'none',
  currency: 'BTC',
  network: 'bitcoin',
  status: 'completed',
  paymentStatus: 'confirmed',
  exception: 'none',
  riskScore: 2,
  fraudFlags: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  completedAt: '2026-03-01T10:20:00.000Z',
};
const noEmail: TAdminTransaction = {
  ...row,
  id: 'pay_2def',
  customerEmail: null,
  status: 'pending',
  paymentStatus: 'partial',
  riskScore: 8,
  fraudFlags: ['partial_payment', 'high_velocity_customer_ip'],
  amountReceived: '0.0005',
  amountUsd: null,
};

const listOf = (transactions: TAdminTransaction[], total = transactions.length): TAdminTransactionList => ({
  tiles: { totalVolume: '95.10', completed: 1, pending: total - 1, failed: 0, highRisk: 0, total },
  transactions,
  limit: 100,
  filterOptions: { merchants: [{ id: 'usr_m1', label: 'Acme Ltd' }], currencies: ['BTC', 'LTC'] },
});

const details: TAdminTransactionDetails = {
  transaction: {
    id: row.id,
    mode: 'live',
    status: 'completed',
    paymentStatus: 'confirmed',
    exception: 'paid_over',
    failureReason: null,
    currency: 'BTC',
    network: 'bitcoin',
    networkName: 'Bitcoin',
    amounts: {
      due: { crypto: '0.001', usd: '95.10' },
      received: { crypto: '0.0011', usd: '104.61' },
      confirmed: { crypto: '0.0011', usd: '104.61' },
      late: { crypto: '0', usd: '0.00' },
      excess: { crypto: '0.0001', usd: '9.51' },
    },
    fiatAmount: null,
    fiatCurrency: null,
    description: null,
    paymentLinkId: null,
    attempt: 1,
    address: 'bc1qexampleaddress',
    txHash: 'f'.repeat(64),
    confirmations: 3,
    requiredConfirmations: 2,
    createdAt: '2026-03-01T10:00:00.000Z',
    confirmedAt: '2026-03-01T10:20:00.000Z',
    expiresAt: '2026-03-01T10:30:00.000Z',
    updatedAt: '2026-03-01T10:20:00.000Z',
  },
  merchant: { id: 'usr_m1', label: 'Acme Ltd', email: 'ops@acme.test' },
  customer: { email: 'buyer@example.com', ip: null, country: null },
  risk: {
    riskScore: 2,
    fraudFlags: ['overpayment'],
    scoredAt: '2026-03-01T10:20:00.000Z',
    payerAddresses: [],
  },
  approval: null,
  fees: {
    platformFee: {
      id: 'fee_1',
      amount: '0.00001',
      currency: 'BTC',
      percentage: '1',
      usd: '0.95',
      status: 'pending',
      createdAt: '2026-03-01T10:20:00.000Z',
      voidedAt: null,
    },
    networkFee: null,
  },
  transfers: [
    {
      id: 'trf_1',
      txid: 'f'.repeat(64),
      outputIndex: 0,
      amount: '0.0011',
      confirmations: 3,
      status: 'confirmed',
      late: false,
      blockHeight: 100,
      seenAt: '2026-03-01T10:05:00.000Z',
      confirmedAt: '2026-03-01T10:20:00.000Z',
    },
  ],
  auditTrail: [
    {
      id: 2,
      action: 'payment.confirmed',
      entityType: 'payment',
      actorType: 'system',
      actorId: null,
      before: null,
      after: null,
      ip: null,
      createdAt: '2026-03-01T10:20:00.000Z',
    },
    {
      id: 1,
      action: 'payment.created',
      entityType: 'payment',
      actorType: 'user',
      actorId: 'usr_m1',
      before: null,
      after: null,
      ip: null,
      createdAt: '2026-03-01T10:00:00.000Z',
    },
  ],
};

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });

/** GET /admin/transactions answers `reply(params)`; the details of row.id answer `details`. Every URL is kept. */
function mockApi(reply: (q: URLSearchParams) => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const u = new URL(url, 'http://localhost');
      if (u.pathname === '/api/v1/admin/transactions') return reply(u.searchParams);
      if (u.pathname === `/api/v1/admin/transactions/${row.id}`) return ok(details);
      if (u.pathname === `/api/v1/admin/transactions/${row.id}/export`) {
        return new Response(JSON.stringify(details), {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'content-disposition': `attachment; filename="transaction-${row.id}.json"`,
          },
        });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return urls;
}
const listCalls = (urls: string[]) =>
  urls
    .filter((u) => u.startsWith('/api/v1/admin/transactions?'))
    .map((u) => Object.fromEntries(new URL(u, 'http://localhost').searchParams));

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <AdminTransactionsPage />
    </QueryClientProvider>,
  );
}

describe('Transaction Management page', () => {
  it('shows the tiles and the rows, with No email and each risk score', async () => {
    mockApi(() => ok(listOf([row, noEmail], 250)));
    renderPage();
    await screen.findByText('pay_1abc');
    expect(screen.getByText(T.adminTransactionsSubtitle)).toBeTruthy();
    const tiles = screen.getByLabelText('Summary of the matching transactions');
    const tile = (label: string) =>
      within(tiles).getByText(label).closest('dt')?.nextElementSibling?.textContent;
    expect(tile('Total Volume')).toBe('$95.10');
    expect(tile('Completed')).toBe('1');
    expect(tile('Pending')).toBe('249');
    expect(tile('High Risk')).toBe('0');
    expect(tile('Total Txns')).toBe('250');
    expect(screen.getByText('No email')).toBeTruthy();
    expect(screen.getByText('2/10')).toBeTruthy();
    expect(screen.getByText('8/10')).toBeTruthy();
    expect(screen.getByText('Partly paid')).toBeTruthy();
    expect(screen.getByText('Received 0.00050000 BTC')).toBeTruthy();
    // No refund or approve action on this screen yet.
    expect(screen.queryByText('Issue Refund')).toBeNull();
    expect(screen.queryByText('Approve')).toBeNull();
  });

  it('sends the filters as the query: search, status, risk, mode and More Filters', async () => {
    const urls = mockApi(() => ok(listOf([row])));
    renderPage();
    await screen.findByText('pay_1abc');
    expect(listCalls(urls)[0]).toEqual({ mode: 'live' });

    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'completed' } });
    fireEvent.change(screen.getByLabelText('Filter by risk'), { target: { value: 'high' } });
    fireEvent.change(screen.getByLabelText('Live or test transactions'), { target: { value: 'test' } });
    fireEvent.change(screen.getByLabelText('Search transactions by ID or customer email'), {
      target: { value: ' Buyer@Example ' },
    });
    await waitFor(() =>
      expect(listCalls(urls).at(-1)).toEqual({
        mode: 'test',
        status: 'completed',
        risk: 'high',
        search: 'Buyer@Example',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'More Filters' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    fireEvent.change(screen.getByLabelText('Merchant'), { target: { value: 'usr_m1' } });
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'LTC' } });
    fireEvent.change(screen.getByLabelText('Minimum amount (USD)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Maximum amount (USD)'), { target: { value: '99.50' } });
    await waitFor(() =>
      expect(listCalls(urls).at(-1)).toMatchObject({
        from: '2026-01-01',
        to: '2026-01-31',
        merchant: 'usr_m1',
        currency: 'LTC',
        minAmount: '10',
        maxAmount: '99.50',
        timeZone: expect.any(String),
      }),
    );
  });

  it('does not send filters the server would refuse, and says why', async () => {
    const urls = mockApi(() => ok(listOf([row])));
    renderPage();
    await screen.findByText('pay_1abc');
    fireEvent.click(screen.getByRole('button', { name: 'More Filters' }));
    const before = listCalls(urls).length;
    fireEvent.change(screen.getByLabelText('Minimum amount (USD)'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Maximum amount (USD)'), { target: { value: '10' } });
    expect(await screen.findByText(T.usdRangeInvalid)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Minimum amount (USD)'), { target: { value: 'abc' } });
    expect(await screen.findByText(T.usdAmountInvalid)).toBeTruthy();
    // Only the valid step (min 50 alone) reached the server.
    await new Promise((r) => setTimeout(r, 50));
    expect(
      listCalls(urls)
        .slice(before)
        .every((q) => q.minAmount === '50' && !q.maxAmount),
    ).toBe(true);
  });

  it('says no transaction exists yet, or none matches with a hint to adjust the filters', async () => {
    mockApi(() => ok(listOf([])));
    renderPage();
    expect(await screen.findByText(T.noTransactionsCreated)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'failed' } });
    expect(await screen.findByText(T.noTransactionsFound)).toBeTruthy();
    expect(screen.getByText(T.adjustSearchOrFilters)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText(T.noTransactionsCreated)).toBeTruthy();
  });

  it('shows the spec’s error with Retry when the list fails to load', async () => {
    let fail = true;
    mockApi(() =>
      fail
        ? new Response(JSON.stringify({ success: false, data: null, error: { message: 'x', code: 'X' } }), {
            status: 500,
          })
        : ok(listOf([row])),
    );
    renderPage();
    expect(await screen.findByText(T.adminTransactionsLoadFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('pay_1abc')).toBeTruthy();
  });

  it('opens the details with their sections, transfers and audit trail, and exports them', async () => {
    const urls = mockApi(() => ok(listOf([row])));
    const created = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for pay_1abc' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction details' });
    await within(dialog).findByText('Transaction Information');
    for (const title of [
      'Merchant & Customer',
      'Risk Assessment',
      'Fee Information',
      'Transfers on chain',
      'Audit trail',
    ]) {
      expect(within(dialog).getByText(title)).toBeTruthy();
    }
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(value('Risk score')).toMatch(/^2\/10/);
    expect(within(dialog).getByText('overpayment')).toBeTruthy();
    expect(within(dialog).getByText('Payer addresses').nextElementSibling?.textContent).toBe('Not known');
    expect(value('Customer IP')).toBe('Not recorded');
    expect(value('Customer country')).toBe('Not recorded');
    expect(value('Merchant email')).toBe('ops@acme.test');
    expect(value('Amount due')).toBe('0.00100000 BTC$95.10');
    expect(value('Over the amount due')).toBe('0.00010000 BTC$9.51');
    expect(value('Platform fee')).toBe('0.00001000 BTC$0.95');
    expect(value('Network fee')).toContain('Not known');
    expect(within(dialog).getByText('payment.created')).toBeTruthy();
    expect(within(dialog).getByText('payment.confirmed')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Approve|Refund/ })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Export Details' }));
    expect(
      await within(dialog).findByText(`The details were downloaded as transaction-${row.id}.json.`),
    ).toBeTruthy();
    expect(urls).toContain(`/api/v1/admin/transactions/${row.id}/export`);
    expect(created).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });
});
