import type { TPaymentRefunds, TRefund } from '@coinlane/core/api/refunds';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../refund-locales.ts';
import { PaymentRefunds } from './refund-dialog.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { refunds: locales.en } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const refund = (over: Partial<TRefund> = {}): TRefund => ({
  id: 'ref_1',
  paymentId: 'pay_1',
  mode: 'test',
  status: 'awaiting_payment',
  network: 'litecoin',
  currency: 'LTC',
  amount: '0.04',
  address: 'rltc1qcustomer',
  addressGivenAt: '2026-11-28T10:00:00.000Z',
  paymentUri: 'litecoin:rltc1qcustomer?amount=0.04&message=Refund%20ref_1',
  customerNotified: true,
  linkExpiresAt: '2026-12-12T10:00:00.000Z',
  requestedBy: 'user',
  reason: null,
  txid: null,
  paidAt: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  ...over,
});
const state = (over: Partial<TPaymentRefunds> = {}): TPaymentRefunds => ({
  paymentId: 'pay_1',
  currency: 'LTC',
  confirmed: '0.1',
  refunded: '0',
  refundable: '0.06',
  refundState: 'none',
  canRefund: true,
  refunds: [refund()],
  ...over,
});
const ok = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status });

function show(testMode: boolean) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PaymentRefunds paymentId="pay_1" testMode={testMode} />
    </QueryClientProvider>,
  );
}

describe('the merchant’s refunds of a payment', () => {
  it('shows the figures and, for a refund awaiting payment, the amount, address, QR code and wallet link', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok(state())),
    );
    show(false);
    expect((await screen.findByTestId('refund-refundable')).textContent).toBe('0.06000000 LTC');
    expect(screen.getByTestId('refund-confirmed').textContent).toBe('0.10000000 LTC');
    const pay = screen.getByTestId('refund-pay');
    expect(within(pay).getByText('Pay 0.04000000 LTC to')).toBeTruthy();
    expect(within(pay).getByTestId('refund-address').textContent).toBe('rltc1qcustomer');
    expect(within(pay).getByTestId('refund-qr').getAttribute('src')).toBe('/api/v1/refunds/ref_1/qr.svg');
    expect(within(pay).getByTestId('refund-uri').getAttribute('href')).toBe(
      'litecoin:rltc1qcustomer?amount=0.04&message=Refund%20ref_1',
    );
    // Live mode: the transfer is seen on chain; no simulation.
    expect(screen.queryByTestId('refund-simulate')).toBeNull();
    expect(screen.getByTestId('refund-status').textContent).toBe('Awaiting your payment');
  });

  it('test mode simulates the refund transfer', async () => {
    let current = state();
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/simulate') && init?.method === 'POST') {
        current = state({
          refunded: '0.04',
          refundState: 'partial',
          refunds: [refund({ status: 'paid', txid: 'ab'.repeat(32), paymentUri: null })],
        });
        return ok(current.refunds[0]);
      }
      return ok(current);
    });
    vi.stubGlobal('fetch', fetch);
    show(true);
    fireEvent.click(await screen.findByTestId('refund-simulate'));
    expect((await screen.findByTestId('refund-txid')).textContent).toBe(`Transaction ${'ab'.repeat(32)}`);
    expect(screen.getByTestId('refund-status').textContent).toBe('Paid');
    expect(fetch.mock.calls.some(([u]) => u === '/api/v1/refunds/ref_1/simulate')).toBe(true);
  });

  it('issues a refund: the amount prefilled, the link shown once when the customer has no e-mail; a refusal beside the amount', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { amount: string; reason?: string };
        if (body.amount === '1') {
          return new Response(
            JSON.stringify({
              success: false,
              data: null,
              error: {
                code: 'REFUND_TOO_LARGE',
                message: 'The refund is more than what is still refundable: at most 0.06 LTC',
                details: {
                  fields: { amount: 'The refund is more than what is still refundable: at most 0.06 LTC' },
                },
              },
            }),
            { status: 409 },
          );
        }
        expect(body).toEqual({ amount: '0.06', reason: 'Damaged', language: 'es' });
        return ok(
          {
            ...refund({ status: 'awaiting_address', customerNotified: false }),
            addressLink: 'http://x/refund?token=abc',
          },
          201,
        );
      }
      return ok(state({ refunds: [] }));
    });
    vi.stubGlobal('fetch', fetch);
    show(false);
    const amount = (await screen.findByLabelText('Amount (LTC)')) as HTMLInputElement;
    expect(amount.value).toBe('0.06');
    fireEvent.change(amount, { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    expect(
      await screen.findByText('The refund is more than what is still refundable: at most 0.06 LTC'),
    ).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0.06' } });
    fireEvent.change(screen.getByLabelText('Reason (optional, shown to the customer)'), {
      target: { value: 'Damaged' },
    });
    // The customer's language: English unless chosen, one of the four the mails speak.
    const language = screen.getByLabelText('Customer’s language') as HTMLSelectElement;
    expect(language.value).toBe('en');
    expect([...language.options].map((o) => o.textContent)).toEqual([
      'English',
      'Español',
      'Français',
      'Deutsch',
    ]);
    fireEvent.change(language, { target: { value: 'es' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    expect((await screen.findByTestId('refund-created')).textContent).toBe(locales.en.created.link);
    expect(screen.getByTestId('refund-link').textContent).toBe('http://x/refund?token=abc');
  });

  it('says why nothing can be refunded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok(state({ canRefund: false, refundable: '0', refunds: [], confirmed: '0' }))),
    );
    show(false);
    expect(await screen.findByText(locales.en.form.notYet)).toBeTruthy();
    expect(screen.queryByTestId('refund-form')).toBeNull();
  });
});
