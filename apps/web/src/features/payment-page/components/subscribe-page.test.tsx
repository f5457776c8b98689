import type { TPublicPlan } from '@coinlane/core/api/subscriptions';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentI18nProvider } from '../i18n.tsx';
import { englishTexts, loadPaymentTexts } from '../locales.ts';
import { SubscriptionTextsProvider } from '../subscription-i18n.tsx';
import { englishSubscriptionTexts, loadSubscriptionTexts } from '../subscription-locales.ts';
import { SubscribePage } from './subscribe-page.tsx';

// The subscribe page /subscribe/{planId} against a stand-in fetch answering like the server's public API.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const plan = (over: Partial<TPublicPlan> = {}): TPublicPlan => ({
  id: 'plan_pro',
  mode: 'live',
  name: 'Pro',
  description: 'Everything a growing shop needs',
  price: '9.99',
  currency: 'USD',
  interval: 'monthly',
  features: ['Unlimited invoices', 'Priority support'],
  active: true,
  merchantName: 'Chez Marie',
  coins: [
    { currency: 'USDT', network: 'ethereum', networkName: 'Ethereum' },
    { currency: 'BTC', network: 'bitcoin', networkName: 'Bitcoin' },
    { currency: 'USDT', network: 'tron', networkName: 'Tron' },
  ],
  ...over,
});
const ok = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status });
const fail = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, data: null, error: { code, message, fields } }), { status });

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

async function show(onNavigate = vi.fn(), lang: 'en' | 'es' = 'en') {
  const texts = lang === 'en' ? englishTexts : await loadPaymentTexts(lang);
  const subTexts = lang === 'en' ? englishSubscriptionTexts : await loadSubscriptionTexts(lang);
  render(
    <PaymentI18nProvider initial={{ lang, texts }}>
      <SubscriptionTextsProvider initial={{ lang, texts: subTexts }}>
        <SubscribePage planId="plan_pro" onNavigate={onNavigate} />
      </SubscriptionTextsProvider>
    </PaymentI18nProvider>,
  );
  return onNavigate;
}

