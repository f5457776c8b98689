import type { TCheckout, TCheckoutPayment } from '@coinlane/core/api/checkout';
import { describe, expect, it } from 'vitest';
import { CheckoutApiError, errorKey } from './api/checkout-api.ts';
import { initialPageState, isPriceLock, pageReducer, type TPageAction, type TPageState } from './state.ts';

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
  conversion: null,
  ...over,
});

const checkout = (over: Partial<TCheckout> = {}, link: Partial<TCheckout['link']> = {}): TCheckout => ({
  merchant: { name: 'Chez Marie', website: null, acceptingPayments: true, unavailableReason: null },
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
    returnUrl: null,
    expiresAt: iso(86_400),
    ...link,
  },
  payment: payment(),
  canStartPayment: false,
  serverTime: iso(0),
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

  it("a suspended merchant's page starts nothing: it says so, without Try Again", () => {
    const paused = {
      name: 'Chez Marie',
      website: null,
      acceptingPayments: false,
      unavailableReason: 'suspended' as const,
    };
    const fresh = run({ type: 'loaded', checkout: checkout({ merchant: paused, payment: null }) });
    expect(fresh).toMatchObject({ status: 'expired', notice: 'merchantUnavailable', canRetry: false });
    const ended = run({
      type: 'loaded',
      checkout: checkout({ merchant: paused, payment: payment({ status: 'expired' }) }),
    });
    expect(ended).toMatchObject({ status: 'expired', notice: 'merchantUnavailable', canRetry: false });
    // The payment under way is shown as usual, and its expiry offers no new attempt.
    const open = run({ type: 'loaded', checkout: checkout({ merchant: paused }) });
    expect(open).toMatchObject({ status: 'pending', notice: null, payment: { id: 'pay_1' } });
    const lapsed = pageReducer(open, {
      type: 'update',
      update: { id: 'pay_1', status: 'expired' },
      now: NOW,
    });
    expect(lapsed).toMatchObject({ status: 'expired', canRetry: false });
  });

  it('under maintenance a page starts nothing and says why; the payment under way is shown as usual', () => {
    const maintenance = {
      name: 'Chez Marie',
      website: null,
      acceptingPayments: false,
      unavailableReason: 'maintenance' as const,
    };
    const fresh = run({ type: 'loaded', checkout: checkout({ merchant: maintenance, payment: null }) });
    expect(fresh).toMatchObject({ status: 'expired', notice: 'maintenance', canRetry: false });
    const open = run({ type: 'loaded', checkout: checkout({ merchant: maintenance }) });
    expect(open).toMatchObject({ status: 'pending', notice: null, payment: { id: 'pay_1' } });
  });

  it('a link whose coin an administrator disabled starts nothing and says why; the payment under way goes on', () => {
    const coinOff = {
      name: 'Chez Marie',
      website: null,
      acceptingPayments: false,
      unavailableReason: 'currency_unavailable' as const,
    };
    const fresh = run({ type: 'loaded', checkout: checkout({ merchant: coinOff, payment: null }) });
    expect(fresh).toMatchObject({ status: 'expired', notice: 'currencyUnavailable', canRetry: false });
    const open = run({ type: 'loaded', checkout: checkout({ merchant: coinOff }) });
    expect(open).toMatchObject({ status: 'pending', notice: null, payment: { id: 'pay_1' } });
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
  it('the end of a price lock sets nothing: the server gives the attempt a new price', () => {
    const loaded = run({ type: 'loaded', checkout: checkout() });
    expect(isPriceLock(loaded.checkout!, loaded.payment!)).toBe(true);
    expect(pageReducer(loaded, { type: 'countdownEnded' })).toBe(loaded);
    const neverExpires = run({ type: 'loaded', checkout: checkout({}, { expiresAt: null }) });
    expect(isPriceLock(neverExpires.checkout!, neverExpires.payment!)).toBe(true);
    expect(pageReducer(neverExpires, { type: 'countdownEnded' }).status).toBe('pending');
  });

  it("a converted payment's timer is the exchange's quote: at zero it expires, with Try Again", () => {
    const conversion = {
      provider: 'sideshift',
      providerName: 'SideShift',
      toCurrency: 'USDT',
      toNetwork: 'tron',
      toNetworkName: 'Tron',
    };
    const loaded = run({ type: 'loaded', checkout: checkout({ payment: payment({ conversion }) }) });
    expect(isPriceLock(loaded.checkout!, loaded.payment!)).toBe(false);
    expect(pageReducer(loaded, { type: 'countdownEnded' })).toMatchObject({
      status: 'expired',
      canRetry: true,
    });
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
    [new CheckoutApiError('paused', 403, 'MERCHANT_UNAVAILABLE'), 'createFailed', 'merchantUnavailable'],
    [new CheckoutApiError('maintenance', 503, 'MAINTENANCE'), 'createFailed', 'maintenance'],
    [
      new CheckoutApiError('exchange down', 502, 'CONVERSION_UNAVAILABLE'),
      'createFailed',
      'conversionUnavailable',
    ],
    [new Error('boom'), 'loadFailed', 'loadFailed'],
  ] as const)('%s while %s -> %s', (err, fallback, key) => {
    expect(errorKey(err, fallback)).toBe(key);
  });
});

describe('the server clock', () => {
  it('keeps the offset between the server clock and this device from the reply', () => {
    const s = run({
      type: 'loaded',
      checkout: checkout({ serverTime: iso(0) }),
      receivedAt: NOW - 3000,
    });
    expect(s.clockOffset).toBe(3000);
    // A reply without a device time keeps the offset it had.
    expect(pageReducer(s, { type: 'loaded', checkout: checkout() }).clockOffset).toBe(3000);
  });
});

describe('a new price when the price lock ends', () => {
  const loaded = run({ type: 'loaded', checkout: checkout({}, { expiresAt: null }) });
  const repriced = payment({
    amount: '0.0005',
    amountRemaining: '0.0005',
    expiresAt: iso(1800),
    updatedAt: iso(900),
  });

  it('a price lock is not a deadline: pending with nothing received, ending before the link', () => {
    expect(isPriceLock(checkout(), payment())).toBe(true);
    expect(isPriceLock(checkout({}, { expiresAt: null }), payment())).toBe(true);
    // The lock ends with the link: the link's end is the deadline.
    expect(isPriceLock(checkout({}, { expiresAt: iso(900) }), payment())).toBe(false);
    // Money seen: the price stays, the end is a deadline.
    expect(isPriceLock(checkout(), payment({ amountReceived: '0.0001' }))).toBe(false);
    expect(isPriceLock(checkout(), payment({ status: 'partial', amountReceived: '0.0001' }))).toBe(false);
  });

  it('the checkout read again shows the same attempt at its new amount, with the notice', () => {
    const s = pageReducer(loaded, {
      type: 'refreshed',
      checkout: checkout({ payment: repriced }, { expiresAt: null }),
    });
    expect(s).toMatchObject({
      status: 'pending',
      payment: { id: 'pay_1', amount: '0.0005', expiresAt: iso(1800) },
      priceUpdate: { previous: '0.001' },
      uriStale: false,
    });
    // The same price read again keeps the notice; money arriving ends it.
    const again = pageReducer(s, {
      type: 'refreshed',
      checkout: checkout({ payment: repriced }, { expiresAt: null }),
    });
    expect(again.priceUpdate).toEqual({ previous: '0.001' });
    const paid = pageReducer(again, {
      type: 'update',
      update: { id: 'pay_1', amountReceived: '0.0005', amountRemaining: '0', updatedAt: iso(950) },
    });
    expect(paid.priceUpdate).toBeNull();
  });

  it('a live message with the new amount shows the notice and asks for the new payment URI', () => {
    const s = pageReducer(loaded, {
      type: 'update',
      update: {
        id: 'pay_1',
        amount: '0.0005',
        amountRemaining: '0.0005',
        expiresAt: iso(1800),
        updatedAt: iso(900),
      },
    });
    expect(s).toMatchObject({ priceUpdate: { previous: '0.001' }, uriStale: true });
    const uri = pageReducer(s, {
      type: 'update',
      update: { id: 'pay_1', paymentUri: 'bitcoin:test_bitcoin_abc?amount=0.0005' },
    });
    expect(uri).toMatchObject({
      uriStale: false,
      payment: { paymentUri: 'bitcoin:test_bitcoin_abc?amount=0.0005' },
    });
  });

  it('a late read never reopens an attempt the page has closed; a busy start keeps its own reply', () => {
    const closed = pageReducer(loaded, {
      type: 'update',
      update: { id: 'pay_1', status: 'expired', updatedAt: iso(900) },
    });
    expect(pageReducer(closed, { type: 'refreshed', checkout: checkout({}, { expiresAt: null }) })).toBe(
      closed,
    );
    const starting = pageReducer(closed, { type: 'starting' });
    expect(pageReducer(starting, { type: 'refreshed', checkout: checkout() })).toBe(starting);
  });

  it('when it could not be priced again the attempt ends, and Try Again is offered', () => {
    const s = pageReducer(loaded, {
      type: 'refreshed',
      checkout: checkout(
        { payment: payment({ status: 'expired' }), canStartPayment: true },
        { expiresAt: null },
      ),
    });
    expect(s).toMatchObject({ status: 'expired', canRetry: true, priceUpdate: null, notice: null });
  });
});
