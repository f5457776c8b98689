import type { TCheckout, TCheckoutPayment } from '@coinlane/core/api/checkout';
import { describe, expect, it } from 'vitest';
import { CheckoutApiError, errorKey } from './api/checkout-api.ts';
import { initialPageState, pageReducer, type TPageAction, type TPageState } from './state.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const iso = (offsetSeconds: number) => new Date(NOW + offsetSeconds * 1000).toISOString();

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
  ...over,
});

const checkout = (over: Partial<TCheckout> = {}, link: Partial<TCheckout['link']> = {}): TCheckout => ({
  merchant: { name: 'Chez Marie' },
  link: {
    id: 'lnk_1',
    mode: 'test',
    status: 'active',
    amount: '0.001',
    currency: 'BTC',
    network: 'bitcoin',
    networkName: 'Bitcoin',
    fiatAmount: '95.00',
    fiatCurrency: 'USD',
    description: 'Croissants',
    expiresAt: iso(86_400),
    ...link,
  },
  payment: payment(),
  canStartPayment: false,
  ...over,
});

const run = (...actions: TPageAction[]): TPageState => actions.reduce(pageReducer, initialPageState);

describe('loading', () => {
  it('starts loading, then shows the payment with its status', () => {
    expect(initialPageState).toMatchObject({ phase: 'loading', status: 'pending', live: false });
    const s = run({ type: 'loaded', checkout: checkout() });
    expect(s).toMatchObject({ phase: 'ready', status: 'pending', payment: { id: 'pay_1' }, notice: null });
  });

  it('a completed link shows confirmed with its confirmed payment', () => {
    const s = run({
      type: 'loaded',
      checkout: checkout({ payment: payment({ status: 'confirmed' }) }, { status: 'completed' }),
    });
    expect(s).toMatchObject({ status: 'confirmed', payment: { status: 'confirmed' } });
  });

  it('any other non-active link shows expired with "This payment link has expired"', () => {
    const s = run({ type: 'loaded', checkout: checkout({ payment: null }, { status: 'expired' }) });
    expect(s).toMatchObject({ status: 'expired', notice: 'linkExpired', canRetry: false });
  });

  it('an attempt that expired unpaid offers Try Again when the server says so', () => {
    const s = run({
      type: 'loaded',
      checkout: checkout({ payment: payment({ status: 'expired' }), canStartPayment: true }),
    });
    expect(s).toMatchObject({ status: 'expired', canRetry: true, notice: null });
  });

  it('an attempt that expired with part paid tells the payer to contact the merchant', () => {
    const s = run({
      type: 'loaded',
      checkout: checkout({
        payment: payment({ status: 'expired', exception: 'paid_partial', amountReceived: '0.0005' }),
        canStartPayment: false,
      }),
    });
    expect(s).toMatchObject({ status: 'expired', notice: 'fundsOnExpired', canRetry: false });
  });

  it('errors during loading set failed and show the error panel', () => {
    const s = run({ type: 'loadFailed', error: 'notFound' });
    expect(s).toMatchObject({ phase: 'error', error: 'notFound', status: 'failed' });
  });

  it('a failed first start shows the error panel; a failed retry keeps the page and says why', () => {
    const first = run(
      { type: 'loaded', checkout: checkout({ payment: null, canStartPayment: true }) },
      { type: 'starting' },
      {
        type: 'startFailed',
        error: 'createFailed',
      },
    );
    expect(first).toMatchObject({ phase: 'error', error: 'createFailed', status: 'failed' });

    const retry = run(
      {
        type: 'loaded',
        checkout: checkout({ payment: payment({ status: 'expired' }), canStartPayment: true }),
      },
      { type: 'starting' },
      { type: 'startFailed', error: 'linkExpired' },
    );
    expect(retry).toMatchObject({
      phase: 'ready',
      actionError: 'linkExpired',
      notice: 'linkExpired',
      canRetry: false,
      busy: null,
    });
  });
});