describe('the subscribe page', () => {
  it('shows the plan: merchant, name, description, price per month, features, and the coins to pay with', async () => {
    const calls = serve(() => ok(plan()));
    await show();
    expect((await screen.findByTestId('plan-name')).textContent).toBe('Pro');
    expect(calls[0]).toMatchObject({ url: '/api/v1/public/subscribe/plan_pro', method: 'GET' });
    expect(screen.getByText('Chez Marie')).toBeTruthy();
    expect(screen.getByText('Everything a growing shop needs')).toBeTruthy();
    expect(screen.getByTestId('plan-price').textContent).toBe('$9.99 / month');
    expect(screen.getByText('Unlimited invoices')).toBeTruthy();
    expect(screen.getByText('Priority support')).toBeTruthy();
    const coin = screen.getByLabelText('Pay with') as HTMLSelectElement;
    expect([...coin.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['USDT', 'BTC']);
    expect([...coin.options].map((o) => o.textContent)).toEqual([
      'USDT on Ethereum',
      'USDT on Tron',
      'BTC on Bitcoin',
    ]);
    expect(coin.value).toBe('USDT|ethereum');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).type).toBe('email');
    expect(screen.getByTestId('subscribe-note').textContent).toContain(
      'Every month is an invoice that you pay in crypto from your own wallet',
    );
    expect(screen.getByTestId('subscribe-note').textContent).toContain(
      'You will get an e-mail with a link to manage your subscription',
    );
    expect(screen.queryByText('Test mode')).toBeNull();
  });

  it('writes a coin price with its symbol and a yearly interval, and marks a test-mode plan', async () => {
    serve(() => ok(plan({ price: '0.0015', currency: 'BTC', interval: 'yearly', mode: 'test' })));
    await show();
    expect((await screen.findByTestId('plan-price')).textContent).toBe('0.00150000\u00a0BTC / year');
    expect(screen.getByText('Test mode')).toBeTruthy();
    expect(screen.getByTestId('subscribe-note').textContent).toContain('Every year is an invoice');
  });

  it('posts the e-mail, the chosen coin and network and the language, then opens the first invoice', async () => {
    const calls = serve((c) =>
      c.method === 'GET'
        ? ok(plan())
        : ok({ subscriptionId: 'sub_1', payUrl: 'http://localhost/payment/lnk_first' }, 201),
    );
    const onNavigate = await show();
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: ' ana@example.com ' } });
    fireEvent.change(screen.getByLabelText('Pay with'), { target: { value: 'BTC|bitcoin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('http://localhost/payment/lnk_first'));
    expect(calls[1]).toEqual({
      url: '/api/v1/public/subscribe/plan_pro',
      method: 'POST',
      body: { email: 'ana@example.com', currency: 'BTC', network: 'bitcoin', language: 'en' },
    });
  });

  it('sends the language the page is shown in', async () => {
    const calls = serve((c) =>
      c.method === 'GET' ? ok(plan()) : ok({ subscriptionId: 'sub_1', payUrl: '/payment/lnk_first' }, 201),
    );
    const onNavigate = await show(vi.fn(), 'es');
    expect((await screen.findByTestId('plan-price')).textContent).toBe('9,99\u00a0US$ / mes');
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suscribirme' }));
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('/payment/lnk_first'));
    expect(calls[1]?.body).toMatchObject({ currency: 'USDT', network: 'ethereum', language: 'es' });
  });

  it('switches language with the picker, the page’s own texts and the shared footer alike', async () => {
    serve(() => ok(plan()));
    await show();
    fireEvent.change(await screen.findByLabelText('Language'), { target: { value: 'de' } });
    expect(await screen.findByRole('button', { name: 'Abonnieren' })).toBeTruthy();
    expect(screen.getByText('Gesichert durch Coinlane')).toBeTruthy();
    expect(screen.getByTestId('plan-price').textContent).toBe('9,99\u00a0$ / Monat');
    expect(screen.getByLabelText('Bezahlen mit')).toBeTruthy();
  });

  it('checks the e-mail before asking the server, under the field', async () => {
    const calls = serve(() => ok(plan()));
    const onNavigate = await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Enter your e-mail address')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(1);
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it("shows the server's field error under its field", async () => {
    serve((c) =>
      c.method === 'GET'
        ? ok(plan())
        : fail(400, 'VALIDATION_ERROR', 'Please enter a valid email address', {
            email: 'Please enter a valid email address',
          }),
    );
    await show();
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'ana@example.invalid' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [429, 'RATE_LIMITED', 'Too many subscription requests. Please wait a little before trying again.'],
    [
      409,
      'CONFLICT',
      'This e-mail address already has a subscription to this plan. Use the link in your e-mail to pay or cancel it.',
    ],
    [500, 'INTERNAL_ERROR', 'Your subscription could not be started. Please try again.'],
  ])(
    'says why a subscription was refused (%s %s) and lets the visitor try again',
    async (status, code, text) => {
      serve((c) => (c.method === 'GET' ? ok(plan()) : fail(status, code, 'server text')));
      const onNavigate = await show();
      fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
      expect((await screen.findByRole('alert')).textContent).toBe(text);
      expect((screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(false);
      expect(onNavigate).not.toHaveBeenCalled();
    },
  );

  it('closes the form when the plan closed while the visitor was filling it in', async () => {
    serve((c) =>
      c.method === 'GET'
        ? ok(plan())
        : fail(409, 'INVALID_STATE', 'This plan is not open to new subscribers at the moment'),
    );
    await show();
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByTestId('plan-closed')).textContent).toBe(
      'This plan is not open to new subscribers at the moment',
    );
    expect(screen.queryByLabelText('E-mail')).toBeNull();
  });

  it('shows a closed plan without a form', async () => {
    serve(() => ok(plan({ active: false })));
    await show();
    expect((await screen.findByTestId('plan-closed')).textContent).toBe(
      'This plan is not open to new subscribers at the moment',
    );
    expect(screen.getByTestId('plan-name').textContent).toBe('Pro');
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('says an unknown plan was not found', async () => {
    serve(() => fail(404, 'NOT_FOUND', 'Plan not found'));
    await show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Subscription plan not found');
    expect(alert.textContent).toContain('Check the link, or ask the merchant for a new one.');
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('offers Try Again when the plan could not be loaded', async () => {
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    await show();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the subscription plan');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
