import type { TPaymentDetail } from '@coinlane/core/api/payments';
import type { TTransaction } from '@coinlane/core/api/transactions';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyPaymentUpdate, LIVE_KEYS } from './use-live-payments.ts';

const row = (id: string, over: Partial<TTransaction> = {}): TTransaction => ({
  id,
  txid: null,
  amount: '0.5',
  amountReceived: '0',
  amountConfirmed: '0',
  amountExcess: '0',
  currency: 'ETH',
  usdAmount: '1750.00',
  usdConfirmed: '0.00',
  status: 'pending',
  paymentStatus: 'pending',
  exception: 'none',
  canAccept: false,
  customerEmail: null,
  description: null,
  confirmations: 0,
  requiredConfirmations: 12,
  network: 'ethereum',
  paymentLinkId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  confirmedAt: null,
  forwarder: null,
  amountRefunded: '0',
  refundState: 'none',
  ...over,
});

const payment = (over: Partial<TPaymentDetail>) =>
  ({
    id: 'pay_a',
    status: 'partial',
    exception: 'paid_partial',
    canAccept: false,
    amount: '0.5',
    amountReceived: '0.2',
    amountConfirmed: '0',
    amountExcess: '0',
    usdAmount: '1750.00',
    usdConfirmed: '0.00',
    confirmations: 3,
    requiredConfirmations: 12,
    txHash: 'ab'.repeat(32),
    confirmedAt: null,
    ...over,
  }) as TPaymentDetail;

describe('applyPaymentUpdate', () => {
  it('moves a shown row: confirmations, status (partial reads pending), then confirmed', () => {
    const qc = new QueryClient();
    const key = [...LIVE_KEYS.transactions, 'list', {}, 1];
    qc.setQueryData(key, { data: [row('pay_b'), row('pay_a')], summary: { count: 2 } });
    expect(applyPaymentUpdate(qc, payment({}))).toBe(true);
    const after = qc.getQueryData<{ data: TTransaction[]; summary: unknown }>(key)!;
    expect(after.summary).toEqual({ count: 2 });
    expect(after.data[0]).toEqual(row('pay_b'));
    expect(after.data[1]).toMatchObject({
      status: 'pending',
      paymentStatus: 'partial',
      confirmations: 3,
      amountReceived: '0.2',
      txid: 'ab'.repeat(32),
    });
    applyPaymentUpdate(
      qc,
      payment({
        status: 'confirmed',
        exception: 'none',
        amountReceived: '0.5',
        confirmations: 12,
        confirmedAt: 'x',
      }),
    );
    expect(qc.getQueryData<{ data: TTransaction[] }>(key)!.data[1]).toMatchObject({
      status: 'confirmed',
      confirmations: 12,
      confirmedAt: 'x',
    });
  });

  it('carries late and overpaid money to the row: received, confirmed, excess, and whether it can be accepted', () => {
    const qc = new QueryClient();
    const key = [...LIVE_KEYS.transactions, 'list', {}, 1];
    qc.setQueryData(key, { data: [row('pay_a', { status: 'failed', paymentStatus: 'expired' })] });
    applyPaymentUpdate(
      qc,
      payment({
        status: 'expired',
        exception: 'paid_late',
        canAccept: true,
        amountReceived: '0.6',
        amountConfirmed: '0.6',
        amountExcess: '0.1',
        usdConfirmed: '2100.00',
        confirmations: 12,
      }),
    );
    expect(qc.getQueryData<{ data: TTransaction[] }>(key)!.data[0]).toMatchObject({
      status: 'failed',
      paymentStatus: 'expired',
      exception: 'paid_late',
      canAccept: true,
      amountReceived: '0.6',
      amountConfirmed: '0.6',
      amountExcess: '0.1',
      usdConfirmed: '2100.00',
    });
  });

  it('leaves other caches and unknown payments alone', () => {
    const qc = new QueryClient();
    qc.setQueryData(['other'], { data: [row('pay_a')] });
    qc.setQueryData([...LIVE_KEYS.transactions, 'x'], { data: [row('pay_b')] });
    expect(applyPaymentUpdate(qc, payment({}))).toBe(false);
    expect(qc.getQueryData<{ data: TTransaction[] }>(['other'])!.data[0]).toEqual(row('pay_a'));
  });
});
