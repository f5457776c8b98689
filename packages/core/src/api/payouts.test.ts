import { describe, expect, it } from 'vitest';
import { T } from '../texts.ts';
import {
  bpsToPercent,
  percentToBps,
  ZCreatePayoutRuleRequest,
  ZPayoutHistoryQuery,
  ZUpdatePayoutRuleRequest,
  ZUpdatePayoutSettingsRequest,
} from './payouts.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('slippage as a percentage', () => {
  it('turns basis points into an exact percentage and back', () => {
    for (const [bps, pct] of [
      [10, '0.1'],
      [100, '1'],
      [125, '1.25'],
      [150, '1.5'],
      [500, '5'],
      [5, '0.05'],
    ] as const) {
      expect(bpsToPercent(bps)).toBe(pct);
      expect(percentToBps(pct)).toBe(bps);
    }
  });
  it('refuses what is not a percentage with at most two decimals', () => {
    for (const bad of ['', '-1', '1.255', 'abc', '1e2', '.5']) expect(percentToBps(bad)).toBeNull();
  });
  it('keeps the setting between 10 and 500 basis points', () => {
    const msg = T.payoutSlippageInvalid('0.1', '5');
    expect(ZUpdatePayoutSettingsRequest.safeParse({ maxSlippageBps: 10 }).success).toBe(true);
    expect(ZUpdatePayoutSettingsRequest.safeParse({ maxSlippageBps: 500 }).success).toBe(true);
    for (const bad of [9, 501, 1.5, '100', null])
      expect(firstMessage(ZUpdatePayoutSettingsRequest.safeParse({ maxSlippageBps: bad }))).toBe(msg);
  });
});

describe('rule requests', () => {
  const base = { fromCurrency: 'BTC', toCurrency: 'USDT', walletId: 'wal_1', minAmount: '0.01' };
  it('accepts the form defaults', () => {
    expect(ZCreatePayoutRuleRequest.parse(base)).toEqual(base);
    expect(ZCreatePayoutRuleRequest.parse({ ...base, fromNetwork: '' }).fromNetwork).toBeUndefined();
  });
  it('takes the minimum as an exact decimal string of at most 8 decimals', () => {
    expect(ZCreatePayoutRuleRequest.parse({ ...base, minAmount: ' 0.00000001 ' }).minAmount).toBe(
      '0.00000001',
    );
    expect(ZCreatePayoutRuleRequest.parse({ ...base, minAmount: '0' }).minAmount).toBe('0');
    expect(firstMessage(ZCreatePayoutRuleRequest.safeParse({ ...base, minAmount: '0.000000001' }))).toBe(
      T.payoutMinAmountDecimals(8),
    );
    for (const bad of ['-1', '1e-3', 'abc', '0x1', 0.01])
      expect(firstMessage(ZCreatePayoutRuleRequest.safeParse({ ...base, minAmount: bad }))).toBe(
        T.payoutMinAmountInvalid,
      );
    const { minAmount: _, ...noMin } = base;
    expect(firstMessage(ZCreatePayoutRuleRequest.safeParse(noMin))).toBe(T.payoutMinAmountRequired);
    expect(firstMessage(ZCreatePayoutRuleRequest.safeParse({ ...base, minAmount: ' ' }))).toBe(
      T.payoutMinAmountRequired,
    );
  });
  it('names the lists on a wrong currency and asks for a wallet', () => {
    expect(firstMessage(ZCreatePayoutRuleRequest.safeParse({ ...base, fromCurrency: 'XRP' }))).toMatch(
      /^Choose a currency to convert from: BTC, ETH, USDT/,
    );
    expect(firstMessage(ZCreatePayoutRuleRequest.safeParse({ ...base, toCurrency: 'BTC' }))).toMatch(
      /^Choose a stablecoin to convert to: USDT, USDC, DAI/,
    );
    expect(firstMessage(ZCreatePayoutRuleRequest.safeParse({ ...base, walletId: '' }))).toBe(
      T.payoutWalletRequired,
    );
  });
  it('an update changes enabled, the minimum or both, never nothing', () => {
    expect(ZUpdatePayoutRuleRequest.safeParse({ enabled: false }).success).toBe(true);
    expect(ZUpdatePayoutRuleRequest.safeParse({ minAmount: '2' }).success).toBe(true);
    expect(firstMessage(ZUpdatePayoutRuleRequest.safeParse({}))).toBe(T.payoutRuleUpdateEmpty);
    expect(ZUpdatePayoutRuleRequest.safeParse({ toCurrency: 'USDC' }).success).toBe(false);
  });
});

describe('history query', () => {
  it('treats empty values as no filter and bounds the page', () => {
    expect(ZPayoutHistoryQuery.parse({ status: '', before: '' })).toEqual({ limit: 20 });
    expect(ZPayoutHistoryQuery.parse({ status: 'pending', limit: '5' })).toEqual({
      status: 'pending',
      limit: 5,
    });
    expect(ZPayoutHistoryQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(ZPayoutHistoryQuery.safeParse({ status: 'done' }).success).toBe(false);
  });
});
