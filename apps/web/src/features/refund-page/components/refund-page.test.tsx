import type { TPublicRefund } from '@coinlane/core/api/refunds';
import { T } from '@coinlane/core/texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import RefundPage from './refund-page.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { refundPage: locales.en }, es: { refundPage: locales.es } },
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const TOKEN = 'Qm9vdHN0cmFwLXRva2VuLWZvci10ZXN0cy0xMjM0NTY3ODk';
const refund = (over: Partial<TPublicRefund> = {}): TPublicRefund => ({
  status: 'awaiting_address',
  amount: '0.04',
  currency: 'LTC',
  network: 'litecoin',
  networkName: 'Litecoin',
  merchantName: 'Rita Refunds',
  reason: 'One item returned',
  address: null,
  txid: null,
  linkExpiresAt: '2026-12-12T10:00:00.000Z',
  mode: 'live',
  ...over,
});
const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });
const fail = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ success: false, data: null, error: { code, message } }), { status });

function show(search: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/refund${search}`]}>
        <RefundPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the customer’s refund page', () => {
  it('shows the amount, the coin and who pays; the token goes in the body, never in a URL', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => ok(refund()));
    vi.stubGlobal('fetch', fetch);
    show(`?token=${TOKEN}`);
    expect((await screen.findByTestId('refund-amount')).textContent).toBe('0.04000000 LTC');
    expect(screen.getByTestId('refund-who-pays').textContent).toBe(
      'Rita Refunds pays this refund from its own wallet straight to yours. Coinlane never holds the money: it only passes on your address and watches the chain.',
    );
    expect(screen.getByText('Reason: One item returned')).toBeTruthy();
    expect(screen.getByLabelText('Your Litecoin address')).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/refund-requests/view');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({ token: TOKEN });
  });

  it('refuses a wrong address in the reader’s language, then shows the address given', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/view')) return ok(refund());
      const body = JSON.parse(String(init?.body)) as { address: string };
      if (body.address.startsWith('bc1'))
        return fail(400, 'VALIDATION_ERROR', 'This is not a valid Litecoin address');
      if (body.address === 'rltc1qpay') return fail(400, 'VALIDATION_ERROR', T.refundAddressIsPaymentAddress);
      return ok(refund({ status: 'awaiting_payment', address: body.address }));
    });
    vi.stubGlobal('fetch', fetch);
    show(`?token=${TOKEN}`);
    const input = await screen.findByLabelText('Your Litecoin address');
    const submit = screen.getByRole('button', { name: 'Send my refund address' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' } });
    fireEvent.click(submit);
    expect(await screen.findByText('This is not a valid Litecoin address for this refund.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'rltc1qpay' } });
    fireEvent.click(submit);
    expect(await screen.findByText(locales.en.errors.paymentAddress)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'rltc1qcustomer' } });
    fireEvent.click(submit);
    const outcome = await screen.findByTestId('refund-outcome');
    expect(outcome.textContent).toContain(
      'Thank you. Rita Refunds now sends 0.04000000 LTC to this address:',
    );
    expect(outcome.textContent).toContain('rltc1qcustomer');
  });

  it('says when the refund is paid, with its transaction; in Spanish too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok(refund({ status: 'paid', address: 'rltc1qc', txid: 'ab'.repeat(32) }))),
    );
    await i18n.changeLanguage('es');
    show(`?token=${TOKEN}`);
    const outcome = await screen.findByTestId('refund-outcome');
    expect(outcome.textContent).toContain('Rita Refunds ha enviado tu reembolso de');
    expect(outcome.textContent).toContain('ab'.repeat(32));
  });

  it('an expired, unknown or missing link says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => fail(410, 'EXPIRED', T.refundLinkExpired)),
    );
    show(`?token=${TOKEN}`);
    expect(await screen.findByText(locales.en.errors.expired)).toBeTruthy();
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => fail(400, 'TOKEN_INVALID', T.refundLinkInvalid)),
    );
    show(`?token=${TOKEN}`);
    expect(await screen.findByText(locales.en.errors.invalid)).toBeTruthy();
    cleanup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    show('');
    expect(screen.getByText(locales.en.errors.missing)).toBeTruthy();
    await waitFor(() => expect(fetch).not.toHaveBeenCalled());
  });
});
