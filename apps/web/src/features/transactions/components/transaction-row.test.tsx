import type { TTransaction } from '@coinlane/core/api/transactions';
import { T } from '@coinlane/core/texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import { TransactionRow } from './transaction-row.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { transactions: locales.en } },
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

const tx = (over: Partial<TTransaction> = {}): TTransaction => ({
  id: 'pay_late',
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
  description: 'Late order',
  confirmations: 12,
  requiredConfirmations: 12,
  network: 'ethereum',
  paymentLinkId: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  confirmedAt: null,
  forwarder: null,
  amountRefunded: '0',
  refundState: 'none',
  ...over,
});

const show = (t: TTransaction) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ul>
        <TransactionRow tx={t} />
      </ul>
    </QueryClientProvider>,
  );
const text = (id: string) => screen.getByTestId(id).textContent;

describe('TransactionRow: late payments', () => {
  it('shows a confirmed late payment as paid late, with the money received, and offers Accept', () => {
    show(tx());
    expect(text('tx-status')).toBe('Paid late');
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(text('tx-received')).toBe('0.01000000');
    expect(text('tx-due')).toBe('Due 0.01000000 ETH');
    expect(screen.queryByTestId('tx-excess')).toBeNull();
    expect(text('tx-usd')).toBe('$35.00');
    expect(text('late-note')).toBe(locales.en.late.ready);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it('late money still waiting for confirmations: its progress, no Accept', () => {
    show(tx({ canAccept: false, amountConfirmed: '0', usdConfirmed: '0.00', confirmations: 4 }));
    expect(text('tx-status')).toBe('Paid late');
    expect(text('confirmations-value')).toBe('4/12');
    expect(text('late-note')).toBe(locales.en.late.waiting);
    expect(text('tx-usd')).toBe('$35.00 due');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('late money short of the amount: says it cannot be accepted', () => {
    show(tx({ canAccept: false, amountReceived: '0.004', amountConfirmed: '0.004', usdConfirmed: '14.00' }));
    expect(text('late-note')).toBe(locales.en.late.short);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('an accepted late payment reads confirmed, flagged', () => {
    show(tx({ status: 'confirmed', paymentStatus: 'confirmed', canAccept: false }));
    expect(text('tx-status')).toBe('Confirmed');
    expect(screen.getByText('Paid late, accepted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('Accept asks first, then posts the accept and closes; a refusal shows in the dialog', async () => {
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ success: true, data: { id: 'pay_late' }, error: null })),
    );
    vi.stubGlobal('fetch', fetch);
    show(tx());
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = screen.getByTestId('accept-dialog');
    expect(dialog.textContent).toContain('0.01000000 ETH arrived after this payment expired');
    expect(dialog.textContent).toContain('payment.confirmed');
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Accept payment' }));
    await waitFor(() => expect(screen.queryByTestId('accept-dialog')).toBeNull());
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/payments/pay_late/accept');
    expect(fetch.mock.calls[0]![1]?.method).toBe('POST');

    fetch.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            success: false,
            data: null,
            error: { code: 'INVALID_STATE', message: T.paymentAlreadyAccepted },
          }),
          { status: 409 },
        ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept payment' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('accept-dialog')).getByText(locales.en.accept.alreadyAccepted),
      ).toBeTruthy(),
    );
  });
});

describe('TransactionRow: what was received beside what was due', () => {
  it('an overpaid confirmed payment shows received, due, the excess and the USD value of what was received', () => {
    show(
      tx({
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
      }),
    );
    expect(text('tx-received')).toBe('298.914');
    expect(text('tx-due')).toBe('Due 271.74 USDT');
    expect(text('tx-excess')).toBe('Excess 27.174 USDT');
    expect(text('tx-usd')).toBe('$298.91');
    expect(text('tx-status')).toBe('Confirmed');
    expect(screen.getByText('Overpaid')).toBeTruthy();
  });

  it('a payment paid exactly shows its amount once, as before', () => {
    show(
      tx({
        status: 'confirmed',
        paymentStatus: 'confirmed',
        exception: 'none',
        canAccept: false,
      }),
    );
    expect(text('tx-amount')).toBe('0.01000000');
    expect(screen.queryByTestId('tx-received')).toBeNull();
    expect(text('tx-usd')).toBe('$35.00');
  });
});
