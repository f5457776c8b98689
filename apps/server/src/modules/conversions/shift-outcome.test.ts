import { describe, expect, it } from 'vitest';
import type { ProviderShift } from './conversion-provider.ts';
import { shiftFee } from './shift-fee.ts';
import { shiftOutcome } from './shift-outcome.ts';

const shift = (over: Partial<ProviderShift> = {}): ProviderShift => ({
  id: 's1',
  status: 'waiting',
  depositAddress: 'rltc1q...',
  depositAmount: '0.05',
  settleAddress: '0xabc',
  settleAmount: '4.275',
  rate: '85.5',
  refundAddress: 'rltc1qrefund',
  quoteId: 'q1',
  expiresAt: new Date(),
  depositHash: null,
  settleHash: null,
  averageShiftSeconds: 44.5,
  issue: null,
  deposits: [],
  ...over,
});

describe("what the exchange's status means for the payout", () => {
  it.each([
    ['waiting', 'under_way'],
    ['pending', 'under_way'],
    ['processing', 'under_way'],
    ['review', 'under_way'],
    ['settling', 'under_way'],
    ['settled', 'settled'],
    ['refund', 'refunded'],
    ['refunding', 'refunded'],
    ['refunded', 'refunded'],
    ['expired', 'expired'],
  ])('%s -> %s', (status, kind) => {
    expect(shiftOutcome(shift({ status })).kind).toBe(kind);
  });

  it('a refund is final only once refunded', () => {
    expect(shiftOutcome(shift({ status: 'refund' }))).toMatchObject({ kind: 'refunded', final: false });
    expect(shiftOutcome(shift({ status: 'refunded' }))).toMatchObject({ kind: 'refunded', final: true });
  });

  it('several deposits to a fixed shift: the first one decides, with its own hashes and amount', () => {
    const multiple = shift({
      status: 'multiple',
      deposits: [
        {
          status: 'settled',
          depositHash: 'd1',
          settleHash: '0xs1',
          depositAmount: '0.05',
          settleAmount: '4.2',
        },
        {
          status: 'refunded',
          depositHash: 'd2',
          settleHash: null,
          depositAmount: '0.01',
          settleAmount: null,
        },
      ],
    });
    expect(shiftOutcome(multiple)).toEqual({
      kind: 'settled',
      settleHash: '0xs1',
      settleAmount: '4.2',
      depositHash: 'd1',
    });
  });
});

describe('the fee of a settled shift', () => {
  it("is the exchange's spread against the payment's USD value, for a dollar stablecoin", () => {
    expect(
      shiftFee({
        usdAmount: '4.40',
        settleAmount: '4.275',
        settleCurrency: 'USDT',
        rate: '85.5',
        provider: 'sideshift',
      }),
    ).toMatchObject({ fee: '0.125', feeCurrency: 'USDT', feeDetails: { method: 'spread_vs_market' } });
    // never below zero (the exchange gave more than the market rate)
    expect(
      shiftFee({
        usdAmount: '4.00',
        settleAmount: '4.275',
        settleCurrency: 'USDC',
        rate: '85.5',
        provider: 'sideshift',
      }).fee,
    ).toBe('0');
  });

  it('is not derived without a USD value or for EURC: the details say what the exchange reported', () => {
    for (const f of [
      shiftFee({
        usdAmount: null,
        settleAmount: '4.275',
        settleCurrency: 'USDT',
        rate: '85.5',
        provider: 'sideshift',
      }),
      shiftFee({
        usdAmount: '4.40',
        settleAmount: '3.9',
        settleCurrency: 'EURC',
        rate: '78',
        provider: 'sideshift',
      }),
    ]) {
      expect(f).toMatchObject({ fee: null, feeCurrency: null, feeDetails: { method: 'provider_rate' } });
    }
  });
});
