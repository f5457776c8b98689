import type { TCheckout, TCheckoutPayment } from '@coinlane/core/api/checkout';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentI18nProvider } from '../i18n.tsx';
import { englishTexts, loadPaymentTexts } from '../locales.ts';
import { PaymentPage } from './payment-page.tsx';
import { RETURN_REDIRECT_SECONDS, ReturnToMerchant, returnTarget } from './return-to-merchant.tsx';

// The way back to the shop after a confirmed payment: the link's returnUrl with coinlane_payment=<id>, a button,
// and a cancellable countdown when the payment was confirmed while the customer watched.

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const SHOP = 'https://shop.example.com/order-received/1042/?key=wc_order_Ab';

describe('returnTarget', () => {
  it('is the return URL with the payment id, only for a confirmed payment on the full page', () => {
    const base = { returnUrl: SHOP, paymentId: 'pay_1', confirmed: true, embed: false };
    expect(returnTarget(base)).toBe(`${SHOP}&coinlane_payment=pay_1`);
    // A partial payment still has something to pay: no way out yet.
    expect(returnTarget({ ...base, confirmed: false })).toBeNull();
    // The embedded checkout never navigates its frame: the host page decides.
    expect(returnTarget({ ...base, embed: true })).toBeNull();
    expect(returnTarget({ ...base, returnUrl: null })).toBeNull();
  });
});

async function inLanguage(node: React.ReactNode, lang: 'en' | 'de' = 'en') {
  const texts = lang === 'en' ? englishTexts : await loadPaymentTexts(lang);
  return render(<PaymentI18nProvider initial={{ lang, texts }}>{node}</PaymentI18nProvider>);
}

describe('ReturnToMerchant', () => {
  it('counts down each second, then goes to the shop', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    await inLanguage(
      <ReturnToMerchant
        href={`${SHOP}&coinlane_payment=pay_1`}
        merchant="Chez Marie"
        auto
        navigate={navigate}
      />,
    );
    const link = screen.getByRole('link', { name: 'Return to Chez Marie' });
    expect(link.getAttribute('href')).toBe(`${SHOP}&coinlane_payment=pay_1`);
    expect(link.getAttribute('rel')).toBe('noopener');
    expect(link.getAttribute('target')).toBeNull();
    expect(screen.getByRole('timer').textContent).toBe(
      `Taking you back to Chez Marie in ${RETURN_REDIRECT_SECONDS} s.`,
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toBe(
      `Taking you back to Chez Marie in ${RETURN_REDIRECT_SECONDS - 1} s.`,
    );
    expect(navigate).not.toHaveBeenCalled();
    for (let i = 1; i < RETURN_REDIRECT_SECONDS; i++) act(() => vi.advanceTimersByTime(1000));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(`${SHOP}&coinlane_payment=pay_1`);
  });

  it('"Stay on this page" stops the countdown; the button stays', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    await inLanguage(<ReturnToMerchant href={SHOP} merchant="Chez Marie" auto navigate={navigate} />);
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('timer')).toBeNull();
    act(() => vi.advanceTimersByTime(60_000));
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Return to Chez Marie' })).toBeTruthy();
  });

  it('without auto it is a button only, and speaks the customer’s language', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    await inLanguage(
      <ReturnToMerchant href={SHOP} merchant="Chez Marie" auto={false} navigate={navigate} />,
      'de',
    );
    expect(screen.getByRole('link', { name: 'Zurück zu Chez Marie' })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    act(() => vi.advanceTimersByTime(60_000));
    expect(navigate).not.toHaveBeenCalled();
  });
});

