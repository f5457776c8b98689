import type { TPaymentRefunds } from '@coinlane/core/api/refunds';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../refund-locales.ts';
import { AdminRefundDialog } from './admin-refund-dialog.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { adminRefunds: locales.en } },
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

const state: TPaymentRefunds = {
  paymentId: 'pay_1',
  currency: 'BTC',
  confirmed: '0.001',
  refunded: '0',
  refundable: '0.001',
  refundState: 'none',
  canRefund: true,
  refunds: [],
};
const ok = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status });

describe('Issue Refund', () => {
  it('shows what is refundable and posts the amount, reason and customer’s language; the customer was e-mailed', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? ok({ id: 'ref_1', addressLink: null }, 201) : ok(state),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AdminRefundDialog id="pay_1" onClose={() => {}} />
      </QueryClientProvider>,
    );
    const amount = (await screen.findByLabelText('Amount (BTC)')) as HTMLInputElement;
    expect(amount.value).toBe('0.001');
    fireEvent.change(amount, { target: { value: '0.0004' } });
    fireEvent.change(screen.getByLabelText('Reason (shown to the customer and the merchant)'), {
      target: { value: 'Chargeback' },
    });
    fireEvent.change(screen.getByLabelText('Customer’s language'), { target: { value: 'fr' } });
    fireEvent.click(screen.getByTestId('admin-refund-submit'));
    expect((await screen.findByTestId('admin-refund-done')).textContent).toBe(locales.en.done.emailed);
    const post = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(post[0]).toBe('/api/v1/admin/transactions/pay_1/refund');
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      amount: '0.0004',
      reason: 'Chargeback',
      language: 'fr',
    });
  });

  it('a failure reads as the spec’s message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST' ? Promise.reject(new Error('offline')) : ok(state),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AdminRefundDialog id="pay_1" onClose={() => {}} />
      </QueryClientProvider>,
    );
    await screen.findByLabelText('Amount (BTC)');
    fireEvent.click(screen.getByTestId('admin-refund-submit'));
    expect(await screen.findByText('Failed to refund transaction. Please try again.')).toBeTruthy();
  });
});
