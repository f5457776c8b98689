import type { TFlushTransaction } from '@coinlane/core/api/payments';
import type { TTransaction } from '@coinlane/core/api/transactions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import { ForwarderFunds } from './forwarder-funds.tsx';

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
  id: 'pay_fwd',
  txid: null,
  amount: '25',
  amountReceived: '25',
  amountConfirmed: '25',
  amountExcess: '0',
  currency: 'USDC',
  usdAmount: '25.00',
  usdConfirmed: '25.00',
  status: 'confirmed',
  paymentStatus: 'confirmed',
  exception: 'none',
  canAccept: false,
  customerEmail: null,
  description: null,
  confirmations: 12,
  requiredConfirmations: 12,
  network: 'ethereum',
  paymentLinkId: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  confirmedAt: '2026-11-24T10:03:00.000Z',
  forwarder: { flushedAt: null, flushTx: null },
  amountRefunded: '0',
  refundState: 'none',
  ...over,
});
const FLUSH: TFlushTransaction = {
  to: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  data: '0xdeadbeef',
  chainId: 31337,
  value: '0',
  gas: '466505',
  depositAddress: '0x61815fE79aDB774F0CfB7927aB824fA5d3102CdC',
  merchantAddress: '0xE642D6Bba4eE9d1F116fa108D59fb6a3C552Af00',
};

const show = (t: TTransaction) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ForwarderFunds tx={t} />
    </QueryClientProvider>,
  );

describe('ForwarderFunds', () => {
  it('shows nothing for payments not paid to a forwarder, or with nothing received', () => {
    show(tx({ forwarder: null }));
    show(tx({ status: 'pending', paymentStatus: 'pending', amountReceived: '0' }));
    expect(screen.queryByTestId('forwarder-funds')).toBeNull();
  });

  it('money on a payment that is not confirmed waits for the merchant to move it', () => {
    show(tx({ status: 'failed', paymentStatus: 'expired', exception: 'paid_partial', amountReceived: '10' }));
    expect(screen.getByText(locales.en.forwarder.waitingManual)).toBeTruthy();
    expect(screen.getByRole('button', { name: locales.en.forwarder.moveNow })).toBeTruthy();
  });

  it('says a flushed payment was moved, with its transaction, and still offers to move later money', () => {
    show(tx({ forwarder: { flushedAt: '2026-11-24T10:05:00.000Z', flushTx: `0x${'ab'.repeat(32)}` } }));
    expect(screen.getByText(locales.en.forwarder.moved)).toBeTruthy();
    expect(screen.getByTitle(`0x${'ab'.repeat(32)}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: locales.en.forwarder.moveNow })).toBeTruthy();
  });

  it('"Move now" shows the flush call of the payment, to send from any wallet', async () => {
    const fetch = vi.fn(
      async (_url: string) => new Response(JSON.stringify({ success: true, data: FLUSH, error: null })),
    );
    vi.stubGlobal('fetch', fetch);
    show(tx());
    fireEvent.click(screen.getByRole('button', { name: locales.en.forwarder.moveNow }));
    await waitFor(() => expect(screen.getByTestId('flush-transaction')).toBeTruthy());
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/payments/pay_fwd/flush-transaction');
    expect(screen.getByText(FLUSH.merchantAddress)).toBeTruthy();
    expect(screen.getByText(FLUSH.to)).toBeTruthy();
    expect(screen.getByText(FLUSH.data)).toBeTruthy();
    expect(screen.getByText('31337')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Data' })).toBeTruthy();
    // no browser wallet in this page: no button to send with one
    expect(screen.queryByRole('button', { name: locales.en.forwarder.sendWithWallet })).toBeNull();
  });

  it('shows the reason when the flush call is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ success: false, data: null, error: { message: 'Flushing is off', code: 'X' } }),
            { status: 409 },
          ),
      ),
    );
    show(tx());
    fireEvent.click(screen.getByRole('button', { name: locales.en.forwarder.moveNow }));
    await waitFor(() => expect(screen.getByText('Flushing is off')).toBeTruthy());
  });
});