// The whole page against a stand-in fetch answering like the server's public checkout API.
const iso = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const payment = (over: Partial<TCheckoutPayment> = {}): TCheckoutPayment => ({
  id: 'pay_1',
  attempt: 1,
  status: 'pending',
  exception: 'none',
  amount: '0.001',
  amountReceived: '0',
  amountRemaining: '0.001',
  currency: 'BTC',
  network: 'bitcoin',
  networkName: 'Bitcoin',
  address: 'test_bitcoin_abc',
  paymentUri: 'bitcoin:test_bitcoin_abc?amount=0.001',
  chainId: null,
  contractAddress: null,
  confirmations: 0,
  requiredConfirmations: 1,
  transactionHash: null,
  expiresAt: iso(900),
  updatedAt: iso(0),
  conversion: null,
  ...over,
});
const checkout = (p: TCheckoutPayment, returnUrl: string | null = SHOP): TCheckout => ({
  merchant: { name: 'Chez Marie', website: null, acceptingPayments: true, unavailableReason: null },
  link: {
    id: 'lnk_1',
    mode: 'test',
    status: p.status === 'confirmed' ? 'completed' : 'active',
    amount: '0.001',
    currency: 'BTC',
    network: 'bitcoin',
    networkName: 'Bitcoin',
    fiatAmount: '95.00',
    fiatCurrency: 'USD',
    description: null,
    expiresAt: null,
    returnUrl,
  },
  payment: p,
  canStartPayment: false,
  serverTime: iso(0),
});
const confirmed = payment({
  status: 'confirmed',
  amountReceived: '0.001',
  amountRemaining: '0',
  confirmations: 1,
  transactionHash: 'tx1',
});
const partial = payment({ status: 'partial', amountReceived: '0.0005', amountRemaining: '0.0005' });

function serve(answers: Record<string, TCheckout>) {
  vi.stubGlobal('WebSocket', undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const answer = answers[`${init?.method ?? 'GET'} ${url}`];
      return answer
        ? new Response(JSON.stringify({ success: true, data: answer, error: null }), { status: 200 })
        : new Response('{}', { status: 500 });
    }),
  );
}

describe('the hosted payment page', () => {
  it('paid while watched: confirmed with the return button and its countdown; partial first, with neither', async () => {
    serve({
      'GET /api/v1/checkout/lnk_1': checkout(payment()),
      'POST /api/v1/checkout/lnk_1/simulate': checkout(partial),
    });
    await inLanguage(<PaymentPage linkId="lnk_1" />);
    fireEvent.click(await screen.findByRole('button', { name: /Simulate partial payment/ }));
    await screen.findByText('Partial payment received. Please send the remaining amount.');
    expect(screen.queryByTestId('return-to-merchant')).toBeNull();

    serve({ 'POST /api/v1/checkout/lnk_1/simulate': checkout(confirmed) });
    fireEvent.click(screen.getByRole('button', { name: /Simulate full payment/ }));
    const link = await screen.findByRole('link', { name: 'Return to Chez Marie' });
    expect(link.getAttribute('href')).toBe(`${SHOP}&coinlane_payment=pay_1`);
    expect(screen.getByRole('timer').textContent).toContain('Taking you back to Chez Marie in');
    expect(screen.queryByText('You can now close this page')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('opened when already confirmed (also overpaid or paid late): the button, no countdown', async () => {
    for (const exception of ['none', 'paid_over', 'paid_late'] as const) {
      serve({ 'GET /api/v1/checkout/lnk_1': checkout({ ...confirmed, exception }) });
      const view = await inLanguage(<PaymentPage linkId="lnk_1" />);
      expect((await screen.findByRole('link', { name: 'Return to Chez Marie' })).getAttribute('href')).toBe(
        `${SHOP}&coinlane_payment=pay_1`,
      );
      expect(screen.queryByRole('timer')).toBeNull();
      view.unmount();
    }
  });

  it('without a return URL, or embedded, says the page may be closed and offers no way out', async () => {
    serve({ 'GET /api/v1/checkout/lnk_1': checkout(confirmed, null) });
    const plain = await inLanguage(<PaymentPage linkId="lnk_1" />);
    await screen.findByText('You can now close this page');
    expect(screen.queryByTestId('return-to-merchant')).toBeNull();
    plain.unmount();

    serve({ 'GET /api/v1/checkout/lnk_1': checkout(confirmed) });
    await inLanguage(<PaymentPage linkId="lnk_1" embed />);
    await screen.findByText('You can now close this page');
    expect(screen.queryByTestId('return-to-merchant')).toBeNull();
  });
});
