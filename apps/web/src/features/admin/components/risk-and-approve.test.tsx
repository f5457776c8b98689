import type {
  TAdminTransaction,
  TAdminTransactionDetails,
  TAdminTransactionList,
} from '@coinlane/core/api/admin-transactions';
import type { TSessionUser } from '@coinlane/core/api/auth';
import { ROLE_PERMISSIONS, type TAdminRole } from '@coinlane/core/permissions';
import { T } from '@coinlane/core/texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../../lib/auth.ts';
import { locales as admin } from '../locales.ts';
import { locales as risk } from '../risk-locales.ts';
import { locales } from '../transactions-locales.ts';
import AdminTransactionsPage from './admin-transactions-page.tsx';

// Risk Assessment, Approve and the compliance export on Transaction Management (decision 021), with the server
// answered by a stand-in fetch.

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { adminTransactions: locales.en, admin: admin.en, adminRisk: risk.en } },
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
  id: 'pay_partial',
  mode: 'live',
  customerEmail: 'buyer@example.com',
  merchant: { id: 'usr_m1', label: 'Acme Ltd' },
  amountUsd: '80.00',
  cryptoAmount: '1',
  amountReceived: '0.4',
  amountLate: '0',
  amountRefunded: '0',
  refundState: 'none',
  currency: 'LTC',
  network: 'litecoin',
  status: 'pending',
  paymentStatus: 'partial',
  exception: 'paid_partial',
  riskScore: 10,
  fraudFlags: ['sanctioned_payer_address', 'partial_payment'],
  createdAt: '2026-03-01T10:00:00.000Z',
  completedAt: null,
};
const list: TAdminTransactionList = {
  tiles: { totalVolume: '0', completed: 0, pending: 1, failed: 0, highRisk: 1, total: 1 },
  transactions: [row],
  limit: 100,
  filterOptions: { merchants: [], currencies: [] },
};
const pair = (crypto: string) => ({ crypto, usd: null });
const details = (received: string, approved = false): TAdminTransactionDetails => ({
  transaction: {
    id: row.id,
    mode: 'live',
    status: approved ? 'completed' : 'pending',
    paymentStatus: approved ? 'confirmed' : received === '0' ? 'pending' : 'partial',
    exception: received === '0' ? 'none' : 'paid_partial',
    failureReason: null,
    currency: 'LTC',
    network: 'litecoin',
    networkName: 'Litecoin',
    amounts: {
      due: pair('1'),
      received: pair(received),
      confirmed: pair(received),
      late: pair('0'),
      excess: pair('0'),
    },
    fiatAmount: null,
    fiatCurrency: null,
    description: null,
    paymentLinkId: null,
    attempt: 1,
    address: 'ltc1qdeposit',
    txHash: null,
    confirmations: 1,
    requiredConfirmations: 6,
    createdAt: row.createdAt,
    confirmedAt: approved ? '2026-03-01T11:00:00.000Z' : null,
    expiresAt: '2026-03-01T10:15:00.000Z',
    updatedAt: row.createdAt,
  },
  merchant: { id: 'usr_m1', label: 'Acme Ltd', email: 'ops@acme.test' },
  customer: { email: 'buyer@example.com', ip: null, country: 'GB' },
  risk: {
    riskScore: 10,
    fraudFlags: ['sanctioned_payer_address', 'partial_payment'],
    scoredAt: '2026-03-01T10:05:00.000Z',
    payerAddresses: ['ltc1qpayer0000000000000000000000000000000'],
  },
  approval: approved
    ? { approvedAt: '2026-03-01T11:00:00.000Z', approvedBy: 'usr_admin', reason: 'Known customer' }
    : null,
  fees: { platformFee: null, networkFee: null },
  transfers: [],
  auditTrail: [],
});

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });

/** The stand-in server: the list, the details (`received` of them), approve (ok or a 409), the export. */
function mockApi({ received = '0.4', approveFails = false } = {}) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  let approved = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
      const u = new URL(url, 'http://localhost');
      if (u.pathname === '/api/v1/admin/transactions') return ok(list);
      if (u.pathname === `/api/v1/admin/transactions/${row.id}`) return ok(details(received, approved));
      if (u.pathname === `/api/v1/admin/transactions/${row.id}/approve`) {
        if (approveFails) {
          return new Response(
            JSON.stringify({
              success: false,
              data: null,
              error: { code: 'INVALID_STATE', message: T.transactionNothingReceived },
            }),
            { status: 409 },
          );
        }
        approved = true;
        return ok({ ...row, status: 'completed', paymentStatus: 'confirmed' });
      }
      if (u.pathname === '/api/v1/admin/transactions/compliance-export') {
        return new Response('\uFEFFtransaction_id\r\n', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="compliance-live-2026-03-01.csv"' },
        });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

function renderAs(role: TAdminRole) {
  const viewer: TSessionUser = {
    id: 'usr_admin',
    email: 'admin@example.com',
    name: 'Admin',
    avatarUrl: null,
    mode: 'live',
    status: 'active',
    isAdmin: true,
    adminRole: role,
    permissions: [...ROLE_PERMISSIONS[role]],
  };
  const qc = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  qc.setQueryData(sessionKey, viewer);
  render(
    <QueryClientProvider client={qc}>
      <AdminTransactionsPage />
    </QueryClientProvider>,
  );
}

async function openDetails() {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${row.id}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'View Details' }));
  const dialog = await screen.findByRole('dialog', { name: 'Transaction details' });
  await within(dialog).findByText('Risk Assessment');
  return dialog;
}

describe('Risk Assessment and Approve in the details dialog', () => {
  it('shows the score, the flags with spaces, the payers, and the country of a deleted IP', async () => {
    mockApi();
    renderAs('compliance_admin');
    const dialog = await openDetails();
    expect(within(dialog).getByText('sanctioned payer address')).toBeTruthy();
    expect(within(dialog).getByText('partial payment')).toBeTruthy();
    expect(within(dialog).getByText('ltc1qpayer0000000000000000000000000000000')).toBeTruthy();
    expect(within(dialog).getByText('Customer IP').nextElementSibling?.textContent).toBe(
      'Deleted after the retention period',
    );
    expect(within(dialog).getByText('Customer country').nextElementSibling?.textContent).toBe('GB');
    expect(within(dialog).getByText('Risk score').nextElementSibling?.textContent).toMatch(/^10\/10/);
    // compliance_admin has no transactions.write: no Approve.
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('approves with a required reason, sends it, and shows the approval', async () => {
    const calls = mockApi();
    renderAs('finance_admin');
    const dialog = await openDetails();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const form = within(dialog).getByRole('form', { name: 'Approve transaction' });
    fireEvent.click(within(form).getByRole('button', { name: 'Approve transaction' }));
    expect(await within(form).findByText(T.approveReasonRequired)).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/approve'))).toBe(false);
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: ' Known customer ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Approve transaction' }));
    expect(await within(dialog).findByText('Transaction approved.')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/approve'))).toEqual({
      method: 'POST',
      url: `/api/v1/admin/transactions/${row.id}/approve`,
      body: { reason: 'Known customer' },
    });
    await within(dialog).findByText('Known customer');
    expect(within(dialog).getByText(/Approved by usr_admin on/)).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull());
  });

  it('says the spec’s message when the approval fails', async () => {
    mockApi({ approveFails: true });
    renderAs('super_admin');
    const dialog = await openDetails();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Please' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve transaction' }));
    expect(await within(dialog).findByText(T.approveTransactionFailed)).toBeTruthy();
    expect(within(dialog).getByText(T.transactionNothingReceived)).toBeTruthy();
  });

  it('never offers Approve for a payment with nothing received', async () => {
    mockApi({ received: '0' });
    renderAs('super_admin');
    const dialog = await openDetails();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});

describe('Compliance Export', () => {
  it('is shown only with reports.compliance and downloads the flagged transactions', async () => {
    const created = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = mockApi();
    renderAs('super_admin');
    await screen.findByText(row.id);
    expect(screen.queryByRole('button', { name: 'Compliance Export' })).toBeNull();
    cleanup();
    renderAs('compliance_admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Compliance Export' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.some((c) => c.url === '/api/v1/admin/transactions/compliance-export?mode=live')).toBe(true);
    expect(created).toHaveBeenCalled();
    click.mockRestore();
  });
});