describe('live updates', () => {
  const loaded = run({ type: 'loaded', checkout: checkout() });

  it('payment.updated for the same payment sets the status and amounts', () => {
    const s = pageReducer(loaded, {
      type: 'update',
      update: {
        id: 'pay_1',
        status: 'partial',
        exception: 'paid_partial',
        amountReceived: '0.0005',
        amountRemaining: '0.0005',
        updatedAt: iso(5),
      },
    });
    expect(s).toMatchObject({ status: 'partial', payment: { amountRemaining: '0.0005' } });
  });

  it('ignores another payment and older news', () => {
    expect(pageReducer(loaded, { type: 'update', update: { id: 'pay_2', status: 'confirmed' } })).toBe(
      loaded,
    );
    expect(
      pageReducer(loaded, {
        type: 'update',
        update: { id: 'pay_1', status: 'confirmed', updatedAt: iso(-10) },
      }),
    ).toBe(loaded);
  });

  it('confirmations advance, then confirmed; a stale poll never reopens a final status', () => {
    let s = pageReducer(loaded, {
      type: 'update',
      update: {
        id: 'pay_1',
        amountReceived: '0.001',
        amountRemaining: '0',
        confirmations: 0,
        updatedAt: iso(1),
      },
    });
    expect(s).toMatchObject({ status: 'pending', payment: { confirmations: 0 } });
    s = pageReducer(s, {
      type: 'update',
      update: { id: 'pay_1', status: 'confirmed', confirmations: 1, updatedAt: iso(3) },
    });
    expect(s.status).toBe('confirmed');
    s = pageReducer(s, { type: 'update', update: { status: 'pending', updatedAt: iso(3) } });
    expect(s.status).toBe('confirmed');
  });

  it('an attempt ending unpaid while the link is active offers Try Again; when the link ran out, it does not', () => {
    const ended = pageReducer(loaded, {
      type: 'update',
      update: { id: 'pay_1', status: 'expired', updatedAt: iso(900) },
      now: NOW + 900_000,
    });
    expect(ended).toMatchObject({ status: 'expired', canRetry: true, notice: null });

    const linkEnds = run({
      type: 'loaded',
      checkout: checkout({ payment: payment({ expiresAt: iso(60) }) }, { expiresAt: iso(60) }),
    });
    const gone = pageReducer(linkEnds, {
      type: 'update',
      update: { id: 'pay_1', status: 'expired', updatedAt: iso(60) },
      now: NOW + 61_000,
    });
    expect(gone).toMatchObject({ status: 'expired', canRetry: false, notice: 'linkExpired' });
  });

  it('tracks the live connection', () => {
    const on = pageReducer(loaded, { type: 'live', connected: true });
    expect(on.live).toBe(true);
    expect(pageReducer(on, { type: 'live', connected: true })).toBe(on);
    expect(pageReducer(on, { type: 'live', connected: false }).live).toBe(false);
  });
});

describe('countdown reaching zero', () => {
  it('sets expired while pending, with Try Again while the link is active', () => {
    const s = run({ type: 'loaded', checkout: checkout() }, { type: 'countdownEnded' });
    expect(s).toMatchObject({ status: 'expired', canRetry: true });
  });

  it('says the link has expired when the link ended with the attempt', () => {
    const s = run(
      {
        type: 'loaded',
        checkout: checkout({ payment: payment({ expiresAt: iso(12) }) }, { expiresAt: iso(12) }),
      },
      { type: 'countdownEnded' },
    );
    expect(s).toMatchObject({ status: 'expired', notice: 'linkExpired', canRetry: false });
  });

  it('does nothing once money arrived or when partial (the server decides then)', () => {
    const received = run(
      {
        type: 'loaded',
        checkout: checkout({ payment: payment({ amountReceived: '0.001', amountRemaining: '0' }) }),
      },
      { type: 'countdownEnded' },
    );
    expect(received.status).toBe('pending');
    const partial = run(
      {
        type: 'loaded',
        checkout: checkout({ payment: payment({ status: 'partial', amountReceived: '0.0005' }) }),
      },
      { type: 'countdownEnded' },
    );
    expect(partial.status).toBe('partial');
  });
});

describe('simulate (test panel)', () => {
  it('shows the reply at once and keeps the live state', () => {
    const live = run(
      { type: 'loaded', checkout: checkout() },
      { type: 'live', connected: true },
      { type: 'simulating' },
    );
    expect(live.busy).toBe('simulating');
    const s = pageReducer(live, {
      type: 'loaded',
      checkout: checkout({
        payment: payment({ status: 'partial', amountReceived: '0.0005', amountRemaining: '0.0005' }),
      }),
    });
    expect(s).toMatchObject({ status: 'partial', busy: null, live: true });
    expect(pageReducer(live, { type: 'simulateFailed', error: 'simulateFailed' })).toMatchObject({
      busy: null,
      actionError: 'simulateFailed',
      status: 'pending',
    });
  });
});

describe('error texts', () => {
  it.each([
    [new CheckoutApiError('Payment link not found', 404, 'NOT_FOUND'), 'loadFailed', 'notFound'],
    [new CheckoutApiError('x', 500, 'INTERNAL'), 'loadFailed', 'loadFailed'],
    [new CheckoutApiError('This payment link has expired', 410, 'EXPIRED'), 'createFailed', 'linkExpired'],
    [new CheckoutApiError('contact', 409, 'INVALID_STATE'), 'createFailed', 'fundsOnExpired'],
    [new CheckoutApiError('slow down', 429, 'RATE_LIMITED'), 'createFailed', 'rateLimited'],
    [new CheckoutApiError('offline', 0, 'NETWORK_ERROR'), 'createFailed', 'createFailed'],
    [new Error('boom'), 'loadFailed', 'loadFailed'],
  ] as const)('%s while %s -> %s', (err, fallback, key) => {
    expect(errorKey(err, fallback)).toBe(key);
  });
});
